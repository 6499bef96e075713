import { useEffect } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '@lintel/contracts';
import { dispatchAuthError } from '../lib/auth-events.ts';
import { ApiError } from '../lib/http.ts';
import { makeCompany, makeUser, storedKeys, storeSession, userWithRole } from '../test/fixtures.ts';
import { deferred, mockHttp } from '../test/http-mock.ts';
import { currentPath, renderAt } from '../test/render.tsx';
import { AuthProvider, beginStoredSessionCheck, useAuth, type AuthContextValue } from './AuthProvider.tsx';

let auth: AuthContextValue;

function AuthProbe() {
  const value = useAuth();
  useEffect(() => {
    auth = value;
  });
  return (
    <dl>
      <dt>loading</dt>
      <dd data-testid="loading">{String(value.loading)}</dd>
      <dt>authenticated</dt>
      <dd data-testid="authenticated">{String(value.isAuthenticated)}</dd>
      <dt>user</dt>
      <dd data-testid="user">{value.user?.email ?? ''}</dd>
      <dt>error</dt>
      <dd data-testid="error">{value.error ?? ''}</dd>
    </dl>
  );
}

const renderAuth = (path = '/') =>
  renderAt(
    path,
    <AuthProvider>
      <AuthProbe />
    </AuthProvider>,
  );

const text = (id: string) => screen.getByTestId(id).textContent;
const unauthorized = { status: 401, data: { status: 'error', message: 'expired', code: 'UNAUTHORIZED' } };
const session = (role: Role = 'agent', overrides: Record<string, unknown> = {}) => ({
  status: 200,
  data: {
    status: 'success',
    user: userWithRole(role),
    company: makeCompany(),
    token: 'access-new',
    refreshToken: 'refresh-new',
    ...overrides,
  },
});

describe('start-up validation (SPEC §4 Session)', () => {
  it('with both tokens stored fetches /auth/me and becomes authenticated', async () => {
    const user = makeUser({ email: 'me@example.com' });
    storeSession(user, { access: 'access-1', refresh: 'refresh-1' });
    const me = deferred();
    const server = mockHttp().on('GET', '/auth/me', async () => {
      await me.promise;
      return { status: 200, data: { status: 'success', user } };
    });
    renderAuth('/agent-dashboard');
    expect(text('loading')).toBe('true');
    expect(text('authenticated')).toBe('false');

    me.resolve();
    await waitFor(() => expect(text('authenticated')).toBe('true'));
    expect(text('loading')).toBe('false');
    expect(text('user')).toBe('me@example.com');
    expect(server.callsTo('GET', '/auth/me')).toHaveLength(1);
    expect(server.callsTo('GET', '/auth/me')[0]?.authorization).toBe('Bearer access-1');
    expect(server.callsTo('POST', '/auth/refresh-token')).toHaveLength(0);
    expect(currentPath()).toBe('/agent-dashboard');
  });

  it('adopts the check main.tsx began before the first screen: one /auth/me, and a later mount makes its own', async () => {
    const user = makeUser({ email: 'early@example.com' });
    storeSession(user, { access: 'access-1', refresh: 'refresh-1' });
    const me = deferred();
    const server = mockHttp().on('GET', '/auth/me', async () => {
      await me.promise;
      return { status: 200, data: { status: 'success', user } };
    });
    beginStoredSessionCheck();
    // On the network before anything is drawn.
    await waitFor(() => expect(server.callsTo('GET', '/auth/me')).toHaveLength(1));
    const { unmount } = renderAuth('/agent-dashboard');
    expect(text('loading')).toBe('true');
    me.resolve();
    await waitFor(() => expect(text('authenticated')).toBe('true'));
    expect(text('user')).toBe('early@example.com');
    expect(server.callsTo('GET', '/auth/me')).toHaveLength(1);

    unmount();
    renderAuth('/agent-dashboard');
    await waitFor(() => expect(server.callsTo('GET', '/auth/me')).toHaveLength(2));
    await waitFor(() => expect(text('authenticated')).toBe('true'));
  });

  it("a check begun before the first screen that fails sends to /login as the provider's own would", async () => {
    storeSession(makeUser(), { access: 'access-1', refresh: 'refresh-1' });
    const server = mockHttp()
      .on('GET', '/auth/me', unauthorized)
      .on('POST', '/auth/refresh-token', unauthorized);
    beginStoredSessionCheck();
    renderAuth('/agent-dashboard');
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(text('authenticated')).toBe('false');
    expect(storedKeys()).toEqual([]);
    expect(server.callsTo('GET', '/auth/me')).toHaveLength(1);
  });

  it('when /auth/me fails, refreshes, fetches /auth/me again with the new token and becomes authenticated', async () => {
    const user = makeUser();
    storeSession(user, { access: 'access-1', refresh: 'refresh-1' });
    const server = mockHttp()
      .on('GET', '/auth/me', (call) =>
        call.authorization === 'Bearer access-2'
          ? { status: 200, data: { status: 'success', user } }
          : unauthorized,
      )
      .on('POST', '/auth/refresh-token', {
        status: 200,
        data: { status: 'success', token: 'access-2', refreshToken: 'refresh-2' },
      });
    renderAuth('/agent-dashboard');
    await waitFor(() => expect(text('authenticated')).toBe('true'));
    expect(server.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /auth/me',
      'POST /auth/refresh-token',
      'GET /auth/me',
    ]);
    expect(localStorage.getItem('accessToken')).toBe('access-2');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
    expect(currentPath()).toBe('/agent-dashboard');
  });

  const failedRefresh = () =>
    mockHttp()
      .on('GET', '/auth/me', unauthorized)
      .on('POST', '/auth/refresh-token', { status: 401, data: { status: 'error', message: 'ended' } });

  it('when the refresh fails, clears storage and goes to /login', async () => {
    storeSession();
    const server = failedRefresh();
    renderAuth('/agent-dashboard/properties');
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(storedKeys()).toEqual([]);
    expect(text('authenticated')).toBe('false');
    expect(text('loading')).toBe('false');
    expect(text('user')).toBe('');
    expect(server.callsTo('GET', '/auth/me')).toHaveLength(1);
  });

  it.each(['/payments', '/accountant-dashboard/payments', '/login'])(
    'when the refresh fails while on %s, clears storage but stays put',
    async (path) => {
      storeSession();
      const server = failedRefresh();
      renderAuth(path);
      await waitFor(() => expect(text('loading')).toBe('false'));
      expect(server.callsTo('POST', '/auth/refresh-token')).toHaveLength(1);
      expect(storedKeys()).toEqual([]);
      expect(text('authenticated')).toBe('false');
      // Give a stray navigation the chance to happen.
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(currentPath()).toBe(path);
    },
  );

  it('with no stored tokens makes no call and is signed out, not loading', async () => {
    const server = mockHttp();
    renderAuth('/agent-dashboard');
    expect(text('loading')).toBe('false');
    expect(text('authenticated')).toBe('false');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(server.calls).toEqual([]);
    expect(currentPath()).toBe('/agent-dashboard');
  });

  it('with only one of the two tokens stored makes no call either', async () => {
    localStorage.setItem('accessToken', 'access-1');
    const server = mockHttp();
    renderAuth('/');
    expect(text('loading')).toBe('false');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(server.calls).toEqual([]);
  });
});

