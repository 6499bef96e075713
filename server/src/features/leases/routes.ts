import type { FastifyInstance } from 'fastify';
import { leasesApi } from '@lintel/contracts';
import { ok, okPage, route } from '../../lib/http.ts';
import * as service from './service.ts';

export async function leaseRoutes(app: FastifyInstance) {
  route(app, leasesApi.list, async (req) => okPage(await service.listLeases(req.ctx, req.query), req.query));
  route(app, leasesApi.ending, async (req) => ok(await service.listEndingLeases(req.ctx, req.query)));
  route(app, leasesApi.create, async (req) => ok(await service.createLease(req.ctx, req.body)));
  route(app, leasesApi.get, async (req) => ok(await service.getLease(req.ctx, req.params.id)));
  route(app, leasesApi.update, async (req) =>
    ok(await service.updateLease(req.ctx, req.params.id, req.body)),
  );
  route(app, leasesApi.activate, async (req) => ok(await service.activateLease(req.ctx, req.params.id)));
  route(app, leasesApi.terminate, async (req) =>
    ok(await service.terminateLease(req.ctx, req.params.id, req.body)),
  );
  route(app, leasesApi.renew, async (req) => ok(await service.renewLease(req.ctx, req.params.id, req.body)));
}
