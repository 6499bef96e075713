import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TOO_LARGE,
  ATTACHMENT_TYPES,
  ATTACHMENT_WRONG_TYPE,
  maintenanceApi,
} from '@lintel/contracts';
import { AppError } from '../../lib/errors.ts';
import { ok, okPage, readUploadedFile, route, sendFile } from '../../lib/http.ts';
import * as service from './service.ts';

const allowedTypes = new Set<string>(ATTACHMENT_TYPES);

export async function maintenanceRoutes(app: FastifyInstance) {
  // Registered here only: no other route accepts multipart bodies.
  await app.register(multipart, { limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 0 } });

  route(app, maintenanceApi.list, async (req) =>
    okPage(await service.listRequests(req.ctx, req.query), req.query),
  );
  route(app, maintenanceApi.create, async (req) => ok(await service.createRequest(req.ctx, req.body)));
  route(app, maintenanceApi.get, async (req) => ok(await service.getRequest(req.ctx, req.params.id)));
  route(app, maintenanceApi.update, async (req) =>
    ok(await service.updateRequest(req.ctx, req.params.id, req.body)),
  );
  route(app, maintenanceApi.transition, async (req) =>
    ok(await service.transitionRequest(req.ctx, req.params.id, req.body)),
  );
  route(app, maintenanceApi.ownerApproval, async (req) =>
    ok(await service.decideOwnerApproval(req.ctx, req.params.id, req.body)),
  );
  route(app, maintenanceApi.upload, async (req) => {
    await service.assertMayAttach(req.ctx, req.params.id);
    const { data, fileName: sentName } = await readUploadedFile(req, {
      choose: 'Choose a file to attach.',
      tooLarge: ATTACHMENT_TOO_LARGE,
    });
    // The name and the browser's type are the sender's word; the bytes decide.
    const detected = await fileTypeFromBuffer(data);
    if (!detected || !allowedTypes.has(detected.mime)) {
      throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', ATTACHMENT_WRONG_TYPE);
    }
    const fileName = sentName || `attachment.${detected.ext}`;
    return ok(
      await service.addAttachment(req.ctx, req.params.id, { fileName, contentType: detected.mime, data }),
    );
  });
  route(app, maintenanceApi.attachment, async (req, reply) => {
    const file = await service.getAttachment(req.ctx, req.params.id, req.params.attachmentId);
    reply.header('x-content-type-options', 'nosniff');
    return sendFile(reply, { body: file.data, contentType: file.contentType, filename: file.fileName });
  });
}
