import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/http.ts';
import { COMPANY_ID, makeCompany, makeUser, storeSession } from '../test/fixtures.ts';
import { mockHttp, type Handler, type Reply } from '../test/http-mock.ts';
import { renderAt, withQueryClient } from '../test/render.tsx';
import { AuthProvider } from './AuthProvider.tsx';
import { COMPANY_REFRESH_MS, companyErrorMessage, CompanyProvider, useCompany } from './CompanyProvider.tsx';

function CompanyProbe() {
  const { company, loading, error } = useCompany();
  return (
    <dl>
      <dt>company</dt>
      <dd data-testid="company">{company?.name ?? ''}</dd>
      <dt>loading</dt>
      <dd data-testid="loading">{String(loading)}</dd>
      <dt>error</dt>
      <dd data-testid="error">{error ?? ''}</dd>
    </dl>
  );
}

const BY_ID = `/companies/${COMPANY_ID}`;
const CURRENT = '/companies/current';
const text = (id: string) => screen.getByTestId(id).textContent;

/** A signed-in user with a company id, the company calls answered by `replies`. */
function signedIn(replies: { byId?: Handler; current?: Handler }) {
  const user = makeUser();
  storeSession(user);
  const server = mockHttp().on('GET', '/auth/me', { status: 200, data: { status: 'success', user } });
  if (replies.byId) server.on('GET', BY_ID, replies.byId);
  if (replies.current) server.on('GET', CURRENT, replies.current);
  renderAt(
    '/admin-dashboard',
    <AuthProvider>
      {withQueryClient(
        <CompanyProvider>
          <CompanyProbe />
        </CompanyProvider>,
      )}
    </AuthProvider>,
  );
  return server;
}

const fail = (status: number, body: Record<string, unknown> = {}): Reply => ({
  status,
  data: { status: 'error', ...body },
});

