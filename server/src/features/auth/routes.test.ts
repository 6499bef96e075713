import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index.ts';
import {
  companyInput,
  cookieHeader,
  createTestApp,
  expectStatus,
  signupAdmin,
  TEST_PASSWORD,
  uniqueEmail,
  type TestApp,
} from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('POST /api/auth/signup', () => {
  it('creates a company with the user as its admin and returns user, company, token, refreshToken', async () => {
    const email = uniqueEmail('Founder').toUpperCase();
    const company = {
      ...companyInput('Sunrise Lettings'),
      vatNumber: 'V123',
      website: 'https://sunrise.example',
    };
    const response = await post('/api/auth/signup', {
      email,
      password: TEST_PASSWORD,
      name: 'Nomsa  van der Berg',
      company,
    });
    const body = expectStatus(response, 201);
    expect(body.user).toMatchObject({
      email: email.toLowerCase(),
      firstName: 'Nomsa',
      lastName: 'van der Berg',
      role: 'admin',
      companyId: body.company._id,
    });
    expect(body.company).toMatchObject({
      name: 'Sunrise Lettings',
      vatNumber: 'V123',
      ownerId: body.user._id,
      isActive: true,
      subscriptionStatus: 'trial',
      bankAccounts: [],
      __v: 0,
    });
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.refreshToken.length).toBeGreaterThan(30);
    const cookies = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));
    expect(cookies.accessToken).toMatchObject({
      value: body.token,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
    expect(cookies.refreshToken).toMatchObject({
      value: body.refreshToken,
      httpOnly: true,
      path: '/api/auth',
    });
    expect(cookies['XSRF-TOKEN']?.httpOnly).toBeFalsy();
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.companyId, body.company._id));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['company.created', 'user.signed_up']);
  });

  it('refuses an email that is already registered, in any letter case', async () => {
    const admin = await signupAdmin(t.app);
    const response = await post('/api/auth/signup', {
      email: admin.user.email.toUpperCase(),
      password: TEST_PASSWORD,
      name: 'Copy Cat',
      company: companyInput(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ status: 'error', code: 'EMAIL_TAKEN' });
  });

  it('lets exactly one of two simultaneous sign-ups with one email through, leaving no half-made company', async () => {
    const email = uniqueEmail('race');
    const attempt = (name: string) =>
      post('/api/auth/signup', {
        email,
        password: TEST_PASSWORD,
        name: 'Racer',
        company: companyInput(name),
      });
    const responses = await Promise.all([attempt('Race A'), attempt('Race B')]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const winner = responses.find((response) => response.statusCode === 201)!.json();
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.companyId).toBe(winner.company._id);
  });

  it.each([
    [{ password: TEST_PASSWORD, name: 'N', company: 'x' }, 'Email is required'],
    [
      { email: 'not-an-email', password: TEST_PASSWORD, name: 'N', company: 'x' },
      'Email must be a valid email address',
    ],
    [
      { email: uniqueEmail('s'), password: 'short', name: 'N', company: 'x' },
      'Password must be at least 8 characters',
    ],
    [{ email: uniqueEmail('s'), password: TEST_PASSWORD, name: '  ', company: 'x' }, 'Name is required'],
    [
      { email: uniqueEmail('s'), password: TEST_PASSWORD, name: 'N', company: 42 },
      'Company details or an invitation code are required',
    ],
  ])('rejects bad sign-up input with a message (%#)', async (payload, message) => {
    const response = await post('/api/auth/signup', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'error', code: 'VALIDATION', message });
  });

  it('names the missing company field', async () => {
    const { tinNumber: _omitted, ...company } = companyInput();
    const response = await post('/api/auth/signup', {
      email: uniqueEmail('s'),
      password: TEST_PASSWORD,
      name: 'N',
      company,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual(
      expect.arrayContaining([expect.objectContaining({ message: 'Tin number is required' })]),
    );
  });
});

describe('POST /api/auth/login', () => {
  it('returns user, company, token and refreshToken for the right password', async () => {
    const admin = await signupAdmin(t.app);
    const body = expectStatus(
      await post('/api/auth/login', { email: admin.user.email, password: TEST_PASSWORD }),
      200,
    );
    expect(body.user._id).toBe(admin.user._id);
    expect(body.company._id).toBe(admin.company._id);
    expect(body.token).toBeTruthy();
    expect(body.refreshToken).not.toBe(admin.refreshToken);
    expect(expectStatus(await me(bearer(body.token)), 200).user.email).toBe(admin.user.email);
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const admin = await signupAdmin(t.app);
    for (const payload of [
      { email: admin.user.email, password: 'wrong-password' },
      { email: uniqueEmail('nobody'), password: TEST_PASSWORD },
    ]) {
      const response = await post('/api/auth/login', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        status: 'error',
        message: 'Invalid email or password.',
        code: 'INVALID_CREDENTIALS',
      });
    }
  });

  it('locks an email out after 10 failures in 15 minutes, even with the right password', async () => {
    const admin = await signupAdmin(t.app);
    // An address of its own: failures are kept in the database, which test files may share.
    const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: admin.user.email, password },
        remoteAddress,
      });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login('nope-nope')).statusCode).toBe(400);
    }
    const locked = await login(TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
  });

  it('refuses a deactivated user with a clear message', async () => {
    const admin = await signupAdmin(t.app);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, admin.user._id));
    const response = await post('/api/auth/login', { email: admin.user.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('This account has been deactivated. Contact your administrator.');
  });
});

