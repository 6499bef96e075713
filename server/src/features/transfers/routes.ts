import type { FastifyInstance } from 'fastify';
import { transfersApi } from '@lintel/contracts';
import { ok, okPage, route } from '../../lib/http.ts';
import * as service from './service.ts';

export async function transferRoutes(app: FastifyInstance) {
  route(app, transfersApi.create, async (req) => ok(await service.createTransfers(req.ctx, req.body)));
  route(app, transfersApi.list, async (req) =>
    okPage(await service.listTransfers(req.ctx, req.query), req.query),
  );
  route(app, transfersApi.dueToAgency, async (req) => ok(await service.getDueToAgency(req.ctx)));
}
