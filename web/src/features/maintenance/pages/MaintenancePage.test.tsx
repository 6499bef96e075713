import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role, User } from '@lintel/contracts';
import { theme } from '../../../app/theme.ts';
import { makeUser } from '../../../test/fixtures.ts';
import { mockHttp, type MockServer } from '../../../test/http-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { makeRequest } from '../test/maintenance-fixtures.ts';
import { MaintenancePage } from './MaintenancePage.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: auth.user }) }));

let server: MockServer;
const page = (items: unknown[]) => ({
  status: 200,
  data: { status: 'success', data: items, meta: { page: 1, pageSize: 25, total: items.length } },
});

function render(role: Role) {
  auth.user = makeUser({ role });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderAt(
    '/admin/maintenance',
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <MaintenancePage />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

beforeEach(() => {
  server = mockHttp();
  auth.user = null;
});

describe('MaintenancePage', () => {
  it("tells 'other' users who handles maintenance and calls nothing", async () => {
    render('other');
    expect(await screen.findByText('Maintenance is handled by your agency.')).toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });

  it('lists requests with status, priority and estimate', async () => {
    server.on('GET', '/maintenance', page([makeRequest({ status: 'in_progress', priority: 'urgent' })]));
    render('admin');
    expect(await screen.findByRole('gridcell', { name: 'Leaking geyser' })).toBeInTheDocument();
    expect(screen.getByRole('gridcell', { name: 'In progress' })).toBeInTheDocument();
    expect(screen.getByRole('gridcell', { name: 'Urgent' })).toBeInTheDocument();
    expect(screen.getByRole('gridcell', { name: '$200.00' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New request' })).toBeInTheDocument();
  });

  it('owners raise requests; accountants only read them', async () => {
    server.on('GET', '/maintenance', page([]));
    const { unmount } = render('owner');
    expect(await screen.findByRole('button', { name: 'New request' })).toBeInTheDocument();
    unmount();
    render('accountant');
    expect(await screen.findByText('No maintenance requests yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New request' })).not.toBeInTheDocument();
  });
});
