import type { FastifyInstance } from 'fastify';
import { leviesApi } from '@lintel/contracts';
import { ok, okPage, route } from '../../lib/http.ts';
import * as service from './service.ts';

export async function levyRoutes(app: FastifyInstance) {
  route(app, leviesApi.list, async (req) =>
    okPage(await service.listSchedules(req.ctx, req.query), req.query),
  );
  route(app, leviesApi.create, async (req) => ok(await service.createSchedule(req.ctx, req.body)));
  route(app, leviesApi.due, async (req) => ok(await service.listDueLevies(req.ctx, req.query)));
  route(app, leviesApi.pay, async (req) => ok(await service.payLevies(req.ctx, req.body)));
  route(app, leviesApi.generate, async (req) => ok(await service.generateLevyCharges(req.ctx)));
  route(app, leviesApi.get, async (req) => ok(await service.getSchedule(req.ctx, req.params.id)));
  route(app, leviesApi.update, async (req) =>
    ok(await service.updateSchedule(req.ctx, req.params.id, req.body)),
  );
}
