import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import {
  cookieHeader,
  createTestApp,
  expectStatus,
  signupAdmin,
  testAppConfig,
  type SignedIn,
  type TestApp,
} from '../harness.ts';

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

let webRoot: string;
let t: TestApp;
let admin: SignedIn;
/** An app whose database cannot be reached (nothing listens on port 1), with a route that fails. */
let away: { app: FastifyInstance; database: Database };

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(os.tmpdir(), 'lintel-web-'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Lintel</title>');
  t = await createTestApp({ webRoot });
  admin = await signupAdmin(t.app);
  const database = await openDatabase({ databaseUrl: 'postgres://lintel@127.0.0.1:1/unreachable' });
  // Started while the database was up, as far as notifications know: their listener is not under test.
  const listenless: Database = { ...database, listen: async () => async () => {} };
  const app = await buildApp({ database: listenless, config: testAppConfig(), webRoot });
  app.get('/api/test/fails', async () => {
    throw new Error('a bug: nothing the caller did');
  });
  await app.ready();
  away = { app, database };
});

afterAll(async () => {
  rmSync(webRoot, { recursive: true, force: true });
  await t?.close();
  await away?.app.close();
  await away?.database.close();
});

function expectSecurityHeaders(response: LightMyRequestResponse, api: boolean) {
  const headers = response.headers;
  const maxAge = /max-age=(\d+)/.exec(String(headers['strict-transport-security']));
  expect(Number(maxAge?.[1])).toBeGreaterThanOrEqual(ONE_YEAR_SECONDS);
  const csp = String(headers['content-security-policy'])
    .split(';')
    .map((part) => part.trim());
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("default-src 'self'");
  // Scripts only from the app's own files: an injected inline script or handler does not run.
  const scripts = csp.find((part) => part.startsWith('script-src ')) ?? '';
  expect(scripts).toMatch(/^script-src 'self'/);
  expect(scripts).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  if (api) {
    const caching = String(headers['cache-control']).split(',');
    expect(caching.map((directive) => directive.trim())).toContain('no-store');
  }
}

type Request = InjectOptions & { url: string };
type Case = [name: string, app: () => FastifyInstance, request: () => Request, status: number];

const asAdmin = (url: string): Request => ({ method: 'GET', url, headers: admin.auth });

const cases: Case[] = [
  ['the web app at /', () => t.app, () => ({ method: 'GET', url: '/' }), 200],
  ['a client-side route', () => t.app, () => ({ method: 'GET', url: '/admin-dashboard' }), 200],
  ['the health check', () => t.app, () => ({ method: 'GET', url: '/api/health' }), 200],
  ['a signed-in list', () => t.app, () => asAdmin('/api/properties'), 200],
  ['a CSV download', () => t.app, () => asAdmin('/api/payments/export.csv'), 200],
  ['a PDF download', () => t.app, () => asAdmin('/api/reports/income?format=pdf'), 200],
  ['the OpenAPI document', () => t.app, () => ({ method: 'GET', url: '/api/docs/json' }), 200],
  ['the API docs page', () => t.app, () => ({ method: 'GET', url: '/api/docs' }), 200],
  ['an unknown API route (404)', () => t.app, () => ({ method: 'GET', url: '/api/no-such-thing' }), 404],
  ['an unknown id (404)', () => t.app, () => asAdmin(`/api/properties/${crypto.randomUUID()}`), 404],
  ['a bad query (400)', () => t.app, () => asAdmin('/api/properties?page=first'), 400],
  [
    'malformed JSON (400)',
    () => t.app,
    () => ({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    }),
    400,
  ],
  ['a malformed address (400)', () => t.app, () => ({ method: 'GET', url: '/api/properties/%E0%A4%A' }), 400],
  ['no session (401)', () => t.app, () => ({ method: 'GET', url: '/api/properties' }), 401],
  ['a bug (500)', () => away.app, () => ({ method: 'GET', url: '/api/test/fails' }), 500],
  [
    'the health check without a database (503)',
    () => away.app,
    () => ({ method: 'GET', url: '/api/health' }),
    503,
  ],
  ['a signed-in request without a database (503)', () => away.app, () => asAdmin('/api/properties'), 503],
];

describe('security headers on pages, API answers, downloads and errors', () => {
  it.each(cases)('%s', async (_name, app, request, status) => {
    const options = request();
    const response = await app().inject(options);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(status);
    const api = options.url.startsWith('/api');
    expectSecurityHeaders(response, api);
    if (status >= 400 && api) {
      // Errors keep the one error body: a message, never a stack trace.
      const body = response.json();
      expect(body).toMatchObject({ status: 'error', message: expect.any(String) });
      expect(response.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
    }
  });

  it('the notification stream (a hijacked reply) carries them too', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stop = new AbortController();
    const response = await fetch(`${address}/api/notifications/stream`, {
      headers: admin.auth,
      signal: stop.signal,
    });
    stop.abort();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expectSecurityHeaders(
      { headers: Object.fromEntries(response.headers) } as unknown as LightMyRequestResponse,
      true,
    );
  });

  it('a cookie-authenticated write is refused with 403 and the same headers', async () => {
    const login = await t.app.inject({ method: 'GET', url: '/api/health' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: { cookie: cookieHeader(login, { accessToken: admin.token }) },
      payload: {},
    });
    expect(expectStatus(response, 403).message).toMatch(/XSRF/);
    expectSecurityHeaders(response, true);
  });
});