describe('CompanyProvider: loading the company (SPEC §6, §7)', () => {
  it('fetches GET /companies/:id when the user has a companyId, accepting { status, data }', async () => {
    const server = signedIn({ byId: { status: 200, data: { status: 'success', data: makeCompany() } } });
    await waitFor(() => expect(text('company')).toBe('Acme Lettings'));
    expect(text('error')).toBe('');
    expect(text('loading')).toBe('false');
    expect(server.callsTo('GET', BY_ID)).toHaveLength(1);
    expect(server.callsTo('GET', CURRENT)).toHaveLength(0);
    expect(localStorage.getItem('companyId')).toBe(COMPANY_ID);
  });

  it('accepts the bare company shape from the by-id route', async () => {
    signedIn({ byId: { status: 200, data: makeCompany({ name: 'Bare Co' }) } });
    await waitFor(() => expect(text('company')).toBe('Bare Co'));
  });

  it('falls back to /companies/current on a 404', async () => {
    const server = signedIn({
      byId: fail(404, { message: 'Not found', code: 'NOT_FOUND' }),
      current: { status: 200, data: { status: 'success', data: makeCompany({ name: 'Current Co' }) } },
    });
    await waitFor(() => expect(text('company')).toBe('Current Co'));
    expect(server.calls.map((call) => call.url)).toEqual(['/auth/me', BY_ID, CURRENT]);
  });

  it('does not fetch while signed out', async () => {
    const server = mockHttp();
    renderAt(
      '/',
      <AuthProvider>
        {withQueryClient(
          <CompanyProvider>
            <CompanyProbe />
          </CompanyProvider>,
        )}
      </AuthProvider>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(server.calls).toEqual([]);
    expect(text('company')).toBe('');
    expect(text('error')).toBe('');
  });
});

describe('CompanyProvider: failures (SPEC §8) clear the company and the stored companyId', () => {
  it.each<[string, { byId?: Reply; current?: Reply }, string]>([
    [
      'code NO_COMPANY',
      { byId: fail(404, { code: 'NOT_FOUND' }), current: fail(404, { message: 'none', code: 'NO_COMPANY' }) },
      'No company found. Please create a company first.',
    ],
    [
      '503',
      { byId: fail(503, { message: 'db down' }) },
      'Service temporarily unavailable. Please try again later.',
    ],
    [
      'another error with a message',
      { byId: fail(400, { message: 'Bad company id', code: 'BAD' }) },
      'Bad company id',
    ],
    ['another error without a message', { byId: { status: 500, data: '' } }, 'Failed to fetch company data'],
    [
      'a company missing a required field',
      { byId: { status: 200, data: { status: 'success', data: { ...makeCompany(), tinNumber: '' } } } },
      'Invalid company data received',
    ],
    [
      'a company without registrationNumber',
      {
        byId: {
          status: 200,
          data: { status: 'success', data: { ...makeCompany(), registrationNumber: undefined } },
        },
      },
      'Invalid company data received',
    ],
    [
      'an empty company',
      { byId: { status: 200, data: { status: 'success', data: {} } } },
      'No company data received',
    ],
    ['an empty body', { byId: { status: 200, data: {} } }, 'No company data received'],
    [
      'a null company',
      { byId: { status: 200, data: { status: 'success', data: null } } },
      'No company data received',
    ],
  ])('%s', async (_case, replies, message) => {
    signedIn(replies);
    await waitFor(() => expect(text('error')).toBe(message));
    expect(text('company')).toBe('');
    expect(text('loading')).toBe('false');
    expect(localStorage.getItem('companyId')).toBeNull();
    expect(localStorage.getItem('accessToken')).not.toBeNull();
  });

  it("401 that survives the refresh → 'Authentication required. Please log in again.'", async () => {
    const server = signedIn({ byId: fail(401, { message: 'Token expired' }) }).on(
      'POST',
      '/auth/refresh-token',
      {
        status: 200,
        data: { status: 'success', token: 'access-2', refreshToken: 'refresh-2' },
      },
    );
    await waitFor(() => expect(text('error')).toBe('Authentication required. Please log in again.'));
    expect(server.callsTo('GET', BY_ID).map((call) => call.authorization)).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ]);
    expect(localStorage.getItem('companyId')).toBeNull();
  });

  it('companyErrorMessage maps each failure kind', () => {
    expect(companyErrorMessage(new ApiError(401, 'UNAUTHORIZED', 'x'))).toBe(
      'Authentication required. Please log in again.',
    );
    expect(companyErrorMessage(new ApiError(403, 'NO_COMPANY', 'x'))).toBe(
      'No company found. Please create a company first.',
    );
    expect(companyErrorMessage(new ApiError(503, 'UNAVAILABLE', 'x'))).toBe(
      'Service temporarily unavailable. Please try again later.',
    );
    expect(companyErrorMessage(new ApiError(500, 'INTERNAL', 'Boom'))).toBe('Boom');
  });
});

describe('CompanyProvider: periodic refresh (SPEC §4, §9)', () => {
  it('refetches every 300000 ms while a company is loaded, and stops once it is cleared', async () => {
    expect(COMPANY_REFRESH_MS).toBe(300_000);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let name = 'First Name Co';
    const server = signedIn({ byId: () => ({ status: 200, data: makeCompany({ name }) }) });
    await waitFor(() => expect(text('company')).toBe('First Name Co'));
    expect(server.callsTo('GET', BY_ID)).toHaveLength(1);

    name = 'Renamed Co';
    await act(() => vi.advanceTimersByTimeAsync(COMPANY_REFRESH_MS - 1_000));
    expect(server.callsTo('GET', BY_ID)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(text('company')).toBe('Renamed Co'));
    expect(server.callsTo('GET', BY_ID)).toHaveLength(2);

    await act(() => vi.advanceTimersByTimeAsync(COMPANY_REFRESH_MS));
    expect(server.callsTo('GET', BY_ID)).toHaveLength(3);

    // A failed refresh clears the company; with nothing loaded the timer stops.
    server.on('GET', BY_ID, fail(503));
    await act(() => vi.advanceTimersByTimeAsync(COMPANY_REFRESH_MS));
    await waitFor(() =>
      expect(text('error')).toBe('Service temporarily unavailable. Please try again later.'),
    );
    expect(server.callsTo('GET', BY_ID)).toHaveLength(4);
    await act(() => vi.advanceTimersByTimeAsync(3 * COMPANY_REFRESH_MS));
    expect(server.callsTo('GET', BY_ID)).toHaveLength(4);
  });
});

it('useCompany outside the provider throws', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  expect(() => render(<CompanyProbe />)).toThrow('useCompany must be used within a CompanyProvider');
});
