import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditLogEntry, Role, User } from '@lintel/contracts';
import { theme } from '../../../app/theme.ts';
import { makeUser, USER_ID, uuid } from '../../../test/fixtures.ts';
import { mockHttp, type MockServer } from '../../../test/http-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { AuditLogPage } from './AuditLogPage.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({
  useAuth: () => ({ user: auth.user, loading: false, isAuthenticated: Boolean(auth.user), error: null }),
}));

const entry = (overrides: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  _id: uuid(),
  action: 'property.updated',
  entity: 'property',
  entityId: uuid(),
  actorId: USER_ID,
  actorName: 'Ada Lovelace',
  before: { name: 'Old Flat', type: 'house' },
  after: { name: 'New Flat', type: 'house' },
  requestId: 'req-1',
  createdAt: '2025-03-04T05:06:07.000Z',
  ...overrides,
});

const page = (items: AuditLogEntry[]) => ({
  status: 200,
  data: { status: 'success', data: items, meta: { page: 1, pageSize: 25, total: items.length } },
});

let server: MockServer;

function renderPage(role: Role, items: AuditLogEntry[]) {
  auth.user = makeUser({ role });
  server.on('GET', '/audit', page(items)).on('GET', '/audit/facets', {
    status: 200,
    data: {
      status: 'success',
      data: {
        entities: ['property'],
        actions: ['property.updated'],
        actors: [{ _id: USER_ID, name: 'Ada Lovelace' }],
      },
    },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderAt(
    '/admin-dashboard/audit',
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <AuditLogPage />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

beforeEach(() => {
  server = mockHttp();
  auth.user = null;
});

describe('AuditLogPage', () => {
  it('lists entries and opens the change details with before and after', async () => {
    renderPage('admin', [
      entry(),
      entry({ action: 'job.ran', actorId: null, actorName: null, before: null }),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    expect(await screen.findByText('System')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View property.updated' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change details' });
    expect(within(dialog).getByRole('region', { name: 'Before' })).toHaveTextContent('"name": "Old Flat"');
    expect(within(dialog).getByRole('region', { name: 'After' })).toHaveTextContent('"name": "New Flat"');
    expect(within(dialog).getByText('Changed: name')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('filters by user through the facets, and says when nothing matches', async () => {
    renderPage('admin', [entry()]);
    await screen.findByText('Ada Lovelace');
    server.on('GET', '/audit', page([]));
    await userEvent.click(screen.getByRole('combobox', { name: 'User' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Ada Lovelace' }));
    expect(await screen.findByText('No audit entries match these filters')).toBeInTheDocument();
    expect(server.calls.at(-1)?.params).toMatchObject({ actorId: USER_ID, page: '1' });
  });

  it('never calls the admin-only endpoints for another role', () => {
    renderPage('agent', []);
    expect(server.calls).toEqual([]);
  });
});
