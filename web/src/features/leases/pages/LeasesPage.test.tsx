import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role, User } from '@lintel/contracts';
import { makeLease, makeProperty, makeUser, USER_ID, uuid } from '../../../test/fixtures.ts';
import { mockHttp, type MockServer } from '../../../test/http-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { theme } from '../../../app/theme.ts';
import { LeaseDetailPage } from './LeaseDetailPage.tsx';
import { LeasesPage } from './LeasesPage.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({
  useAuth: () => ({
    user: auth.user,
    loading: false,
    isAuthenticated: Boolean(auth.user),
    error: null,
    login: vi.fn(),
    signup: vi.fn(),
    logout: vi.fn(),
    clearError: vi.fn(),
  }),
}));

const page = (items: unknown[]) => ({
  status: 200,
  data: { status: 'success', data: items, meta: { page: 1, pageSize: 25, total: items.length } },
});

let server: MockServer;

function render(role: Role, path: string) {
  auth.user = makeUser({ role });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderAt(
    path,
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <Routes>
          <Route path="/leases" element={<LeasesPage />} />
          <Route path="/leases/:leaseId" element={<LeaseDetailPage />} />
        </Routes>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

beforeEach(() => {
  server = mockHttp();
  auth.user = null;
});

describe('LeasesPage', () => {
  it("tells 'other' users who manages leases and calls nothing", async () => {
    render('other', '/leases');
    expect(await screen.findByText("Leases are managed by your agency's staff.")).toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });

  it('lists leases with status, rent in its currency, and a New lease button for admins', async () => {
    server.on('GET', '/leases', page([makeLease({ status: 'active' })]));
    render('admin', '/leases');
    expect(await screen.findByText('Sunset Flats')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('$1,250.50')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New lease' })).toBeInTheDocument();
  });

  it.each(['accountant', 'owner'] as const)('is read-only for the %s', async (role) => {
    server.on('GET', '/leases', page([makeLease()]));
    render(role, '/leases');
    expect(await screen.findByText('Sunset Flats')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New lease' })).not.toBeInTheDocument();
  });

  it('sends search and status filters to the server', async () => {
    server.on('GET', '/leases', page([]));
    render('agent', '/leases');
    expect(await screen.findByText('No leases yet')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search leases' }), 'moyo');
    await waitFor(() =>
      expect(server.calls.some((call) => call.url === '/leases' && call.params?.q === 'moyo')).toBe(true),
    );
  });

  it('validates the editor as you type, and an agent picks only the properties it manages', async () => {
    server
      .on('GET', '/leases', page([]))
      .on('GET', '/properties', page([makeProperty({ name: 'Mine Flat', agentId: USER_ID })]))
      .on('GET', '/tenants', page([]));
    render('agent', '/leases');
    await userEvent.click(await screen.findByRole('button', { name: 'New lease' }));
    const rent = await screen.findByRole('textbox', { name: /Monthly rent/ });
    await userEvent.type(rent, '0');
    await userEvent.tab();
    expect(await screen.findByText('Rent must be more than zero')).toBeInTheDocument();
    const dueDay = screen.getByRole('spinbutton', { name: 'Rent due day' });
    await userEvent.clear(dueDay);
    await userEvent.type(dueDay, '29');
    await userEvent.tab();
    expect(await screen.findByText('Rent due day must be between 1 and 28')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Start date/), '2026-05-01');
    await userEvent.type(screen.getByLabelText(/End date/), '2026-04-01');
    await userEvent.tab();
    expect(await screen.findByText('End date must be after the start date')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: /Property/ }));
    await waitFor(() =>
      expect(server.calls.find((call) => call.url === '/properties')?.params?.agentId).toBe(USER_ID),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
  });
});

describe('LeaseDetailPage', () => {
  it('offers Edit and Activate on a draft the agent manages, and activates after confirming', async () => {
    const lease = makeLease();
    server
      .on('GET', `/leases/${lease._id}`, { status: 200, data: { status: 'success', data: lease } })
      .on('POST', `/leases/${lease._id}/activate`, {
        status: 200,
        data: { status: 'success', data: { ...lease, status: 'active', __v: 1 } },
      });
    render('agent', `/leases/${lease._id}`);
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Activate this lease?')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Activate' }).at(-1)!);
    await waitFor(() =>
      expect(server.calls.some((call) => call.url === `/leases/${lease._id}/activate`)).toBe(true),
    );
  });

  it('offers Renew and Terminate on an active lease, with a reason to terminate', async () => {
    const lease = makeLease({ status: 'active' });
    server
      .on('GET', `/leases/${lease._id}`, { status: 200, data: { status: 'success', data: lease } })
      .on('POST', `/leases/${lease._id}/terminate`, {
        status: 200,
        data: { status: 'success', data: { ...lease, status: 'terminated' } },
      });
    render('admin', `/leases/${lease._id}`);
    expect(await screen.findByRole('button', { name: 'Renew' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Terminate' }));
    await userEvent.type(await screen.findByRole('textbox', { name: /Reason/ }), 'Tenant left');
    await userEvent.click(screen.getAllByRole('button', { name: 'Terminate' }).at(-1)!);
    await waitFor(() =>
      expect(server.calls.find((call) => call.url.endsWith('/terminate'))?.body).toEqual({
        reason: 'Tenant left',
      }),
    );
  });

  it.each([
    ['accountant', USER_ID],
    ['owner', USER_ID],
    ['agent', uuid()],
  ] as const)('is read-only for the %s (or an agent of another property)', async (role, agentId) => {
    const lease = makeLease({ status: 'active', agentId });
    server.on('GET', `/leases/${lease._id}`, { status: 200, data: { status: 'success', data: lease } });
    render(role, `/leases/${lease._id}`);
    expect(await screen.findByText('Tendai Moyo')).toBeInTheDocument();
    for (const name of ['Edit', 'Activate', 'Renew', 'Terminate']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });
});
