import type { FastifyInstance } from 'fastify';
import { tenantsApi } from '@lintel/contracts';
import { ok, okPage, route } from '../../lib/http.ts';
import * as service from './service.ts';

export async function tenantRoutes(app: FastifyInstance) {
  route(app, tenantsApi.list, async (req) =>
    okPage(await service.listTenants(req.ctx, req.query), req.query),
  );
  route(app, tenantsApi.create, async (req) => ok(await service.createTenant(req.ctx, req.body)));
  route(app, tenantsApi.get, async (req) => ok(await service.getTenant(req.ctx, req.params.id)));
  route(app, tenantsApi.update, async (req) =>
    ok(await service.updateTenant(req.ctx, req.params.id, req.body)),
  );
  route(app, tenantsApi.remove, async (req) => ok(await service.deleteTenant(req.ctx, req.params.id)));
}
