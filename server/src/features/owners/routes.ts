import type { FastifyInstance } from 'fastify';
import { ownersApi } from '@lintel/contracts';
import { ok, okPage, route } from '../../lib/http.ts';
import * as service from './service.ts';

export async function ownerRoutes(app: FastifyInstance) {
  route(app, ownersApi.list, async (req) => okPage(await service.listOwners(req.ctx, req.query), req.query));
  route(app, ownersApi.create, async (req) => ok(await service.createOwner(req.ctx, req.body)));
  route(app, ownersApi.get, async (req) => ok(await service.getOwner(req.ctx, req.params.id)));
  route(app, ownersApi.update, async (req) =>
    ok(await service.updateOwner(req.ctx, req.params.id, req.body)),
  );
  route(app, ownersApi.remove, async (req) => ok(await service.deleteOwner(req.ctx, req.params.id)));
}
