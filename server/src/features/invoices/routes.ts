import type { FastifyInstance } from 'fastify';
import { invoicesApi } from '@lintel/contracts';
import { ok, okPage, route, sendFile } from '../../lib/http.ts';
import * as documents from './documents.ts';
import * as service from './service.ts';

export async function invoiceRoutes(app: FastifyInstance) {
  route(app, invoicesApi.list, async (req) =>
    okPage(await service.listInvoices(req.ctx, req.query), req.query),
  );
  route(app, invoicesApi.create, async (req) => ok(await service.createInvoice(req.ctx, req.body)));
  route(app, invoicesApi.get, async (req) => ok(await service.getInvoice(req.ctx, req.params.id)));
  route(app, invoicesApi.update, async (req) =>
    ok(await service.updateInvoice(req.ctx, req.params.id, req.body)),
  );
  route(app, invoicesApi.issue, async (req) => ok(await service.issueInvoice(req.ctx, req.params.id)));
  route(app, invoicesApi.void, async (req) =>
    ok(await service.voidInvoice(req.ctx, req.params.id, req.body.reason, req.body.reissue ?? false)),
  );
  route(app, invoicesApi.markPaid, async (req) =>
    ok(await service.markInvoicePaid(req.ctx, req.params.id, req.body)),
  );
  route(app, invoicesApi.pdf, async (req, reply) =>
    sendFile(reply, await documents.invoicePdf(req.ctx, req.params.id)),
  );
}
