import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { dataSyncApi, IMPORT_MAX_BYTES } from '@lintel/contracts';
import { ok, readUploadedFile, route, sendFile } from '../../lib/http.ts';
import * as service from './service.ts';

const TOO_LARGE = `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files and import each.`;

export async function dataSyncRoutes(app: FastifyInstance) {
  // Registered here only: the import takes one CSV file, nothing else.
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 0 } });

  route(app, dataSyncApi.template, async (req, reply) =>
    sendFile(reply, service.template(req.ctx, req.params.kind)),
  );
  route(app, dataSyncApi.import, async (req) => {
    service.assertMayImport(req.ctx);
    const upload = await readUploadedFile(req, {
      choose: 'Choose a CSV file to import.',
      tooLarge: TOO_LARGE,
    });
    const fileName = upload.fileName || `${req.params.kind}.csv`;
    return ok(
      await service.importFile(req.ctx, req.params.kind, { data: upload.data, fileName }, req.query.dryRun),
    );
  });
  route(app, dataSyncApi.export, async (req, reply) => sendFile(reply, await service.exportCompany(req.ctx)));
}
