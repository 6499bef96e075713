import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ErrorBody, type Call, type PageMeta } from '@lintel/contracts';
import { AppError, badRequest } from './errors.ts';

type In<T extends z.ZodType> = z.output<T>;

export type ContractRequest<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = FastifyRequest<{
  Params: In<P>;
  Querystring: In<Q>;
  Body: In<B>;
}>;

/** Registers a contract as a route: its method, path, schemas, status and OpenAPI entry. */
export function route<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  contract: Call<P, Q, B, R>,
  /** Returns the envelope, or the reply itself once it has sent a file. */
  handler: (req: ContractRequest<P, Q, B>, reply: FastifyReply) => Promise<z.input<R> | FastifyReply>,
): void {
  app.route({
    method: contract.method,
    url: contract.path,
    config: { access: contract.access, noCompanyStatus: contract.noCompanyStatus },
    schema: {
      summary: contract.summary,
      tags: [contract.tag],
      ...(contract.access === 'public' ? {} : { security: [{ bearer: [] }, { cookie: [] }] }),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.produces
        ? { produces: [...new Set(['application/json', contract.produces].flat())] }
        : {}),
      response: { [contract.status]: contract.reply, '4xx': ErrorBody, '5xx': ErrorBody },
    },
    handler: async (req, reply) => {
      const result = await handler(req as ContractRequest<P, Q, B>, reply);
      if (result === reply) return reply;
      reply.status(contract.status);
      return result;
    },
  });
}

export const ok = <T>(data: T) => ({ status: 'success' as const, data });

export const okPage = <T>(
  page: { items: T[]; total: number; totalIsLowerBound?: boolean },
  query: { page: number; pageSize: number },
) => ({
  status: 'success' as const,
  data: page.items,
  meta: {
    page: query.page,
    pageSize: query.pageSize,
    total: page.total,
    ...(page.totalIsLowerBound && { totalIsLowerBound: true as const }),
  } satisfies PageMeta,
});

export const toIso = (value: Date | null) => (value ? value.toISOString() : null);

/** A file answer (CSV, PDF): sent as it is, never through the JSON serializer. */
export interface FileReply {
  body: string | Buffer;
  contentType: string;
  filename: string;
}

export function sendFile(reply: FastifyReply, file: FileReply) {
  const safeName = file.filename.replace(/[^A-Za-z0-9._-]/g, '_');
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${safeName}"`)
    .send(file.body);
}

/**
 * The one file of a multipart upload, read whole, within the limits the route registered
 * @fastify/multipart with. A body that is not well-formed multipart is the sender's mistake: 400.
 */
export async function readUploadedFile(
  req: FastifyRequest,
  texts: { choose: string; tooLarge: string },
): Promise<{ data: Buffer; fileName: string }> {
  if (!req.isMultipart()) throw badRequest('NO_FILE', 'Send the file as multipart/form-data.');
  try {
    const part = await req.file({ throwFileSizeLimit: false });
    if (!part) throw badRequest('NO_FILE', texts.choose);
    const data = await part.toBuffer();
    if (part.file.truncated) throw new AppError(413, 'FILE_TOO_LARGE', texts.tooLarge);
    return { data, fileName: part.filename.trim().slice(0, 200) };
  } catch (error) {
    if (error instanceof AppError || (error as { statusCode?: unknown }).statusCode) throw error;
    throw badRequest('BAD_UPLOAD', 'The upload could not be read. Choose the file and send it again.');
  }
}
