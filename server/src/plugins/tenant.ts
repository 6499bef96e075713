import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NO_COMPANY_MESSAGE, type Call } from '@lintel/contracts';
import type { Ctx } from '../db/scope.ts';
import { ACCESS_COOKIE, verifyAccessToken, type Identity } from '../features/auth/index.ts';
import { startSessionStates } from '../features/sessions/index.ts';
import { AppError, unauthorized } from '../lib/errors.ts';
import { assertXsrf } from './security.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is acting for which company; set for every route whose contract needs a session. */
    ctx: Ctx;
    /** The verified token's identity, company or not; set for 'session' and 'account' routes. */
    identity: Identity;
  }
  interface FastifyContextConfig {
    access?: Call['access'];
    noCompanyStatus?: Call['noCompanyStatus'];
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
  app.decorateRequest('identity', null as unknown as Identity);
  const sessionStates = await startSessionStates(app.database);
  app.addHook('preClose', () => sessionStates.stop());
  app.addHook('onRequest', async (req) => {
    const { access, noCompanyStatus } = req.routeOptions.config;
    if (access !== 'session' && access !== 'account') return;
    const identity = await identify(req, app.signingSecret);
    // Deactivation, role and password changes bump the user's token version: older tokens end
    // here, before their 15 minutes are up. Read by user id alone, outside any company scope.
    if (!(await sessionStates.allows(identity.userId, identity.tokenVersion))) {
      throw unauthorized(SESSION_ENDED);
    }
    req.identity = identity;
    if (!identity.companyId) {
      if (access === 'account') return;
      // Neither 401 nor 403: SPEC's client refreshes on the one and clears the session on the other.
      throw new AppError(noCompanyStatus ?? 409, 'NO_COMPANY', NO_COMPANY_MESSAGE);
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