describe('login', () => {
  it('stores both tokens, the user JSON and companyId, and becomes authenticated', async () => {
    const server = mockHttp().on('POST', '/auth/login', session('agent'));
    renderAuth('/login');
    await act(() => auth.login('ada@example.com', 'secret-password'));
    expect(server.callsTo('POST', '/auth/login')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'secret-password',
    });
    expect(localStorage.getItem('accessToken')).toBe('access-new');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-new');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(userWithRole('agent'));
    expect(localStorage.getItem('companyId')).toBe(userWithRole('agent').companyId);
    expect(text('authenticated')).toBe('true');
    expect(text('user')).toBe('ada@example.com');
  });

  it.each([
    ['admin', '/admin-dashboard'],
    ['agent', '/agent-dashboard'],
    ['owner', '/owner-dashboard'],
    ['accountant', '/accountant-dashboard'],
    ['other', '/dashboard'],
  ] as const)('lands a(n) %s on %s', async (role, home) => {
    mockHttp().on('POST', '/auth/login', session(role));
    renderAuth('/login');
    await act(() => auth.login('ada@example.com', 'pw'));
    await waitFor(() => expect(currentPath()).toBe(home));
  });

  it("fails with 'No access token received' when the answer has no token, storing nothing", async () => {
    mockHttp().on('POST', '/auth/login', session('agent', { token: undefined }));
    renderAuth('/login');
    await act(() => expect(auth.login('ada@example.com', 'pw')).rejects.toThrow('No access token received'));
    expect(storedKeys()).toEqual([]);
    expect(text('authenticated')).toBe('false');
    expect(currentPath()).toBe('/login');
  });

  it("an answer whose user does not match the contract fails with 'Login failed', storing nothing", async () => {
    mockHttp().on('POST', '/auth/login', session('agent', { user: { email: 'not-a-user' } }));
    renderAuth('/login');
    await act(() => expect(auth.login('ada@example.com', 'pw')).rejects.toThrow(/^Login failed$/));
    expect(storedKeys()).toEqual([]);
    expect(text('authenticated')).toBe('false');
  });

  it("surfaces the server's message, else 'Login failed'", async () => {
    const server = mockHttp().on('POST', '/auth/login', {
      status: 400,
      data: { status: 'error', message: 'Invalid email or password.', code: 'INVALID_CREDENTIALS' },
    });
    renderAuth('/login');
    const failure = auth.login('ada@example.com', 'wrong');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow('Invalid email or password.');
    expect(server.callsTo('POST', '/auth/refresh-token')).toHaveLength(0);

    server.on('POST', '/auth/login', { status: 500, data: {} });
    await expect(auth.login('ada@example.com', 'pw')).rejects.toThrow(/^Login failed$/);
  });
});

