import type { FastifyInstance } from 'fastify';
import { dashboardApi } from '@lintel/contracts';
import { ok, route } from '../../lib/http.ts';
import { getDashboard } from './service.ts';

export async function dashboardRoutes(app: FastifyInstance) {
  route(app, dashboardApi.get, async (req) => ok(await getDashboard(req.ctx, req.params.role, req.query)));
}
