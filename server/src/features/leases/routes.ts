import type { FastifyInstance } from 'fastify';
import { leasesApi } from '@lintel/contracts';
import { ok, okPage, route } from '../../lib/http.ts';
import { activateLease, terminateLease } from './lease-lifecycle.ts';
import { createLease, getLease, listEndingLeases, listLeases, updateLease } from './lease-records.ts';
import { renewLease } from './renew-lease.ts';

export async function leaseRoutes(app: FastifyInstance) {
  route(app, leasesApi.list, async (req) => okPage(await listLeases(req.ctx, req.query), req.query));
  route(app, leasesApi.ending, async (req) => ok(await listEndingLeases(req.ctx, req.query)));
  route(app, leasesApi.create, async (req) => ok(await createLease(req.ctx, req.body)));
  route(app, leasesApi.get, async (req) => ok(await getLease(req.ctx, req.params.id)));
  route(app, leasesApi.update, async (req) => ok(await updateLease(req.ctx, req.params.id, req.body)));
  route(app, leasesApi.activate, async (req) => ok(await activateLease(req.ctx, req.params.id)));
  route(app, leasesApi.terminate, async (req) => ok(await terminateLease(req.ctx, req.params.id, req.body)));
  route(app, leasesApi.renew, async (req) => ok(await renewLease(req.ctx, req.params.id, req.body)));
}
