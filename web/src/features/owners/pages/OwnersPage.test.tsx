import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Owner, OwnerSummary, Role, User } from '@lintel/contracts';
import { makeUser, uuid } from '../../../test/fixtures.ts';
import { mockHttp, page, type MockServer } from '../../../test/http-mock.ts';
import { renderAt, withProviders } from '../../../test/render.tsx';
import { OwnersPage } from './OwnersPage.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({
  useAuth: () => ({ user: auth.user, loading: false, isAuthenticated: Boolean(auth.user), error: null }),
}));

const uninvited: OwnerSummary = {
  _id: uuid(),
  name: 'Mark Landlord',
  email: 'mark@example.com',
  phone: null,
  userId: null,
};
const bound: OwnerSummary = {
  _id: uuid(),
  name: 'Olive Owner',
  email: 'olive@example.com',
  phone: null,
  userId: uuid(),
};
const noEmail: OwnerSummary = { _id: uuid(), name: 'Quiet Trust', email: null, phone: null, userId: null };

const fullOwner = (summary: OwnerSummary): Owner => ({
  ...summary,
  idNumber: '63-1',
  bankDetails: {
    bankName: 'CBZ',
    accountName: summary.name,
    accountNumber: '42',
    branch: null,
    branchCode: null,
  },
  notes: null,
  propertyCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  __v: 3,
});

let server: MockServer;

function renderPage(role: Role) {
  auth.user = makeUser({ role });
  server.on('GET', '/owners', page([uninvited, bound, noEmail]));
  return renderAt(`/${role}-dashboard/owners`, withProviders(<OwnersPage />));
}

beforeEach(() => {
  server = mockHttp();
});

describe('OwnersPage: what each role is offered', () => {
  it('offers the admin add, edit, delete, and invite for owners with an email and no sign-in', async () => {
    renderPage('admin');
    expect(await screen.findByRole('button', { name: 'Edit Mark Landlord' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add owner' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite Mark Landlord' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite Olive Owner' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite Quiet Trust' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Olive Owner' })).toBeInTheDocument();
  });

  it('offers an agent add, edit and invite but not delete', async () => {
    renderPage('agent');
    expect(await screen.findByRole('button', { name: 'Edit Mark Landlord' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite Mark Landlord' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
  });

  it('shows the accountant a read-only list', async () => {
    renderPage('accountant');
    expect(await screen.findByText('Mark Landlord')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Edit|Invite|Delete) / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add owner' })).not.toBeInTheDocument();
  });
});

describe('OwnersPage: the owner dialog', () => {
  it('validates as you save: a name, and the whole of the bank details once one is given', async () => {
    const user = userEvent.setup();
    renderPage('agent');
    await user.click(await screen.findByRole('button', { name: 'Add owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add owner' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.type(within(dialog).getByRole('textbox', { name: 'Bank name' }), 'CBZ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter the owner’s name')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the account name')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the account number')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('sends the contract body and shows the server message on a 409', async () => {
    const user = userEvent.setup();
    server.on('POST', '/owners', {
      status: 409,
      data: {
        status: 'error',
        code: 'OWNER_DUPLICATE',
        message: 'Another owner already has this email address.',
      },
    });
    renderPage('admin');
    await user.click(await screen.findByRole('button', { name: 'Add owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add owner' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'New Owner');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'Mark@Example.com');
    await user.type(within(dialog).getByRole('textbox', { name: 'ID or registration number' }), '63-9');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Another owner already has this email address.'),
    ).toBeInTheDocument();
    const post = server.calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      name: 'New Owner',
      email: 'mark@example.com',
      phone: null,
      idNumber: '63-9',
      notes: null,
      bankDetails: null,
    });
  });

  it('edits the whole record, loaded first, sending its __v', async () => {
    const user = userEvent.setup();
    server
      .on('GET', `/owners/${uninvited._id}`, {
        status: 200,
        data: { status: 'success', data: fullOwner(uninvited) },
      })
      .on('PUT', `/owners/${uninvited._id}`, (call) => ({
        status: 200,
        data: { status: 'success', data: { ...fullOwner(uninvited), ...(call.body as object), __v: 4 } },
      }));
    renderPage('admin');
    await user.click(await screen.findByRole('button', { name: 'Edit Mark Landlord' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Mark Landlord' });
    const account = await within(dialog).findByRole('textbox', { name: 'Account number' });
    expect(account).toHaveValue('42');
    await user.clear(account);
    await user.type(account, '777');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      __v: 3,
      bankDetails: { bankName: 'CBZ', accountNumber: '777' },
    });
  });
});

describe('OwnersPage: inviting an owner', () => {
  it('binds the invitation to the owner record and shows the full link once', async () => {
    const user = userEvent.setup();
    server.on('POST', '/users/invitations', {
      status: 201,
      data: {
        status: 'success',
        data: {
          _id: uuid(),
          email: 'mark@example.com',
          role: 'owner',
          ownerId: uninvited._id,
          createdBy: null,
          code: 'abc123',
          signupPath: '/signup?code=abc123',
          expiresAt: '2026-01-08T00:00:00.000Z',
          createdAt: '2026-01-01T00:00:00.000Z',
        },
      },
    });
    renderPage('agent');
    await user.click(await screen.findByRole('button', { name: 'Invite Mark Landlord' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Mark Landlord' });
    await user.click(within(dialog).getByRole('button', { name: 'Create invitation' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Sign-up link' })).toHaveValue(
      `${window.location.origin}/signup?code=abc123`,
    );
    expect(within(dialog).getByText('This link is shown only once')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'mark@example.com',
      role: 'owner',
      ownerId: uninvited._id,
    });
  });
});
