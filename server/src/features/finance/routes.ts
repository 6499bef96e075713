import type { FastifyInstance } from 'fastify';
import { financeApi } from '@lintel/contracts';
import { ok, route } from '../../lib/http.ts';
import * as service from './service.ts';

export async function financeRoutes(app: FastifyInstance) {
  route(app, financeApi.get, async (req) => ok(await service.getFinanceSettings(req.ctx)));
  route(app, financeApi.update, async (req) => ok(await service.updateFinanceSettings(req.ctx, req.body)));
}
