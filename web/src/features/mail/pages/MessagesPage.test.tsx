import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MailDelivery, MailMessage, MailMessageDetail, Role, User } from '@lintel/contracts';
import { theme } from '../../../app/theme.ts';
import { makeUser, uuid } from '../../../test/fixtures.ts';
import { mockHttp, ok, page, type MockServer } from '../../../test/http-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { MessagesPage } from './MessagesPage.tsx';
import { SnackbarHost } from '../../../components/SnackbarHost.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({
  useAuth: () => ({ user: auth.user, loading: false, isAuthenticated: Boolean(auth.user), error: null }),
}));

const message = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  _id: uuid(),
  kind: 'password-reset',
  to: 'ada@example.com',
  subject: 'Set a new password for Lintel',
  state: 'queued',
  attempts: 0,
  lastError: null,
  messageId: '<reset-1@lintel.test>',
  serverReply: null,
  createdAt: '2026-11-20T09:15:00.000Z',
  sentAt: null,
  nextAttemptAt: null,
  ...overrides,
});

const failed = message({
  kind: 'invitation',
  to: 'bea@example.com',
  subject: 'You are invited to Acme Lettings',
  state: 'failed',
  attempts: 5,
  lastError: '550 5.1.1 <bea@example.com>: Recipient address rejected',
  messageId: '<invite-1@lintel.test>',
});

const detailOf = (row: MailMessage): MailMessageDetail => ({
  ...row,
  html: '<p>Hello Bea, <a href="https://lintel.test/signup?code=X">join here</a></p>',
  text: 'Hello Bea,\nJoin here: https://lintel.test/signup?code=X',
  attachments: [{ filename: 'welcome.pdf', contentType: 'application/pdf', bytes: 2048 }],
});

let server: MockServer;

function renderPage(
  rows: MailMessage[],
  { role = 'admin', mode = 'preview' }: { role?: Role; mode?: MailDelivery['mode'] } = {},
) {
  auth.user = makeUser({ role });
  server
    .on('GET', '/mail', page(rows))
    .on('GET', '/mail/delivery', ok({ mode }))
    .on('GET', '/me/preferences', ok({ rowsPerPage: 25, dateFormat: 'yyyy-MM-dd' }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderAt(
    '/admin/messages',
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <MessagesPage />
        <SnackbarHost />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return userEvent.setup();
}

const listCalls = () => server.callsTo('GET', '/mail');

beforeEach(() => {
  server = mockHttp();
  auth.user = null;
});

describe('MessagesPage', () => {
  it('says messages are kept, not sent, when no mail server is set, and lists them', async () => {
    renderPage([message(), failed]);
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(
      await screen.findByText('No mail server is set (SMTP_URL), so messages are kept here and not sent.'),
    ).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: 'Messages' });
    expect(await within(grid).findByText('bea@example.com')).toBeInTheDocument();
    expect(within(grid).getByText('You are invited to Acme Lettings')).toBeInTheDocument();
    expect(within(grid).getByText('Failed')).toBeInTheDocument();
    expect(within(grid).getByText('Queued')).toBeInTheDocument();
  });

  it('shows no such word when the server sends mail', async () => {
    renderPage([message()], { mode: 'smtp' });
    await screen.findByText('ada@example.com');
    await waitFor(() => expect(server.callsTo('GET', '/mail/delivery')).toHaveLength(1));
    expect(screen.queryByText(/No mail server is set/)).not.toBeInTheDocument();
  });

  it('filters by state and searches by recipient through the query', async () => {
    const user = renderPage([message(), failed]);
    await screen.findByText('bea@example.com');
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(listCalls().at(-1)?.params).toMatchObject({ state: 'failed', page: '1' }));

    await user.type(screen.getByRole('searchbox', { name: 'Search messages' }), 'bea');
    await waitFor(() => expect(listCalls().at(-1)?.params).toMatchObject({ state: 'failed', q: 'bea' }));
  });

  it('says so when there are no messages yet', async () => {
    renderPage([]);
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
  });

  it('opens a message: its delivery, the HTML in a sandboxed frame, the text part and attachments', async () => {
    server.on('GET', `/mail/${failed._id}`, ok(detailOf(failed)));
    const user = renderPage([failed]);
    await user.click(await screen.findByText('You are invited to Acme Lettings'));

    const dialog = await screen.findByRole('dialog', { name: 'You are invited to Acme Lettings' });
    expect(
      within(dialog).getByText('550 5.1.1 <bea@example.com>: Recipient address rejected'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('<invite-1@lintel.test>')).toBeInTheDocument();
    const frame = await within(dialog).findByTitle('Email preview');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain(
      '<p>Hello Bea, <a href="https://lintel.test/signup?code=X">',
    );
    expect(within(dialog).getByText(/welcome\.pdf/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('tab', { name: 'Plain text' }));
    const text = within(dialog).getByRole('tabpanel');
    expect(text.querySelector('pre')).toHaveTextContent('Join here: https://lintel.test/signup?code=X');
    expect(within(dialog).queryByTitle('Email preview')).not.toBeInTheDocument();
  });

  it('resends after asking, then refreshes the list and says it is queued again', async () => {
    server
      .on('GET', `/mail/${failed._id}`, ok(detailOf(failed)))
      .on('POST', `/mail/${failed._id}/resend`, ok({ ...failed, state: 'queued', attempts: 0 }));
    const user = renderPage([failed]);
    await user.click(await screen.findByRole('button', { name: /^Open message to bea@example.com/ }));
    const dialog = await screen.findByRole('dialog', { name: 'You are invited to Acme Lettings' });
    await within(dialog).findByTitle('Email preview');
    const listsBefore = listCalls().length;

    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    const confirm = await screen.findByRole('dialog', { name: 'Send this message again?' });
    expect(server.callsTo('POST', `/mail/${failed._id}/resend`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Resend' }));

    expect(await screen.findByText('Queued again')).toBeInTheDocument();
    expect(server.callsTo('POST', `/mail/${failed._id}/resend`)).toHaveLength(1);
    expect(listCalls().length).toBeGreaterThan(listsBefore);
  });

  it('never calls the admin-only endpoints for another role', async () => {
    renderPage([], { role: 'agent' });
    // The page's own settings load for anyone; by then the page has asked for all it will.
    await waitFor(() => expect(server.callsTo('GET', '/me/preferences')).toHaveLength(1));
    expect(server.calls.filter((call) => call.url.startsWith('/mail'))).toEqual([]);
  });
});
