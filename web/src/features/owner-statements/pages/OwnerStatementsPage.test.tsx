import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OwnerStatementRun, OwnerStatementRunLine, Role, User } from '@lintel/contracts';
import { theme } from '../../../app/theme.ts';
import { firstOfMonth } from '../../../lib/format.ts';
import { makeUser, uuid } from '../../../test/fixtures.ts';
import { mockHttp, ok, type MockServer } from '../../../test/http-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { OwnerStatementsPage } from './OwnerStatementsPage.tsx';
import { SnackbarHost } from '../../../components/SnackbarHost.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({
  useAuth: () => ({ user: auth.user, loading: false, isAuthenticated: Boolean(auth.user), error: null }),
}));

const LAST_MONTH = firstOfMonth(1).slice(0, 7);

const line = (overrides: Partial<OwnerStatementRunLine> = {}): OwnerStatementRunLine => ({
  ownerId: uuid(),
  name: 'Olive Owner',
  email: 'olive@example.com',
  hold: null,
  statements: [{ currency: 'USD', openingBalance: 0, moneyIn: 88500, moneyOut: 0, closingBalance: 88500 }],
  mail: null,
  ...overrides,
});

const olive = line();
const noEmail = line({ name: 'Nora Nomail', email: null, hold: 'no-email' });
const runOf = (owners: OwnerStatementRunLine[], sent = false): OwnerStatementRun => ({
  month: LAST_MONTH,
  statementDay: 3,
  sent,
  owners,
});

let server: MockServer;

function renderPage(role: Role, run: OwnerStatementRun) {
  auth.user = makeUser({ role });
  server.on('GET', '/owner-statements', ok(run));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderAt(
    '/accountant-dashboard/owner-statements',
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <OwnerStatementsPage />
        <SnackbarHost />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  server = mockHttp();
  auth.user = null;
});

describe('OwnerStatementsPage', () => {
  it("shows last month's run: each owner's figures and where the email goes", async () => {
    renderPage('accountant', runOf([olive, noEmail]));
    const table = await screen.findByRole('table', { name: /Owner statements for/ });
    expect(server.callsTo('GET', '/owner-statements')[0]?.params).toEqual({ month: LAST_MONTH });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Olive Owner');
    expect(rows[1]).toHaveTextContent('olive@example.com');
    expect(rows[1]).toHaveTextContent('$885.00');
    expect(rows[1]).toHaveTextContent('Not sent');
    expect(rows[2]).toHaveTextContent('No email on file');
    expect(screen.getByRole('status')).toHaveTextContent('They go out on their own on day 3');
  });

  it('the accountant sends the run after confirming, and hears what it did', async () => {
    const user = renderPage('accountant', runOf([olive, noEmail]));
    server.on('POST', '/owner-statements/send', ok({ queued: 1, alreadySent: 0, noEmail: 1, optedOut: 0 }));
    await user.click(await screen.findByRole('button', { name: 'Send statements' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('1 owner is emailed their statement PDF');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('1 statement queued, 1 with no email on file.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/owner-statements/send')[0]?.body).toEqual({ month: LAST_MONTH });
  });

  it("sends one owner's statement again", async () => {
    const sent = line({
      mail: {
        _id: uuid(),
        state: 'sent',
        createdAt: '2026-11-03T06:00:00.000Z',
        sentAt: '2026-11-03T06:01:00.000Z',
      },
    });
    const user = renderPage('accountant', runOf([sent], true));
    server.on('POST', `/owner-statements/${sent.ownerId}/send`, ok(sent));
    await user.click(await screen.findByRole('button', { name: 'Send again to Olive Owner' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(server.callsTo('POST', `/owner-statements/${sent.ownerId}/send`)[0]?.body).toEqual({
        month: LAST_MONTH,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('have gone out');
  });

  it('the admin reads the run but has nothing to send with', async () => {
    renderPage('admin', runOf([olive]));
    await screen.findByRole('table', { name: /Owner statements for/ });
    expect(screen.queryByRole('button', { name: 'Send statements' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('asks nothing of the server for a role that may not read it', async () => {
    renderPage('agent', runOf([olive]));
    expect(await screen.findByText(/sent by your agency's accountants/)).toBeInTheDocument();
    expect(server.callsTo('GET', '/owner-statements')).toHaveLength(0);
  });
});
