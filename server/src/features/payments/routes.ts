import type { FastifyInstance } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, paymentsApi } from '@lintel/contracts';
import { ok, okPage, route, sendFile } from '../../lib/http.ts';
import * as documents from './documents.ts';
import { getPayment, listPayments } from './read-payments.ts';
import { recordPayment } from './record-payment.ts';
import { reversePayment } from './reverse-payment.ts';

export async function paymentRoutes(app: FastifyInstance) {
  route(app, paymentsApi.list, async (req) => okPage(await listPayments(req.ctx, req.query), req.query));
  route(app, paymentsApi.exportCsv, async (req, reply) =>
    sendFile(reply, await documents.paymentsCsv(req.ctx, req.query)),
  );
  route(app, paymentsApi.create, async (req) => {
    const key = req.headers[IDEMPOTENCY_KEY_HEADER];
    return ok(await recordPayment(req.ctx, req.body, Array.isArray(key) ? key[0] : key));
  });
  route(app, paymentsApi.get, async (req) => ok(await getPayment(req.ctx, req.params.id)));
  route(app, paymentsApi.receipt, async (req, reply) =>
    sendFile(reply, await documents.receiptPdf(req.ctx, req.params.id)),
  );
  route(app, paymentsApi.reverse, async (req) =>
    ok(await reversePayment(req.ctx, req.params.id, req.body.reason)),
  );
}
