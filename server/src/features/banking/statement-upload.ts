import type { FastifyRequest } from 'fastify';
import { STATEMENT_MAX_BYTES } from '@lintel/contracts';
import { AppError, badRequest } from '../../lib/errors.ts';

export interface StatementUpload {
  data: Buffer;
  fileName: string;
  /** The `mapping` field as sent (JSON text), for CSV. */
  mapping: string | undefined;
}

const TOO_LARGE = `The statement file is larger than ${STATEMENT_MAX_BYTES / 1024 / 1024} MB. Download a shorter period from the bank and import each part.`;

/**
 * The statement file and its fields from a multipart upload, in whatever order the form sent
 * them, within the limits the banking routes registered @fastify/multipart with: a file over the
 * size limit is 413 (as data-sync's upload), a body that is not well-formed multipart is 400.
 */
export async function readStatementUpload(req: FastifyRequest): Promise<StatementUpload> {
  if (!req.isMultipart()) {
    throw badRequest('NO_FILE', 'Send the statement as multipart/form-data, the file in the field "file".');
  }
  let file: { data: Buffer; fileName: string } | undefined;
  let mapping: string | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        // Each file part must be read to the end before the next part arrives.
        const data = await part.toBuffer();
        file ??= { data, fileName: part.filename.trim().slice(0, 200) };
      } else if (part.fieldname === 'mapping') {
        mapping = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'FILE_TOO_LARGE', TOO_LARGE);
    if (code === 'FST_FILES_LIMIT')
      throw new AppError(413, 'TOO_MANY_FILES', 'Send one statement file at a time.');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError(413, 'TOO_MANY_FIELDS', 'Send the statement file and its column mapping only.');
    }
    if (statusCode && statusCode < 500) throw error;
    throw badRequest('BAD_UPLOAD', 'The upload could not be read. Choose the file and send it again.');
  }
  if (!file) throw badRequest('NO_FILE', 'Choose a statement file to import.');
  return { ...file, mapping };
}
