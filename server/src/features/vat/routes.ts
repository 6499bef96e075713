import type { FastifyInstance } from 'fastify';
import { vatApi } from '@lintel/contracts';
import { ok, route } from '../../lib/http.ts';
import { listVatRates } from '../finance/index.ts';
import * as service from './service.ts';

export async function vatRoutes(app: FastifyInstance) {
  route(app, vatApi.report, async (req) => ok(await service.vatReport(req.ctx, req.query)));
  route(app, vatApi.pay, async (req) => ok(await service.recordVatPayment(req.ctx, req.body)));
  route(app, vatApi.rates, async (req) => ok(await listVatRates(req.ctx)));
}
