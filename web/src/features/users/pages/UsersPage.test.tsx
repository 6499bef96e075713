import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PendingInvitation, User } from '@lintel/contracts';
import { LAST_ADMIN_MESSAGE } from '@lintel/contracts';
import { theme } from '../../../app/theme.ts';
import { makeUser, USER_ID, uuid } from '../../../test/fixtures.ts';
import { mockHttp, type MockServer } from '../../../test/http-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { UsersPage } from './UsersPage.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({
  useAuth: () => ({ user: auth.user, loading: false, isAuthenticated: true, error: null }),
}));

const me = makeUser({ role: 'admin', firstName: 'Ada', lastName: 'Admin' });
const other = makeUser({
  _id: uuid(),
  role: 'admin',
  firstName: 'Bea',
  lastName: 'Boss',
  email: 'bea@example.com',
});
const agent = makeUser({
  _id: uuid(),
  role: 'agent',
  firstName: 'Cal',
  lastName: 'Agent',
  email: 'cal@example.com',
});
const pending: PendingInvitation = {
  _id: uuid(),
  email: 'dee@example.com',
  role: 'accountant',
  ownerId: null,
  createdBy: USER_ID,
  expiresAt: '2026-12-31T10:00:00.000Z',
  createdAt: '2026-12-24T10:00:00.000Z',
};

let server: MockServer;

function renderPage(users: User[] = [me, other, agent], invitations: PendingInvitation[] = [pending]) {
  auth.user = me;
  server
    .on('GET', '/users', {
      status: 200,
      data: { status: 'success', data: users, meta: { page: 1, pageSize: 50, total: users.length } },
    })
    .on('GET', '/users/invitations', { status: 200, data: { status: 'success', data: invitations } })
    .on('GET', '/me/preferences', {
      status: 200,
      data: { status: 'success', data: { rowsPerPage: 50, dateFormat: 'yyyy-MM-dd' } },
    });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderAt(
    '/admin/users',
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <UsersPage />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

beforeEach(() => {
  server = mockHttp();
});

describe('UsersPage', () => {
  it('lists users at the saved rows per page, with actions on everyone but yourself', async () => {
    renderPage();
    expect(await screen.findByRole('button', { name: 'Change role of Bea Boss' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deactivate Cal Agent' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ada Admin/ })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(server.callsTo('GET', '/users').at(-1)?.params).toMatchObject({ pageSize: '50' }),
    );
  });

  it('creates an invitation and shows its full link once, with a copy button', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    server.on('POST', '/users/invitations', (call) => ({
      status: 201,
      data: {
        status: 'success',
        data: {
          ...pending,
          _id: uuid(),
          email: (call.body as { email?: string }).email ?? null,
          role: (call.body as { role: 'agent' }).role,
          code: 'one-time-code-123',
          signupPath: '/signup?code=one-time-code-123',
        },
      },
    }));
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByLabelText('Email'), 'new.agent@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Create invitation' }));

    const created = await screen.findByRole('dialog', { name: 'Invitation created' });
    const link = `${window.location.origin}/signup?code=one-time-code-123`;
    expect(within(created).getByLabelText('Sign-up link')).toHaveValue(link);
    expect(within(created).getByText(/This link is shown only once/)).toBeInTheDocument();
    expect(server.callsTo('POST', '/users/invitations')[0]?.body).toEqual({
      email: 'new.agent@example.com',
      role: 'agent',
    });
    await user.click(within(created).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await within(created).findByText('Link copied')).toBeInTheDocument();

    await user.click(within(created).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Opening the dialog again starts a new invitation: the code is never shown twice.
    await user.click(screen.getByRole('button', { name: 'Invite user' }));
    const again = await screen.findByRole('dialog', { name: 'Invite user' });
    expect(within(again).queryByText(/one-time-code-123/)).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(link)).not.toBeInTheDocument();
  });

  it("shows the server's LAST_ADMIN message and keeps the dialog open", async () => {
    const user = userEvent.setup();
    server.on('PATCH', `/users/${other._id}`, {
      status: 422,
      data: { status: 'error', code: 'LAST_ADMIN', message: LAST_ADMIN_MESSAGE },
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Bea Boss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Bea Boss?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByText(LAST_ADMIN_MESSAGE)).toBeInTheDocument();
    expect(server.callsTo('PATCH', `/users/${other._id}`)[0]?.body).toEqual({ active: false });
  });

  it('changes a role after choosing it in the dialog', async () => {
    const user = userEvent.setup();
    server.on('PATCH', `/users/${agent._id}`, {
      status: 200,
      data: { status: 'success', data: { ...agent, role: 'accountant' } },
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Change role of Cal Agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role of Cal Agent' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Accountant' }));
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() =>
      expect(server.callsTo('PATCH', `/users/${agent._id}`)[0]?.body).toEqual({ role: 'accountant' }),
    );
  });

  it('revokes a pending invitation after confirming', async () => {
    const user = userEvent.setup();
    server.on('DELETE', `/users/invitations/${pending._id}`, {
      status: 200,
      data: { status: 'success', data: pending },
    });
    renderPage();
    expect(await screen.findByText('dee@example.com')).toBeInTheDocument();
    expect(screen.getByText(/expires 2026-12-31/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revoke invitation for dee@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke invitation?' });
    expect(server.callsTo('DELETE', `/users/invitations/${pending._id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(server.callsTo('DELETE', `/users/invitations/${pending._id}`)).toHaveLength(1),
    );
  });

  it('says so when there are no pending invitations', async () => {
    renderPage([me], []);
    expect(await screen.findByText('No pending invitations.')).toBeInTheDocument();
  });
});