describe('signup', () => {
  const input = {
    email: 'new@example.com',
    password: 'long-password',
    name: 'New Person',
    company: 'INVITE-1',
  };

  it('stores the session and becomes authenticated', async () => {
    const server = mockHttp().on('POST', '/auth/signup', session('owner'));
    renderAuth('/signup');
    await act(() => auth.signup(input));
    expect(server.callsTo('POST', '/auth/signup')[0]?.body).toEqual(input);
    expect(localStorage.getItem('accessToken')).toBe('access-new');
    expect(text('authenticated')).toBe('true');
  });

  it("fails with the server's message, else 'Signup failed', and 'No access token received' without a token", async () => {
    const server = mockHttp().on('POST', '/auth/signup', {
      status: 409,
      data: { status: 'error', message: 'An account with this email already exists. Sign in instead.' },
    });
    renderAuth('/signup');
    await expect(auth.signup(input)).rejects.toThrow(
      'An account with this email already exists. Sign in instead.',
    );
    server.on('POST', '/auth/signup', { status: 400, data: { status: 'error' } });
    await expect(auth.signup(input)).rejects.toThrow(/^Signup failed$/);
    server.on('POST', '/auth/signup', session('owner', { token: '' }));
    await expect(auth.signup(input)).rejects.toThrow('No access token received');
    server.on('POST', '/auth/signup', session('owner', { user: null }));
    await expect(auth.signup(input)).rejects.toThrow(/^Signup failed$/);
    expect(storedKeys()).toEqual([]);
  });
});

describe('logout', () => {
  async function signedIn(path: string) {
    const user = makeUser();
    storeSession(user);
    const server = mockHttp().on('GET', '/auth/me', { status: 200, data: { status: 'success', user } });
    renderAuth(path);
    await waitFor(() => expect(text('authenticated')).toBe('true'));
    return server;
  }

  it('calls POST /auth/logout, clears storage and goes to /login', async () => {
    const server = (await signedIn('/agent-dashboard')).on('POST', '/auth/logout', {
      status: 200,
      data: { status: 'success' },
    });
    await act(() => auth.logout());
    expect(server.callsTo('POST', '/auth/logout')).toHaveLength(1);
    expect(storedKeys()).toEqual([]);
    expect(text('authenticated')).toBe('false');
    expect(currentPath()).toBe('/login');
  });

  it('clears the session and goes to /login even when the server call fails (only logged)', async () => {
    const server = (await signedIn('/owner-dashboard')).on('POST', '/auth/logout', { status: 500, data: {} });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await act(() => auth.logout());
    expect(server.callsTo('POST', '/auth/logout')).toHaveLength(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(storedKeys()).toEqual([]);
    expect(text('authenticated')).toBe('false');
    expect(currentPath()).toBe('/login');
  });
});

describe('authError event', () => {
  it('shows its detail as the error, clears storage and goes to /login', async () => {
    const user = makeUser();
    storeSession(user);
    mockHttp().on('GET', '/auth/me', { status: 200, data: { status: 'success', user } });
    renderAuth('/agent-dashboard/leases');
    await waitFor(() => expect(text('authenticated')).toBe('true'));

    act(() => dispatchAuthError('Session expired. Please log in again.'));

    expect(text('error')).toBe('Session expired. Please log in again.');
    expect(text('authenticated')).toBe('false');
    expect(text('user')).toBe('');
    expect(storedKeys()).toEqual([]);
    await waitFor(() => expect(currentPath()).toBe('/login'));

    act(() => auth.clearError());
    expect(text('error')).toBe('');
  });

  it('is what a failed refresh inside any call leads to', async () => {
    const user = makeUser();
    storeSession(user);
    const { api } = await import('../lib/http.ts');
    mockHttp()
      .on('GET', '/auth/me', { status: 200, data: { status: 'success', user } })
      .on('GET', '/leases', unauthorized)
      .on('POST', '/auth/refresh-token', { status: 401, data: {} });
    renderAuth('/leases');
    await waitFor(() => expect(text('authenticated')).toBe('true'));
    await act(() => expect(api.get('/leases')).rejects.toThrow());
    expect(text('error')).toBe('Session expired. Please log in again.');
    await waitFor(() => expect(currentPath()).toBe('/login'));
  });
});

it('useAuth outside the provider throws', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  expect(() => render(<AuthProbe />)).toThrow('useAuth must be used within an AuthProvider');
});
