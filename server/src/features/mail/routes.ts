import type { FastifyInstance } from 'fastify';
import { mailApi } from '@lintel/contracts';
import { ok, okPage, route } from '../../lib/http.ts';
import {
  getMail,
  listMail,
  mailDelivery,
  optOut,
  optOutDetails,
  resendMail,
  type MailSettings,
} from './service.ts';

export async function mailRoutes(app: FastifyInstance, settings: MailSettings) {
  route(app, mailApi.delivery, async (req) => ok(mailDelivery(req.ctx, settings)));
  route(app, mailApi.list, async (req) => okPage(await listMail(req.ctx, req.query), req.query));
  route(app, mailApi.get, async (req) => ok(await getMail(req.ctx, req.params.id, settings)));
  route(app, mailApi.optOutDetails, async (req) =>
    ok(await optOutDetails(app.database.db, settings.links.signingSecret, req.query.token)),
  );
  route(app, mailApi.optOut, async (req) =>
    ok(await optOut(app.database.db, settings.links.signingSecret, req.body.token)),
  );
  route(app, mailApi.resend, async (req) => ok(await resendMail(req.ctx, req.params.id)));
}
