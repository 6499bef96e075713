import type { FastifyInstance } from 'fastify';
import { ownersApi } from '@lintel/contracts';
import { okPage, route } from '../../lib/http.ts';
import * as service from './service.ts';

export async function ownerRoutes(app: FastifyInstance) {
  route(app, ownersApi.list, async (req) => okPage(await service.listOwners(req.ctx, req.query), req.query));
}
