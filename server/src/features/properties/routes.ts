import type { FastifyInstance } from 'fastify';
import { propertiesApi } from '@lintel/contracts';
import { ok, okPage, route } from '../../lib/http.ts';
import * as service from './service.ts';

const listed = (list: service.PropertyList) => okPage(list, list.paging);

export async function propertyRoutes(app: FastifyInstance) {
  route(app, propertiesApi.list, async (req) => listed(await service.listProperties(req.ctx, req.query)));
  route(app, propertiesApi.listPublicFiltered, async (req) =>
    listed(await service.listPublicFiltered(req.ctx, req.query)),
  );
  route(app, propertiesApi.create, async (req) => ok(await service.createProperty(req.ctx, req.body)));
  route(app, propertiesApi.createPublic, async (req) => {
    service.assertClaimsMatch(req.ctx, req.query);
    return ok(await service.createProperty(req.ctx, req.body));
  });
  route(app, propertiesApi.get, async (req) => ok(await service.getProperty(req.ctx, req.params.id)));
  route(app, propertiesApi.update, async (req) =>
    ok(await service.updateProperty(req.ctx, req.params.id, req.body)),
  );
  route(app, propertiesApi.remove, async (req) => ok(await service.deleteProperty(req.ctx, req.params.id)));
  route(app, propertiesApi.listByOwner, async (req) =>
    listed(await service.listOwnerProperties(req.ctx, req.params.ownerId, req.query)),
  );
  route(app, propertiesApi.transfer, async (req) =>
    ok(await service.transferProperty(req.ctx, req.params.id, req.body)),
  );
}
