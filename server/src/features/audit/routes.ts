import type { FastifyInstance } from 'fastify';
import { auditApi } from '@lintel/contracts';
import { ok, okPage, route } from '../../lib/http.ts';
import * as service from './service.ts';

export async function auditRoutes(app: FastifyInstance) {
  route(app, auditApi.list, async (req) => okPage(await service.listAuditLog(req.ctx, req.query), req.query));
  route(app, auditApi.facets, async (req) => ok(await service.getAuditFacets(req.ctx)));
}
