import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { z } from 'zod';
import { authApi, companiesApi } from '@lintel/contracts';
import { deferred, mockHttp } from '../test/http-mock.ts';
import { makeCompany, makeUser, storedKeys, storeSession } from '../test/fixtures.ts';
import { AUTH_ERROR_EVENT } from './auth-events.ts';
import {
  api,
  ApiError,
  apiBaseUrl,
  downloadFile,
  HttpError,
  publicApi,
  queryString,
  refreshAccessToken,
  request,
  toApiError,
  withFailureMessage,
  type TransferProgress,
} from './http.ts';

const at = (url: string) => {
  const { protocol, hostname, port, host } = new URL(url);
  return { protocol, hostname, port, host };
};

/** Every authError detail dispatched on window during the test. */
function captureAuthErrors() {
  const details: string[] = [];
  const listener = (event: Event) => details.push((event as CustomEvent<string>).detail);
  window.addEventListener(AUTH_ERROR_EVENT, listener);
  onTestFinished(() => window.removeEventListener(AUTH_ERROR_EVENT, listener));
  return details;
}

const unauthorized = {
  status: 401,
  data: { status: 'error', message: 'Token expired', code: 'UNAUTHORIZED' },
};
const newPair = { status: 200, data: { status: 'success', token: 'access-2', refreshToken: 'refresh-2' } };

