import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notificationsApi } from '@lintel/contracts';
import { ok, route } from '../../lib/http.ts';
import * as service from './service.ts';
import { NotificationHub } from './stream.ts';

const SEQ = /^\d{1,15}$/;

/** EventSource resends the last id it saw in the Last-Event-ID header; a new one can only use the query. */
function lastEventIdOf(req: FastifyRequest, fromQuery: number | undefined): number | undefined {
  const header = req.headers['last-event-id'];
  if (typeof header === 'string' && SEQ.test(header.trim())) return Number(header.trim());
  return fromQuery;
}

export async function notificationRoutes(app: FastifyInstance) {
  // One listener per instance, whatever the number of open streams.
  const hub = new NotificationHub(app.database, app.log);
  await hub.start();
  // Open streams never finish by themselves: end them first, so closing (SIGTERM) is quick.
  app.addHook('preClose', async () => hub.stop());

  route(app, notificationsApi.list, async (req) => ok(await service.listNotifications(req.ctx, req.query)));
  route(app, notificationsApi.stream, async (req, reply) => {
    reply.hijack();
    // Hijacked replies skip Fastify's hooks: carry over the headers they set (CORS, helmet).
    reply.raw.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': req.id,
    });
    await hub.open(
      { companyId: req.ctx.companyId, userId: req.ctx.userId },
      reply.raw,
      lastEventIdOf(req, req.query.lastEventId),
    );
    return reply;
  });
}
