import type { FastifyInstance } from 'fastify';
import { companiesApi } from '@lintel/contracts';
import { ok, route } from '../../lib/http.ts';
import { getCompany, getCurrentCompany, updateCompany } from './service.ts';

export async function companyRoutes(app: FastifyInstance) {
  route(app, companiesApi.current, async (req) => ok(await getCurrentCompany(req.ctx)));
  route(app, companiesApi.get, async (req) => ok(await getCompany(req.ctx, req.params.id)));
  route(app, companiesApi.update, async (req) => ok(await updateCompany(req.ctx, req.params.id, req.body)));
}