describe('GET /api/auth/me', () => {
  it('answers 401 without a token, with a forged one and with an expired one', async () => {
    const admin = await signupAdmin(t.app);
    expect((await me({})).statusCode).toBe(401);
    expect((await me(bearer(`${admin.token}x`))).statusCode).toBe(401);
    const expired = await new SignJWT({ cid: admin.company._id, role: 'admin', fam: 'f' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.user._id)
      .setIssuer('lintel')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode('test-signing-secret-that-is-long-enough'));
    const response = await me(bearer(expired));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 'error', code: 'UNAUTHORIZED' });
  });

  it('accepts the access cookie alone (the cookie-only public client)', async () => {
    const login = await post('/api/auth/login', {
      email: (await signupAdmin(t.app)).user.email,
      password: TEST_PASSWORD,
    });
    const response = await me({ cookie: cookieHeader(login) });
    expect(expectStatus(response, 200).user.email).toBe(login.json().user.email);
  });
});

describe('POST /api/auth/refresh-token', () => {
  it('rotates: the new pair works, and reusing the old token revokes the whole family', async () => {
    const admin = await signupAdmin(t.app);
    const first = expectStatus(
      await post('/api/auth/refresh-token', { refreshToken: admin.refreshToken }),
      200,
    );
    expect(first.token).toBeTruthy();
    expect(first.refreshToken).not.toBe(admin.refreshToken);
    expect((await me(bearer(first.token))).statusCode).toBe(200);

    const replay = await post('/api/auth/refresh-token', { refreshToken: admin.refreshToken });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Your session has ended. Please sign in again.');
    // The thief's replay also ends the legitimate holder's newer token.
    expect((await post('/api/auth/refresh-token', { refreshToken: first.refreshToken })).statusCode).toBe(
      401,
    );
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'session.reuse_detected'));
    expect(audit.some((entry) => entry.actorId === admin.user._id)).toBe(true);
  });

  it('keeps other sessions of the same user working when one family is revoked', async () => {
    const admin = await signupAdmin(t.app);
    const other = expectStatus(
      await post('/api/auth/login', { email: admin.user.email, password: TEST_PASSWORD }),
      200,
    );
    await post('/api/auth/refresh-token', { refreshToken: admin.refreshToken });
    await post('/api/auth/refresh-token', { refreshToken: admin.refreshToken });
    expect((await post('/api/auth/refresh-token', { refreshToken: other.refreshToken })).statusCode).toBe(
      200,
    );
  });

  it('refreshes by cookie with an empty body only when the XSRF header matches', async () => {
    const signup = await post('/api/auth/signup', {
      email: uniqueEmail('cookie'),
      password: TEST_PASSWORD,
      name: 'Cookie Person',
      company: companyInput(),
    });
    const xsrf = signup.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')!.value;
    const cookie = cookieHeader(signup);
    const refused = await post('/api/auth/refresh-token', undefined, { cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Missing or invalid XSRF token. Reload the page and try again.');
    const accepted = await post('/api/auth/refresh-token', undefined, { cookie, 'x-xsrf-token': xsrf });
    const body = expectStatus(accepted, 200);
    expect(accepted.cookies.find((c) => c.name === 'refreshToken')?.value).toBe(body.refreshToken);
  });

  it('answers 401 without any refresh token and for an unknown one', async () => {
    expect((await post('/api/auth/refresh-token', {})).statusCode).toBe(401);
    expect((await post('/api/auth/refresh-token', { refreshToken: 'made-up' })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session and clears the cookies', async () => {
    const signup = await post('/api/auth/signup', {
      email: uniqueEmail('bye'),
      password: TEST_PASSWORD,
      name: 'Leaving Soon',
      company: companyInput(),
    });
    const session = signup.json();
    const response = await post('/api/auth/logout', undefined, {
      cookie: cookieHeader(signup),
      ...bearer(session.token),
    });
    expect(expectStatus(response, 200)).toEqual({ status: 'success' });
    const cleared = response.cookies.filter((cookie) =>
      ['accessToken', 'refreshToken'].includes(cookie.name),
    );
    expect(cleared.map((cookie) => cookie.value)).toEqual(['', '']);
    expect((await post('/api/auth/refresh-token', { refreshToken: session.refreshToken })).statusCode).toBe(
      401,
    );
  });

  it('revokes by the Bearer token alone, and succeeds even with nothing to revoke', async () => {
    const admin = await signupAdmin(t.app);
    expect((await post('/api/auth/logout', undefined, bearer(admin.token))).statusCode).toBe(200);
    expect((await post('/api/auth/refresh-token', { refreshToken: admin.refreshToken })).statusCode).toBe(
      401,
    );
    expect((await post('/api/auth/logout')).statusCode).toBe(200);
  });
});
