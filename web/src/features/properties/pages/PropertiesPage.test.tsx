import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Property, Role, User } from '@lintel/contracts';
import { makeProperty, makeUser, USER_ID, uuid } from '../../../test/fixtures.ts';
import { mockHttp, type MockServer, type Reply } from '../../../test/http-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { theme } from '../../../app/theme.ts';
import { PropertyProvider, useProperties } from '../../../session/index.ts';
import { NotificationProvider, useNotifications } from '../../notifications/index.ts';
import { PropertiesPage } from './PropertiesPage.tsx';

/** The page reads only `user` from the auth context; a stand-in sets who is signed in. */
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

const OTHER_AGENT = uuid();
const OWNER_RECORD = uuid();
const mine = makeProperty({ name: 'Mine Flat', agentId: USER_ID, agentName: 'Ada Lovelace' });
const theirs = makeProperty({
  name: 'Their House',
  agentId: OTHER_AGENT,
  agentName: 'Bo Other',
  type: 'house',
});
const page = (items: unknown[], total = items.length) => ({
  status: 200,
  data: { status: 'success', data: items, meta: { page: 1, pageSize: 25, total } },
});

function Bell() {
  const { notifications } = useNotifications();
  return (
    <output data-testid="bell">
      {notifications.map((item) => `${item.title}: ${item.message}`).join(' | ')}
    </output>
  );
}

/** SPEC's property list, as the session holds it. */
function SpecList() {
  const { properties } = useProperties();
  return <output data-testid="spec-list">{properties.map((item) => item.name).join(', ')}</output>;
}

let server: MockServer;

