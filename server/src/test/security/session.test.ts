import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  createTestApp,
  expectStatus,
  signupAdmin,
  TEST_PASSWORD,
  type SignedIn,
  type TestApp,
} from '../harness.ts';

let t: TestApp;
let secure: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  secure = await createTestApp({ config: { cookieSecure: true } });
  admin = await signupAdmin(t.app);
});
afterAll(async () => {
  await t.close();
  await secure.close();
});

/** Signs in as the web app does; the answer carries the session cookies. */
const signInByCookie = async (app: TestApp['app'], email: string) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: TEST_PASSWORD },
  });
  expectStatus(response, 200);
  return response;
};

const cookieNamed = (response: LightMyRequestResponse, name: string) => {
  const found = response.cookies.find((cookie) => cookie.name === name);
  if (!found) throw new Error(`no ${name} cookie set`);
  return found;
};

describe('session cookies', () => {
  it('are httpOnly (the tokens), SameSite=Lax, scoped by path, and not Secure on plain HTTP', async () => {
    const response = await signInByCookie(t.app, admin.user.email);
    expect(cookieNamed(response, 'accessToken')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: 15 * 60,
    });
    expect(cookieNamed(response, 'accessToken').secure).toBeFalsy();
    // The refresh token only travels to the sign-in routes that use it.
    expect(cookieNamed(response, 'refreshToken')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/auth',
    });
    // The XSRF token is for the page's script to echo back, so it is readable (not httpOnly).
    expect(cookieNamed(response, 'XSRF-TOKEN')).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(cookieNamed(response, 'XSRF-TOKEN').httpOnly).toBeFalsy();
  });

  it('are all Secure with COOKIE_SECURE=true', async () => {
    const someone = await signupAdmin(secure.app);
    const response = await signInByCookie(secure.app, someone.user.email);
    for (const name of ['accessToken', 'refreshToken', 'XSRF-TOKEN']) {
      expect(cookieNamed(response, name).secure, name).toBe(true);
    }
  });

  it('are cleared on sign-out with the paths they were set with', async () => {
    const response = await signInByCookie(t.app, admin.user.email);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: cookieHeader(response), 'x-xsrf-token': cookieNamed(response, 'XSRF-TOKEN').value },
    });
    expectStatus(out, 200);
    expect(cookieNamed(out, 'accessToken')).toMatchObject({ value: '', path: '/' });
    expect(cookieNamed(out, 'refreshToken')).toMatchObject({ value: '', path: '/api/auth' });
  });
});

/** What a request outside /api/auth carries: the access cookie without the refresh cookie. */
const accessCookieOnly = (response: LightMyRequestResponse) =>
  `accessToken=${cookieNamed(response, 'accessToken').value}; XSRF-TOKEN=${cookieNamed(response, 'XSRF-TOKEN').value}`;

interface Operation {
  method: string;
  path: string;
}

/** Every write the OpenAPI document lists that needs a session: a new route is covered without editing this test. */
async function sessionWrites(): Promise<Operation[]> {
  const document = expectStatus(await t.app.inject({ method: 'GET', url: '/api/docs/json' }), 200) as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(
        ([method, operation]) => ['post', 'put', 'patch', 'delete'].includes(method) && operation.security,
      )
      .map(([method]) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, randomUUID()) })),
  );
}

describe('cross-site request forgery', () => {
  let writes: Operation[];
  let cookie: string;
  let xsrf: string;
  beforeAll(async () => {
    writes = await sessionWrites();
    const response = await signInByCookie(t.app, admin.user.email);
    cookie = cookieHeader(response);
    xsrf = cookieNamed(response, 'XSRF-TOKEN').value;
  });

  it('finds the writes to check', () => {
    expect(writes.length).toBeGreaterThan(40);
    expect(writes).toContainEqual({ method: 'POST', path: '/api/payments' });
  });

  it('refuses every cookie-authenticated write without the X-XSRF-TOKEN header, or with a wrong one: 403 with a message', async () => {
    for (const { method, path } of writes) {
      for (const headers of [{}, { 'x-xsrf-token': `${xsrf.slice(1)}x` }, { 'x-xsrf-token': '' }]) {
        const response = await t.app.inject({
          method: method as 'POST',
          url: path,
          headers: { cookie, 'content-type': 'application/json', ...headers },
          payload: '{}',
        });
        expect(response.statusCode, `${method} ${path}`).toBe(403);
        expect(response.json().message).toBe('Missing or invalid XSRF token. Reload the page and try again.');
      }
    }
  });

  it('lets the same writes past the check with the matching header (they fail, if at all, for other reasons)', async () => {
    for (const { method, path } of writes) {
      const response = await t.app.inject({
        method: method as 'POST',
        url: path,
        headers: { cookie, 'content-type': 'application/json', 'x-xsrf-token': xsrf },
        payload: '{}',
      });
      expect(response.statusCode, `${method} ${path}`).not.toBe(500);
      if (response.statusCode === 403) expect(response.json().message).not.toMatch(/XSRF/);
    }
  });

  it('refuses a sign-out by cookie without the header (the session lives on) and takes it with the header', async () => {
    const session = await signInByCookie(t.app, admin.user.email);
    const token = cookieNamed(session, 'XSRF-TOKEN').value;
    const refreshToken = cookieNamed(session, 'refreshToken').value;
    const logout = (cookies: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: cookies, ...headers } });
    // Both cookies (as the browser sends them to /api/auth), and the access cookie alone.
    for (const cookies of [cookieHeader(session), accessCookieOnly(session)]) {
      const badHeaders: Record<string, string>[] = [
        {},
        { 'x-xsrf-token': `${token.slice(1)}x` },
        { 'x-xsrf-token': '' },
      ];
      for (const headers of badHeaders) {
        const refused = await logout(cookies, headers);
        expect(expectStatus(refused, 403).message).toBe(
          'Missing or invalid XSRF token. Reload the page and try again.',
        );
        expect(refused.cookies.filter((c) => c.name !== 'XSRF-TOKEN')).toEqual([]);
      }
    }
    const stillAlive = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken },
    });
    expect(expectStatus(stillAlive, 200).refreshToken).toBeTruthy();

    // The refresh above rotated the token, so the session is now named by the new pair.
    const next = `refreshToken=${cookieNamed(stillAlive, 'refreshToken').value}; XSRF-TOKEN=${token}`;
    expectStatus(await logout(next, { 'x-xsrf-token': token }), 200);
    const revoked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: cookieNamed(stillAlive, 'refreshToken').value },
    });
    expectStatus(revoked, 401);
  });

  it('revokes the session an access cookie names when it is the only cookie sent with the header', async () => {
    const session = await signInByCookie(t.app, admin.user.email);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: {
        cookie: accessCookieOnly(session),
        'x-xsrf-token': cookieNamed(session, 'XSRF-TOKEN').value,
      },
    });
    expectStatus(out, 200);
    const refreshToken = cookieNamed(session, 'refreshToken').value;
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken },
    });
    expectStatus(refresh, 401);
  });

  it('refuses a refresh by cookie without the header, and takes an API client’s Bearer write without one', async () => {
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers: { cookie },
    });
    expect(expectStatus(refresh, 403).message).toMatch(/XSRF/);
    // A page on another site cannot set Authorization: a Bearer token needs no XSRF header.
    const bearer = await t.app.inject({
      method: 'POST',
      url: '/api/tenants',
      headers: admin.auth,
      payload: { name: 'Bearer Tenant' },
    });
    expectStatus(bearer, 201);
  });
});
