import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role, User } from '@lintel/contracts';
import { makeTenant, makeUser } from '../../../test/fixtures.ts';
import { mockHttp, page, type MockServer } from '../../../test/http-mock.ts';
import { currentPath, renderAt, withProviders } from '../../../test/render.tsx';
import { TenantsPage } from './TenantsPage.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({
  useAuth: () => ({ user: auth.user, loading: false, isAuthenticated: Boolean(auth.user), error: null }),
}));

const editable = makeTenant({ name: 'Free Fred', email: 'fred@example.com' });
const locked = makeTenant({ name: 'Locked Lara', hasLeases: true, canEdit: false });
const archived = makeTenant({ name: 'Old Olga', archivedAt: '2026-02-01T00:00:00.000Z' });

let server: MockServer;

function renderPage(role: Role) {
  auth.user = makeUser({ role });
  server.on('GET', '/tenants', (call) =>
    call.params?.q
      ? page([])
      : call.params?.archived === 'true'
        ? page([archived])
        : page([editable, locked]),
  );
  return renderAt(`/${role}-dashboard/tenants`, withProviders(<TenantsPage />));
}

beforeEach(() => {
  server = mockHttp();
});

describe('TenantsPage: what each role is offered', () => {
  it('offers edit and archive only where the server says the user may, and delete to admins and agents', async () => {
    renderPage('agent');
    expect(await screen.findByRole('button', { name: 'Edit Free Fred' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Archive Free Fred' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Free Fred' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Locked Lara' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Archive Locked Lara' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add tenant' })).toBeInTheDocument();
  });

  it('shows the accountant a read-only list', async () => {
    renderPage('accountant');
    expect(await screen.findByText('Free Fred')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Edit|Archive|Restore|Delete) / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add tenant' })).not.toBeInTheDocument();
  });

  it('lists archived tenants behind "Show archived", with Restore', async () => {
    const user = userEvent.setup();
    renderPage('admin');
    await screen.findByText('Free Fred');
    await user.click(screen.getByRole('switch', { name: 'Show archived' }));
    expect(await screen.findByRole('button', { name: 'Restore Old Olga' })).toBeInTheDocument();
    expect(screen.queryByText('Free Fred')).not.toBeInTheDocument();
  });

  it('opens the tenant page on a row click', async () => {
    const user = userEvent.setup();
    renderPage('admin');
    await user.click(await screen.findByText('Free Fred'));
    expect(currentPath()).toBe(`/admin-dashboard/tenants/${editable._id}`);
  });
});

describe('TenantsPage: search', () => {
  it('says when a search finds no one, and clearing it brings the list back', async () => {
    const user = userEvent.setup();
    renderPage('agent');
    await screen.findByText('Free Fred');
    await user.type(screen.getByRole('searchbox', { name: 'Search tenants' }), 'nobody');
    expect(await screen.findByText('No tenants match your search')).toBeInTheDocument();
    expect(server.calls.some((call) => call.params?.q === 'nobody')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('Free Fred')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search tenants' })).toHaveValue('');
  });
});

describe('TenantsPage: dialogs', () => {
  it('requires a full name and a valid email before saving', async () => {
    const user = userEvent.setup();
    renderPage('admin');
    await user.click(await screen.findByRole('button', { name: 'Add tenant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add tenant' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'nope');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter the tenant’s full name')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a valid email address')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("shows the server's duplicate message", async () => {
    const user = userEvent.setup();
    server.on('POST', '/tenants', {
      status: 409,
      data: {
        status: 'error',
        code: 'TENANT_DUPLICATE',
        message: 'Another tenant already has this ID number.',
      },
    });
    renderPage('agent');
    await user.click(await screen.findByRole('button', { name: 'Add tenant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add tenant' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Full name' }), 'Nia New');
    await user.type(within(dialog).getByRole('textbox', { name: 'ID number' }), 'X-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Another tenant already has this ID number.')).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Nia New',
      email: null,
      phone: null,
      idNumber: 'X-1',
      notes: null,
    });
  });

  it('confirms a delete and shows the 409 refusal for a tenant with leases', async () => {
    const user = userEvent.setup();
    server.on('DELETE', `/tenants/${locked._id}`, {
      status: 409,
      data: {
        status: 'error',
        code: 'TENANT_HAS_LEASES',
        message: 'This tenant has leases, so they cannot be deleted. Archive them instead.',
      },
    });
    renderPage('admin');
    await user.click(await screen.findByRole('button', { name: 'Delete Locked Lara' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Locked Lara?' });
    expect(server.calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText(
        'This tenant has leases, so they cannot be deleted. Archive them instead.',
      ),
    ).toBeInTheDocument();
  });

  it('archives with the version the row was loaded at', async () => {
    const user = userEvent.setup();
    server.on('PUT', `/tenants/${editable._id}`, {
      status: 200,
      data: { status: 'success', data: { ...editable, archivedAt: '2026-03-01T00:00:00.000Z', __v: 1 } },
    });
    renderPage('admin');
    await user.click(await screen.findByRole('button', { name: 'Archive Free Fred' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive Free Fred?' });
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(server.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toEqual({ archived: true, __v: 0 });
  });
});
