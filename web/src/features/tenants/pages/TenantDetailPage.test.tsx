import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageMeta, User } from '@lintel/contracts';
import { makeLease, makeTenant, makeUser } from '../../../test/fixtures.ts';
import { mockHttp, ok, type MockServer } from '../../../test/http-mock.ts';
import { renderAt, withProviders } from '../../../test/render.tsx';
import { TenantDetailPage } from './TenantDetailPage.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({
  useAuth: () => ({ user: auth.user, loading: false, isAuthenticated: Boolean(auth.user), error: null }),
}));

const tenant = makeTenant({ name: 'Tina Tenant', hasLeases: true });
let server: MockServer;

/** The tenant's page, its lease list answering ten leases a page with `meta`. */
function renderWithLeases(meta: Omit<PageMeta, 'page' | 'pageSize'>) {
  auth.user = makeUser({ role: 'admin' });
  server.on('GET', `/tenants/${tenant._id}`, ok(tenant));
  server.on('GET', '/leases', (call) => {
    const page = Number(call.params?.page);
    return {
      status: 200,
      data: {
        status: 'success',
        data: Array.from({ length: 10 }, (_, index) =>
          makeLease({ tenantId: tenant._id, propertyName: `Flat ${(page - 1) * 10 + index + 1}` }),
        ),
        meta: { page, pageSize: 10, ...meta },
      },
    };
  });
  return renderAt(
    `/admin/tenants/${tenant._id}`,
    withProviders(
      <Routes>
        <Route path="/admin/tenants/:tenantId" element={<TenantDetailPage />} />
      </Routes>,
    ),
  );
}

beforeEach(() => {
  server = mockHttp();
});

describe('TenantDetailPage: the lease list', () => {
  it('pages an exact total', async () => {
    renderWithLeases({ total: 23 });
    expect(await screen.findByText('Flat 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to page 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to page 4' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^More than/)).not.toBeInTheDocument();
  });

  it('offers the pages a lower-bound total proves exist, says "more than" and moves on', async () => {
    // The server stopped counting: at least 1,001 leases, so page 101 exists.
    renderWithLeases({ total: 1000, totalIsLowerBound: true });
    expect(await screen.findByText('Flat 1')).toBeInTheDocument();
    expect(screen.getByText('More than 1,000 leases')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to page 101' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to page 102' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('Flat 11')).toBeInTheDocument();
    await waitFor(() =>
      expect(server.calls.at(-1)?.params).toMatchObject({ tenantId: tenant._id, page: '2', pageSize: '10' }),
    );
  });
});
