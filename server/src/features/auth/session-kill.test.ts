import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../db/schema/index.ts';
import {
  addMember,
  cookieHeader,
  createTestApp,
  expectStatus,
  signupAdmin,
  TEST_PASSWORD,
  type SignedIn,
  type TestApp,
} from '../../test/harness.ts';

const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const DEACTIVATED = 'This account has been deactivated. Contact your administrator.';

describe('ending sessions: deactivation and password change', () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signupAdmin(t.app);
  });
  afterAll(() => t.close());

  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken } });
  const login = (email: string, password = TEST_PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const setActive = (id: string, active: boolean) =>
    t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: admin.auth, payload: { active } });
  const changePassword = (token: string, payload: Record<string, unknown>, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: { authorization: `Bearer ${token}`, ...(cookie ? { cookie } : {}) },
      payload,
    });
  const expectEnded = (response: LightMyRequestResponse) =>
    expect(expectStatus(response, 401)).toMatchObject({ code: 'UNAUTHORIZED', message: SESSION_ENDED });

  describe('deactivation', () => {
    it('ends live access tokens and refresh tokens at once; login is refused with a clear message', async () => {
      const agent = await addMember(t.app, admin, 'agent');
      const second = expectStatus(await login(agent.user.email), 200);
      expectStatus(await me(agent.token), 200);
      expectStatus(await setActive(agent.user._id, false), 200);
      // Both sessions: the access tokens (still unexpired) and the refresh tokens.
      expectEnded(await me(agent.token));
      expectEnded(await me(second.token));
      expectEnded(
        await t.app.inject({
          method: 'GET',
          url: '/api/properties',
          headers: { authorization: `Bearer ${second.token}` },
        }),
      );
      expect(expectStatus(await refresh(agent.refreshToken), 401).code).toBe('UNAUTHORIZED');
      expect(expectStatus(await refresh(second.refreshToken), 401).code).toBe('UNAUTHORIZED');
      const rows = await t.database.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, agent.user._id));
      expect(rows.length).toBeGreaterThanOrEqual(2);
      for (const row of rows) expect(row.revokedAt).toBeInstanceOf(Date);
      expect(expectStatus(await login(agent.user.email), 403)).toMatchObject({
        code: 'FORBIDDEN',
        message: DEACTIVATED,
      });
    });

    it('ends a cookie session too', async () => {
      const member = await addMember(t.app, admin, 'accountant');
      const signedIn = await login(member.user.email);
      const cookie = cookieHeader(signedIn);
      const viaCookie = () => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expectStatus(await viaCookie(), 200);
      expectStatus(await setActive(member.user._id, false), 200);
      expectEnded(await viaCookie());
    });

    it('reactivation lets them sign in again (old tokens stay dead)', async () => {
      const agent = await addMember(t.app, admin, 'agent');
      expectStatus(await setActive(agent.user._id, false), 200);
      expectStatus(await setActive(agent.user._id, true), 200);
      expectEnded(await me(agent.token));
      expect(expectStatus(await refresh(agent.refreshToken), 401).code).toBe('UNAUTHORIZED');
      const session = expectStatus(await login(agent.user.email), 200);
      expect(expectStatus(await me(session.token), 200).user).toMatchObject({
        _id: agent.user._id,
        isActive: true,
      });
      expectStatus(await refresh(session.refreshToken), 200);
    });

    it('an old token without the current version is refused even for an active user', async () => {
      const agent = await addMember(t.app, admin, 'agent');
      await t.database.db.update(users).set({ tokenVersion: 5 }).where(eq(users.id, agent.user._id));
      expectEnded(await me(agent.token));
    });

    // The server remembers a user's session state once read; a change made behind the app's back
    // (a hand-run UPDATE) still reaches it through the users trigger's NOTIFY, not after minutes.
    it('a hand-run UPDATE ends a session the server already remembers', async () => {
      const agent = await addMember(t.app, admin, 'agent');
      expectStatus(await me(agent.token), 200);
      await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, agent.user._id));
      await expect.poll(async () => (await me(agent.token)).statusCode, { timeout: 3000 }).toBe(401);
      expectEnded(await me(agent.token));

      const other = await addMember(t.app, admin, 'agent');
      expectStatus(await me(other.token), 200);
      await t.database.db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, other.user._id));
      await expect.poll(async () => (await me(other.token)).statusCode, { timeout: 3000 }).toBe(401);
    });
  });

  describe('POST /api/me/password', () => {
    it('needs the current password: wrong → 422, nothing changes', async () => {
      const agent = await addMember(t.app, admin, 'agent');
      const body = expectStatus(
        await changePassword(agent.token, {
          currentPassword: 'wrong-password',
          newPassword: 'another-long-one',
        }),
        422,
      );
      expect(body).toMatchObject({
        code: 'WRONG_PASSWORD',
        message: 'Your current password is not correct.',
      });
      expectStatus(await me(agent.token), 200);
      expectStatus(await login(agent.user.email), 200);
    });

    it('validates the new password', async () => {
      const agent = await addMember(t.app, admin, 'agent');
      const body = expectStatus(
        await changePassword(agent.token, { currentPassword: TEST_PASSWORD, newPassword: 'short' }),
        400,
      );
      expect(body.code).toBe('VALIDATION');
      expect(body.message).toBe('Password must be at least 8 characters');
    });

    it('ends every other session, keeps this one with a fresh pair and cookies', async () => {
      const agent = await addMember(t.app, admin, 'agent');
      const other = expectStatus(await login(agent.user.email), 200);
      const response = await changePassword(agent.token, {
        currentPassword: TEST_PASSWORD,
        newPassword: 'brand-new-password',
      });
      const pair = expectStatus(response, 200);
      expect(pair).toEqual({
        status: 'success',
        token: expect.any(String),
        refreshToken: expect.any(String),
      });
      expect(response.cookies.map((cookie) => cookie.name)).toEqual(
        expect.arrayContaining(['accessToken', 'refreshToken']),
      );
      // Old access tokens (this one's and the other session's) end; the new one works.
      expectEnded(await me(agent.token));
      expectEnded(await me(other.token));
      expectStatus(await me(pair.token), 200);
      // The other session cannot refresh its way back; this one can.
      expect(expectStatus(await refresh(other.refreshToken), 401).code).toBe('UNAUTHORIZED');
      expectStatus(await refresh(pair.refreshToken), 200);
      // Only the new password signs in.
      expect(expectStatus(await login(agent.user.email), 400).code).toBe('INVALID_CREDENTIALS');
      expectStatus(await login(agent.user.email, 'brand-new-password'), 200);
    });

    it('answers 401 without a session', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/me/password',
        payload: { currentPassword: TEST_PASSWORD, newPassword: 'brand-new-password' },
      });
      expect(expectStatus(response, 401).code).toBe('UNAUTHORIZED');
    });
  });
});
