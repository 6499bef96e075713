import type { FastifyInstance } from 'fastify';
import { authApi, meApi } from '@lintel/contracts';
import { route } from '../../lib/http.ts';
import { unauthorized } from '../../lib/errors.ts';
import { assertXsrf } from '../../plugins/security.ts';
import { ACCESS_COOKIE, clearSessionCookies, REFRESH_COOKIE, setSessionCookies } from './cookies.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { verifyAccessToken } from './tokens.ts';
import {
  acceptInvitation,
  changePassword,
  createCompanyForUser,
  login,
  logout,
  refresh,
  signedInUser,
  signup,
  type AuthDeps,
} from './service.ts';

export async function authRoutes(
  app: FastifyInstance,
  options: { cookieSecure: boolean; signupsPerAddress: number },
) {
  const deps: AuthDeps = {
    db: app.database.db,
    secret: app.signingSecret,
    signupsPerAddress: options.signupsPerAddress,
  };
  const secure = options.cookieSecure;

  route(app, authApi.login, async (req, reply) => {
    const session = await login(deps, req.body, { ip: req.ip, requestId: String(req.id) });
    setSessionCookies(reply, session, secure);
    return session;
  });

  route(app, authApi.signup, async (req, reply) => {
    const session = await signup(deps, req.body, { ip: req.ip, requestId: String(req.id) });
    setSessionCookies(reply, session, secure);
    return session;
  });

  route(app, authApi.forgotPassword, async (req) =>
    requestPasswordReset(deps.db, req.body.email, { ip: req.ip }),
  );

  route(app, authApi.resetPassword, async (req) =>
    resetPassword(deps.db, req.body, { requestId: String(req.id) }),
  );

  route(app, authApi.createCompany, async (req, reply) => {
    const session = await createCompanyForUser(deps, req.identity, req.body, { requestId: String(req.id) });
    setSessionCookies(reply, session, secure);
    return session;
  });

  route(app, authApi.acceptInvitation, async (req, reply) => {
    const session = await acceptInvitation(deps, req.identity, req.body.code, { requestId: String(req.id) });
    setSessionCookies(reply, session, secure);
    return session;
  });

  route(app, authApi.me, async (req) => ({
    status: 'success' as const,
    user: await signedInUser(deps, req.identity),
  }));

  // SPEC's client refreshes with an empty body, by cookie; API clients may send the token in the body.
  route(app, authApi.refresh, async (req, reply) => {
    let token = req.body?.refreshToken;
    if (!token) {
      token = req.cookies[REFRESH_COOKIE];
      if (token) assertXsrf(req);
    }
    if (!token) throw unauthorized('No refresh token was sent. Please sign in again.');
    const tokens = await refresh(deps, token, { requestId: String(req.id) });
    setSessionCookies(reply, tokens, secure);
    return tokens;
  });

  route(app, authApi.logout, async (req, reply) => {
    const bearer = req.headers.authorization?.startsWith('Bearer ')
      ? req.headers.authorization.slice(7).trim()
      : undefined;
    const refreshToken = req.cookies[REFRESH_COOKIE];
    const cookieToken = req.cookies[ACCESS_COOKIE];
    // Another site can make the browser send our cookies (and so sign the user out) but cannot set
    // Authorization: without a Bearer token, a sign-out by cookie is a write like any other.
    if (!bearer && (refreshToken || cookieToken)) assertXsrf(req);
    const accessToken = bearer ?? cookieToken;
    const identity = accessToken ? await verifyAccessToken(accessToken, deps.secret) : null;
    await logout(deps, { refreshToken, familyId: identity?.familyId });
    clearSessionCookies(reply);
    return { status: 'success' as const };
  });

  // Lives here, not in users: it issues the session's new token pair and cookies, as login does.
  route(app, meApi.changePassword, async (req, reply) => {
    const tokens = await changePassword(deps, req.ctx, req.body);
    setSessionCookies(reply, tokens, secure);
    return tokens;
  });
}