/** Rejection of `promise`, which must reject. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

describe('apiBaseUrl (SPEC §7)', () => {
  it.each([
    ['http://localhost:5173/login', 'http://localhost:5000/api'],
    ['http://localhost:3000/', 'http://localhost:5000/api'],
    ['http://localhost:5000/dashboard', 'http://localhost:5000/api'],
    ['http://localhost:8080/', 'http://localhost:8080/api'],
    ['https://app.lintel.example/admin-dashboard', 'https://app.lintel.example/api'],
    ['https://app.lintel.example:8443/', 'https://app.lintel.example:8443/api'],
  ])('%s → %s', (page, base) => {
    expect(apiBaseUrl(at(page))).toBe(base);
  });
});

describe('client defaults (SPEC §9)', () => {
  it('echoes the XSRF-TOKEN cookie as X-XSRF-TOKEN and sends a body as JSON, on both clients', async () => {
    document.cookie = 'XSRF-TOKEN=abc%2F123';
    onTestFinished(() => {
      document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    });
    const server = mockHttp().on('POST', '/ping', { status: 200, data: 'pong' });
    await api.post('/ping', { a: 1 });
    await publicApi.post('/ping', { a: 1 });
    for (const call of server.calls) {
      expect(call.headers).toMatchObject({ 'X-XSRF-TOKEN': 'abc/123', 'Content-Type': 'application/json' });
      expect(call.body).toEqual({ a: 1 });
    }
  });

  it('counts 200–299 as success and anything else as a failure', async () => {
    mockHttp()
      .on('GET', '/a', { status: 299, data: 'fine' })
      .on('GET', '/b', { status: 300, data: 'moved' })
      .on('GET', '/c', { status: 199, data: 'early' });
    await expect(publicApi.get('/a')).resolves.toMatchObject({ status: 299, data: 'fine' });
    expect(await rejectionOf(publicApi.get('/b'))).toMatchObject({ response: { status: 300 } });
    expect(await rejectionOf(publicApi.get('/c'))).toMatchObject({ response: { status: 199 } });
  });

  it('writes query values as URL parameters, leaving out absent ones', () => {
    expect(queryString({ q: 'a b&c', page: 2, open: true, none: undefined, empty: null })).toBe(
      '?q=a+b%26c&page=2&open=true',
    );
    expect(queryString({ ids: ['x', 'y'] })).toBe('?ids=x&ids=y');
    expect(queryString({})).toBe('');
  });

  it('reads a JSON answer as data and any other text as it is', async () => {
    mockHttp()
      .on('GET', '/json', { status: 200, data: { a: 1 } })
      .on('GET', '/html', { status: 200, data: '<html>' })
      .on('GET', '/empty', { status: 204 });
    expect((await api.get('/json')).data).toEqual({ a: 1 });
    expect((await api.get('/html')).data).toBe('<html>');
    expect((await api.get('/empty')).data).toBe('');
  });
});

describe('Bearer header', () => {
  it('adds the stored access token to api calls but never to the public client', async () => {
    storeSession(makeUser(), { access: 'stored-token', refresh: 'r' });
    const server = mockHttp().on('GET', '/ping', { status: 200, data: 'pong' });
    await api.get('/ping');
    await publicApi.get('/ping');
    expect(server.calls.map((call) => [call.client, call.authorization])).toEqual([
      ['api', 'Bearer stored-token'],
      ['public', undefined],
    ]);
  });

  it('sends no Authorization header when no token is stored', async () => {
    const server = mockHttp().on('GET', '/ping', { status: 200, data: 'pong' });
    await api.get('/ping');
    expect(server.calls[0]?.authorization).toBeUndefined();
  });
});

describe('401 → one shared refresh, one retry per request (SPEC §4)', () => {
  const N = 5;
  const urls = Array.from({ length: N }, (_, index) => `/items/${index}`);

  it(`${N} concurrent 401s trigger exactly one refresh; each request is retried once with the new token`, async () => {
    storeSession(makeUser(), { access: 'access-1', refresh: 'refresh-1' });
    const refresh = deferred();
    const server = mockHttp()
      .on('GET', /^\/items\/\d$/, (call) =>
        call.authorization === 'Bearer access-2' ? { status: 200, data: { url: call.url } } : unauthorized,
      )
      .on('POST', '/auth/refresh-token', async () => {
        await refresh.promise;
        return newPair;
      });

    const pending = Promise.all(urls.map((url) => api.get<{ url: string }>(url)));
    // Hold the refresh until every request has had its 401: none may start a refresh of its own.
    await expect.poll(() => server.calls.filter((call) => call.url.startsWith('/items')).length).toBe(N);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(server.callsTo('POST', '/auth/refresh-token')).toHaveLength(1);
    refresh.resolve();
    const responses = await pending;

    expect(responses.map((response) => response.data.url)).toEqual(urls);
    const refreshes = server.callsTo('POST', '/auth/refresh-token');
    expect(refreshes).toHaveLength(1);
    // SPEC §7: empty body, through the cookie-only client.
    expect(refreshes[0]).toMatchObject({ client: 'public', body: {}, authorization: undefined });
    for (const url of urls) {
      expect(server.callsTo('GET', url).map((call) => call.authorization)).toEqual([
        'Bearer access-1',
        'Bearer access-2',
      ]);
    }
    expect(localStorage.getItem('accessToken')).toBe('access-2');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
  });

  it('does the same when the server answers without delay', async () => {
    storeSession(makeUser(), { access: 'access-1', refresh: 'refresh-1' });
    const server = mockHttp()
      .on('GET', /^\/items\/\d$/, (call) =>
        call.authorization === 'Bearer access-2' ? { status: 200, data: 'ok' } : unauthorized,
      )
      .on('POST', '/auth/refresh-token', newPair);
    const responses = await Promise.all(urls.map((url) => api.get(url)));
    expect(responses.map((response) => response.status)).toEqual(urls.map(() => 200));
    expect(server.callsTo('POST', '/auth/refresh-token')).toHaveLength(1);
    expect(server.calls.filter((call) => call.method === 'GET')).toHaveLength(2 * N);
  });

  it('a request sent with the old token whose 401 arrives after the refresh reuses the new token', async () => {
    storeSession(makeUser(), { access: 'access-1', refresh: 'refresh-1' });
    const slowAnswer = deferred();
    const server = mockHttp()
      .on('GET', '/fast', (call) =>
        call.authorization === 'Bearer access-2' ? { status: 200 } : unauthorized,
      )
      .on('GET', '/slow', async (call) => {
        if (call.authorization === 'Bearer access-2') return { status: 200, data: 'slow ok' };
        await slowAnswer.promise;
        return unauthorized;
      })
      .on('POST', '/auth/refresh-token', newPair);

    const slow = api.get('/slow');
    await api.get('/fast'); // 401, refresh, retry: done while /slow is still out with access-1.
    expect(server.callsTo('POST', '/auth/refresh-token')).toHaveLength(1);
    slowAnswer.resolve();

    expect((await slow).data).toBe('slow ok');
    expect(server.callsTo('POST', '/auth/refresh-token')).toHaveLength(1);
    expect(server.callsTo('GET', '/slow').map((call) => call.authorization)).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ]);
  });

  it('a request that gets 401 again after its retry is not retried a second time', async () => {
    storeSession(makeUser(), { access: 'access-1', refresh: 'refresh-1' });
    const server = mockHttp().on('GET', '/reports', unauthorized).on('POST', '/auth/refresh-token', newPair);
    const error = await rejectionOf(api.get('/reports'));
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).response?.status).toBe(401);
    expect(server.callsTo('GET', '/reports')).toHaveLength(2);
    expect(server.callsTo('POST', '/auth/refresh-token')).toHaveLength(1);
  });

  it('refresh failure clears all four storage keys and dispatches authError "Session expired…"', async () => {
    storeSession(makeUser(), { access: 'access-1', refresh: 'refresh-1' });
    const authErrors = captureAuthErrors();
    const server = mockHttp()
      .on('GET', /^\/items\/\d$/, unauthorized)
      .on('POST', '/auth/refresh-token', {
        status: 401,
        data: { status: 'error', message: 'ended', code: 'X' },
      });

    const results = await Promise.allSettled(urls.map((url) => api.get(url)));

    expect(results.map((result) => result.status)).toEqual(urls.map(() => 'rejected'));
    const first = results[0] as PromiseRejectedResult;
    expect((first.reason as HttpError).response?.status).toBe(401);
    expect(server.callsTo('POST', '/auth/refresh-token')).toHaveLength(1);
    expect(server.calls.filter((call) => call.method === 'GET')).toHaveLength(N); // nothing retried
    expect(storedKeys()).toEqual([]);
    expect(authErrors.length).toBeGreaterThan(0);
    expect(new Set(authErrors)).toEqual(new Set(['Session expired. Please log in again.']));
  });

  it("a refresh answer without a token is a failure: 'No new access token received'", async () => {
    storeSession(makeUser(), { access: 'access-1', refresh: 'refresh-1' });
    const server = mockHttp()
      .on('GET', '/reports', unauthorized)
      .on('POST', '/auth/refresh-token', { status: 200, data: { status: 'success' } });

    await expect(refreshAccessToken()).rejects.toThrow('No new access token received');
    expect(localStorage.getItem('accessToken')).toBe('access-1');

    const authErrors = captureAuthErrors();
    await expect(api.get('/reports')).rejects.toBeInstanceOf(HttpError);
    expect(server.callsTo('GET', '/reports')).toHaveLength(1);
    expect(storedKeys()).toEqual([]);
    expect(authErrors).toEqual(['Session expired. Please log in again.']);
  });

  it.each([
    ['a wrong password (400 INVALID_CREDENTIALS)', 400, 'INVALID_CREDENTIALS'],
    ['a 401', 401, 'UNAUTHORIZED'],
  ])(
    '%s on /auth/login is not refreshed, clears nothing and dispatches nothing',
    async (_case, status, code) => {
      storeSession(makeUser(), { access: 'access-1', refresh: 'refresh-1' });
      const authErrors = captureAuthErrors();
      const server = mockHttp()
        .on('POST', '/auth/login', {
          status,
          data: { status: 'error', code, message: 'Invalid email or password.' },
        })
        .on('POST', '/auth/refresh-token', newPair);
      const error = await rejectionOf(api.post('/auth/login', { email: 'a@b.c', password: 'x' }));
      expect((error as HttpError).response?.status).toBe(status);
      expect(toApiError(error, 'Login failed')).toMatchObject({
        code,
        message: 'Invalid email or password.',
      });
      expect(server.callsTo('POST', '/auth/refresh-token')).toHaveLength(0);
      expect(server.callsTo('POST', '/auth/login')).toHaveLength(1);
      expect(storedKeys()).toHaveLength(4);
      expect(authErrors).toEqual([]);
    },
  );

  it('a call marked skipAuthHandling handles its own 401', async () => {
    storeSession();
    const server = mockHttp().on('GET', '/auth/me', unauthorized).on('POST', '/auth/refresh-token', newPair);
    await expect(api.get('/auth/me', { skipAuthHandling: true })).rejects.toBeInstanceOf(HttpError);
    expect(server.callsTo('POST', '/auth/refresh-token')).toHaveLength(0);
  });
});

describe('403 (SPEC §4)', () => {
  it('clears the tokens and user and dispatches the access message, without a refresh', async () => {
    storeSession();
    const authErrors = captureAuthErrors();
    const server = mockHttp()
      .on('GET', '/admin/thing', {
        status: 403,
        data: { status: 'error', message: 'Forbidden', code: 'FORBIDDEN' },
      })
      .on('POST', '/auth/refresh-token', newPair);
    const error = await rejectionOf(api.get('/admin/thing'));
    expect((error as HttpError).response?.status).toBe(403);
    expect(storedKeys()).toEqual([]);
    expect(authErrors).toEqual(['Your session has expired or you do not have access. Please log in again.']);
    expect(server.callsTo('POST', '/auth/refresh-token')).toHaveLength(0);
  });

  it('other errors (404, 500) leave the session alone', async () => {
    storeSession();
    const authErrors = captureAuthErrors();
    mockHttp().on('GET', '/a', { status: 404, data: {} }).on('GET', '/b', { status: 500, data: {} });
    await expect(api.get('/a')).rejects.toBeInstanceOf(HttpError);
    await expect(api.get('/b')).rejects.toBeInstanceOf(HttpError);
    expect(storedKeys()).toHaveLength(4);
    expect(authErrors).toEqual([]);
  });
});

describe('request() with a contract', () => {
  const company = makeCompany();

  it('fills and encodes path parameters, sends query and body, and returns the parsed reply', async () => {
    const server = mockHttp().on('GET', '/companies/a%2Fb', {
      status: 200,
      data: { status: 'success', data: company, extra: 'dropped' },
    });
    const reply = await request(companiesApi.get, { params: { id: 'a/b' }, query: { x: '1' } });
    expect(reply).toEqual({ status: 'success', data: company });
    expect(server.calls[0]).toMatchObject({ method: 'GET', url: '/companies/a%2Fb', params: { x: '1' } });
  });

  it("maps a reply that does not match the contract to 'Invalid response format from server'", async () => {
    mockHttp().on('GET', '/auth/me', { status: 200, data: { status: 'success', user: { email: 'nope' } } });
    const error = await rejectionOf(request(authApi.me));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 200,
      code: 'BAD_RESPONSE',
      message: 'Invalid response format from server',
    });
  });

  it("carries an error body's message and code into ApiError", async () => {
    mockHttp().on('POST', '/auth/login', {
      status: 429,
      data: { status: 'error', message: 'Too many attempts. Try again in a minute.', code: 'RATE_LIMITED' },
    });
    const error = await rejectionOf(request(authApi.login, { body: { email: 'a@b.c', password: 'x' } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Try again in a minute.',
    });
  });

  it('falls back to the generic message when the error body has none, and for a network failure', async () => {
    mockHttp()
      .on('GET', '/auth/me', { status: 500, data: '<html>oops</html>' })
      .on('POST', '/auth/logout', () => {
        throw new Error('Network Error');
      });
    expect(await rejectionOf(request(authApi.me))).toMatchObject({
      status: 500,
      message: 'Something went wrong. Please try again.',
    });
    expect(await rejectionOf(request(authApi.logout))).toMatchObject({
      status: 0,
      code: 'NETWORK',
      message: 'Something went wrong. Please try again.',
    });
  });
});

describe('request() options', () => {
  it("reads a failure without a server message as the action's fallback, and keeps the server's", async () => {
    const server = mockHttp().on('GET', '/auth/me', { status: 500, data: {} });
    expect(await rejectionOf(request(authApi.me, {}, { fallback: 'Session check failed' }))).toMatchObject({
      status: 500,
      message: 'Session check failed',
    });
    server.on('GET', '/auth/me', { status: 500, data: { status: 'error', message: 'Database is down' } });
    expect(await rejectionOf(request(authApi.me, {}, { fallback: 'Session check failed' }))).toMatchObject({
      message: 'Database is down',
    });
  });

  it("sends through the cookie-only client with client: 'public', without the Bearer header or a refresh", async () => {
    storeSession(makeUser(), { access: 'access-1', refresh: 'refresh-1' });
    const server = mockHttp().on('GET', '/auth/me', unauthorized).on('POST', '/auth/refresh-token', newPair);
    const error = await rejectionOf(request(authApi.me, {}, { client: 'public' }));
    expect(error).toMatchObject({ status: 401, message: 'Token expired' });
    expect(server.calls.map((call) => [call.client, call.url, call.authorization])).toEqual([
      ['public', '/auth/me', undefined],
    ]);
  });

  it('skipAuthHandling leaves a 401 to the caller: no refresh, nothing cleared', async () => {
    storeSession(makeUser(), { access: 'access-1', refresh: 'refresh-1' });
    const authErrors = captureAuthErrors();
    const server = mockHttp().on('GET', '/auth/me', unauthorized).on('POST', '/auth/refresh-token', newPair);
    expect(await rejectionOf(request(authApi.me, {}, { skipAuthHandling: true }))).toMatchObject({
      status: 401,
    });
    expect(server.callsTo('POST', '/auth/refresh-token')).toHaveLength(0);
    expect(storedKeys()).toHaveLength(4);
    expect(authErrors).toEqual([]);
  });

  it('a reply failing a schema made withFailureMessage reads that message; any other failure the generic one', async () => {
    const me = {
      ...authApi.me,
      reply: z.object({
        user: withFailureMessage(z.object({ email: z.email() }), 'Invalid user data received'),
      }),
    };
    const server = mockHttp().on('GET', '/auth/me', { status: 200, data: { user: { email: 'nope' } } });
    expect(await rejectionOf(request(me))).toMatchObject({
      status: 200,
      code: 'BAD_RESPONSE',
      message: 'Invalid user data received',
    });
    server.on('GET', '/auth/me', { status: 200, data: 'not an object' });
    expect(await rejectionOf(request(me))).toMatchObject({ message: 'Invalid response format from server' });
    server.on('GET', '/auth/me', { status: 200, data: { user: { email: 'ada@example.com' } } });
    await expect(request(me)).resolves.toEqual({ user: { email: 'ada@example.com' } });
  });
});

describe('downloadFile()', () => {
  it('reports the bytes received to onProgress, an unknown length as undefined, and saves the file', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    api.transport = (wire) => {
      wire.onDownloadProgress?.({ loaded: 0, total: undefined });
      wire.onDownloadProgress?.({ loaded: 512, total: 2048 });
      return Promise.resolve({
        status: 200,
        body: new Blob(['%PDF-']),
        headers: { 'content-disposition': 'attachment; filename="income.pdf"' },
      });
    };
    const heard: TransferProgress[] = [];
    await downloadFile(
      { method: 'GET', path: '/reports/:report' },
      { params: { report: 'income' } },
      'fallback.pdf',
      (progress) => heard.push(progress),
    );
    expect(heard).toEqual([
      { loaded: 0, total: undefined },
      { loaded: 512, total: 2048 },
    ]);
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('income.pdf');
  });

  it("reads a failed download's JSON message, though the answer came as a file", async () => {
    mockHttp().on('GET', '/reports/income', {
      status: 404,
      data: { status: 'error', code: 'NOT_FOUND', message: 'Report not found' },
    });
    expect(
      await rejectionOf(
        downloadFile({ method: 'GET', path: '/reports/:report' }, { params: { report: 'income' } }, 'x.pdf'),
      ),
    ).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Report not found' });
  });
});
