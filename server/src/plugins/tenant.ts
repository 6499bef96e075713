import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Ctx } from '../db/scope.ts';
import {
  ACCESS_COOKIE,
  startSessionStates,
  verifyAccessToken,
  type Identity,
} from '../features/auth/index.ts';
import { unauthorized } from '../lib/errors.ts';
import { assertXsrf } from './security.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is acting for which company; set for every route whose contract needs a session. */
    ctx: Ctx;
  }
  interface FastifyContextConfig {
    access?: 'public' | 'session';
  }
}

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

async function identify(req: FastifyRequest, secret: Uint8Array): Promise<Identity> {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const identity = await verifyAccessToken(header.slice(7).trim(), secret);
    if (!identity) throw unauthorized('Your session has expired. Please sign in again.');
    return identity;
  }
  const cookieToken = req.cookies[ACCESS_COOKIE];
  if (cookieToken) {
    const identity = await verifyAccessToken(cookieToken, secret);
    if (!identity) throw unauthorized('Your session has expired. Please sign in again.');
    assertXsrf(req);
    return identity;
  }
  throw unauthorized();
}

/** The only place the company comes from: the verified access token, never the request body. */
export const tenantPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('ctx', null as unknown as Ctx);
  const sessionStates = await startSessionStates(app.database);
  app.addHook('preClose', () => sessionStates.stop());
  app.addHook('onRequest', async (req) => {
    if (req.routeOptions.config.access !== 'session') return;
    const identity = await identify(req, app.signingSecret);
    // Deactivation, role and password changes bump the user's token version: older tokens end
    // here, before their 15 minutes are up. Read by user id alone, outside any company scope.
    if (!(await sessionStates.allows(identity.userId, identity.tokenVersion))) {
      throw unauthorized(SESSION_ENDED);
    }
    req.ctx = {
      db: app.database.db,
      companyId: identity.companyId,
      userId: identity.userId,
      role: identity.role,
      requestId: String(req.id),
    };
  });
});