function renderPage(role: Role, items: Property[] = [mine, theirs], listReply: Reply = page(items)) {
  auth.user = makeUser({ role });
  server
    .on('GET', '/properties', listReply)
    .on('GET', '/properties/public-filtered', page(items))
    .on('GET', '/owners', page([]));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderAt(
    `/${role}-dashboard/properties`,
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <NotificationProvider>
          <PropertyProvider>
            <PropertiesPage />
            <Bell />
            <SpecList />
          </PropertyProvider>
        </NotificationProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

const actionButtons = () => screen.queryAllByRole('button', { name: /^(Edit|Transfer|Delete) / });
const forbiddenCalls = () => server.calls.filter((call) => call.url === '/users' || call.url === '/owners');

beforeEach(() => {
  server = mockHttp();
  auth.user = null;
});

describe('PropertiesPage: what each role is offered (PRODUCT.md roles table)', () => {
  it('offers the admin add, and edit, transfer and delete on every row', async () => {
    renderPage('admin');
    expect(await screen.findByRole('button', { name: 'Edit Mine Flat' })).toBeInTheDocument();
    for (const name of ['Mine Flat', 'Their House']) {
      for (const action of ['Edit', 'Transfer', 'Delete']) {
        expect(screen.getByRole('button', { name: `${action} ${name}` })).toBeInTheDocument();
      }
    }
    expect(screen.getByRole('button', { name: 'Add property' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Properties' })).toBeInTheDocument();
  });

  it('offers an agent changes only on the properties they manage', async () => {
    renderPage('agent');
    expect(await screen.findByRole('button', { name: 'Edit Mine Flat' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Transfer Mine Flat' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Mine Flat' })).toBeInTheDocument();
    expect(screen.getByText('Their House')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Their House/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add property' })).toBeInTheDocument();
  });

  it.each(['accountant', 'owner'] as const)('shows the %s a read-only list', async (role) => {
    renderPage(role);
    expect(await screen.findByText('Mine Flat')).toBeInTheDocument();
    expect(actionButtons()).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Add property' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('calls the list "My properties" for owners and never asks for owners or users', async () => {
    renderPage('owner');
    expect(await screen.findByRole('heading', { level: 1, name: 'My properties' })).toBeInTheDocument();
    await screen.findByText('Mine Flat');
    expect(forbiddenCalls()).toEqual([]);
  });
});

describe('PropertiesPage: list states', () => {
  it('shows rent as money from integer minor units', async () => {
    renderPage('accountant', [makeProperty({ name: 'Dear Place', rentAmount: 125050, currency: 'USD' })]);
    expect(await screen.findByText('$1,250.50')).toBeInTheDocument();
  });

  it('says "No properties yet" with the add button for roles that may add', async () => {
    renderPage('agent', []);
    expect(await screen.findByText('No properties yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add property' })).toHaveLength(2);
  });

  it('says "No properties match your search" after a search finds nothing, sending q', async () => {
    const user = userEvent.setup();
    renderPage('accountant');
    await screen.findByText('Mine Flat');
    server.on('GET', '/properties', page([]));
    // Pasted, one change: typed key by key on a loaded machine, a pause past the search's
    // debounce sends "z" first (as it would for a slow typist).
    await user.click(screen.getByRole('searchbox', { name: 'Search properties' }));
    await user.paste('zzz');
    expect(await screen.findByText('No properties match your search')).toBeInTheDocument();
    const searches = server.callsTo('GET', '/properties').filter((call) => call.params?.q);
    expect(searches.map((call) => call.params?.q)).toEqual(['zzz']);
  });

  it("shows the server's message when the list fails, and no empty state", async () => {
    renderPage('accountant', [], {
      status: 500,
      data: { status: 'error', code: 'INTERNAL', message: 'The database is asleep.' },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is asleep.');
    expect(screen.queryByText('No properties yet')).not.toBeInTheDocument();
  });
});

describe('PropertiesPage: changes', () => {
  it('adds a property with rent parsed to integer cents; an agent never names an agent', async () => {
    const user = userEvent.setup();
    renderPage('agent');
    server.on('POST', '/properties', (call) => ({
      status: 201,
      data: { status: 'success', data: makeProperty({ ...(call.body as object), agentId: USER_ID }) },
    }));
    await user.click(await screen.findByRole('button', { name: 'Add property' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add property' });
    expect(within(dialog).queryByRole('combobox', { name: 'Agent' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Sunny Flat');
    await user.type(within(dialog).getByRole('textbox', { name: 'Address' }), '1 Sun Road');
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Apartment' }));
    const rent = within(dialog).getByRole('textbox', { name: 'Monthly rent' });
    await user.type(rent, '1250.505');
    await user.tab();
    expect(await within(dialog).findByText('Use at most 2 decimal places')).toBeInTheDocument();
    await user.clear(rent);
    await user.type(rent, '1,250.50');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(server.callsTo('POST', '/properties')).toHaveLength(1));
    const body = server.callsTo('POST', '/properties')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Sunny Flat',
      address: '1 Sun Road',
      type: 'apartment',
      rentAmount: 125050,
      currency: 'USD',
    });
    expect(body).not.toHaveProperty('agentId');
    expect(body).not.toHaveProperty('commissionRate');
    await waitFor(() =>
      expect(screen.getByTestId('bell')).toHaveTextContent('Property added: Sunny Flat was added'),
    );
    // One properties cache: SPEC's list takes the new property in place and only the grid refetches.
    await waitFor(() =>
      expect(screen.getByTestId('spec-list')).toHaveTextContent('Mine Flat, Their House, Sunny Flat'),
    );
    await waitFor(() => expect(server.callsTo('GET', '/properties')).toHaveLength(2));
    expect(server.callsTo('GET', '/properties/public-filtered')).toHaveLength(1);
  });

  it('shows each missing required field by name as you leave it', async () => {
    const user = userEvent.setup();
    renderPage('admin');
    await user.click(await screen.findByRole('button', { name: 'Add property' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add property' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.tab();
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Address is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Type is required')).toBeInTheDocument();
    expect(server.callsTo('POST', '/properties')).toEqual([]);
  });

  it('sends the loaded version on edit and offers a reload on 409', async () => {
    const user = userEvent.setup();
    const stale = makeProperty({ name: 'Old Name', agentId: USER_ID, __v: 3 });
    renderPage('admin', [stale]);
    server
      .on('GET', '/users', page([]))
      .on('PUT', `/properties/${stale._id}`, {
        status: 409,
        data: {
          status: 'error',
          code: 'STALE_VERSION',
          message: 'Someone else changed this property. Reload it and try again.',
        },
      })
      .on('GET', `/properties/${stale._id}`, {
        status: 200,
        data: { status: 'success', data: { ...stale, name: 'New Name', __v: 4 } },
      });
    await user.click(await screen.findByRole('button', { name: 'Edit Old Name' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Old Name' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Someone else changed this property/)).toBeInTheDocument();
    expect(server.callsTo('PUT', `/properties/${stale._id}`)[0]!.body).toMatchObject({
      __v: 3,
      agentId: USER_ID,
    });

    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('New Name'),
    );
    server.on('PUT', `/properties/${stale._id}`, (call) => ({
      status: 200,
      data: { status: 'success', data: { ...stale, ...(call.body as object), __v: 5 } },
    }));
    // An admin may give the property its own commission rate, typed as a percentage.
    const commission = within(dialog).getByRole('textbox', { name: 'Commission rate (%)' });
    await user.type(commission, '7.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('PUT', `/properties/${stale._id}`)).toHaveLength(2));
    expect(server.callsTo('PUT', `/properties/${stale._id}`)[1]!.body).toMatchObject({
      __v: 4,
      name: 'New Name',
      commissionRate: 750,
    });
  });

  it("asks before deleting, then deletes (from SPEC's list too, without fetching it again)", async () => {
    const user = userEvent.setup();
    renderPage('agent');
    server.on('DELETE', `/properties/${mine._id}`, {
      status: 200,
      data: { status: 'success', data: mine },
    });
    await waitFor(() => expect(screen.getByTestId('spec-list')).toHaveTextContent('Mine Flat, Their House'));
    await user.click(await screen.findByRole('button', { name: 'Delete Mine Flat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Mine Flat?' });
    expect(server.callsTo('DELETE', `/properties/${mine._id}`)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.callsTo('DELETE', `/properties/${mine._id}`)).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByTestId('bell')).toHaveTextContent('Property deleted: Mine Flat was deleted'),
    );
    await waitFor(() => expect(screen.getByTestId('spec-list')).toHaveTextContent(/^Their House$/));
    expect(server.callsTo('GET', '/properties/public-filtered')).toHaveLength(1);
  });

  it('transfers to the owner picked in the dialog', async () => {
    const user = userEvent.setup();
    renderPage('admin');
    server
      .on(
        'GET',
        '/owners',
        page([{ _id: OWNER_RECORD, name: 'Nia Owner', email: 'nia@example.com', phone: null, userId: null }]),
      )
      .on('PUT', `/properties/${theirs._id}/transfer`, {
        status: 200,
        data: { status: 'success', data: { ...theirs, ownerId: OWNER_RECORD, ownerName: 'Nia Owner' } },
      });
    await user.click(await screen.findByRole('button', { name: 'Transfer Their House' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer Their House' });
    const transfer = within(dialog).getByRole('button', { name: 'Transfer' });
    expect(transfer).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'New owner' }));
    await user.click(await screen.findByRole('option', { name: /Nia Owner/ }));
    await user.click(transfer);
    await waitFor(() => expect(server.callsTo('PUT', `/properties/${theirs._id}/transfer`)).toHaveLength(1));
    expect(server.callsTo('PUT', `/properties/${theirs._id}/transfer`)[0]!.body).toEqual({
      newOwnerId: OWNER_RECORD,
    });
  });
});
