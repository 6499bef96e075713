import { useEffect } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useQuery } from '@tanstack/react-query';
import { propertiesApi, type User } from '@lintel/contracts';
import { request } from '../lib/http.ts';
import { queryKeys } from '../lib/query-client.ts';
import { COMPANY_ID, makeProperty, USER_ID, userWithoutCompany, userWithRole } from '../test/fixtures.ts';
import { mockHttp, type MockServer } from '../test/http-mock.ts';
import { renderAt, withQueryClient } from '../test/render.tsx';
import { PropertyProvider, useProperties, type PropertyContextValue } from './PropertyProvider.tsx';

/**
 * The provider reads only `user` and `loading` from the auth context. A small reactive stand-in for
 * useAuth lets a test reach states the real AuthProvider cannot produce on demand (auth still
 * loading, a user without a company) and change them while mounted.
 */
const authStore = vi.hoisted(() => {
  type State = { user: User | null; loading: boolean };
  let state: State = { user: null, loading: false };
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next: Partial<State>) {
      state = { ...state, ...next };
      listeners.forEach((listener) => listener());
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});

vi.mock('./AuthProvider.tsx', async () => {
  const { useSyncExternalStore } = await import('react');
  const actions = { login: vi.fn(), signup: vi.fn(), logout: vi.fn(), clearError: vi.fn() };
  return {
    useAuth: () => {
      const { user, loading } = useSyncExternalStore(authStore.subscribe, authStore.get);
      return { user, loading, isAuthenticated: Boolean(user), error: null, ...actions };
    },
  };
});

let properties: PropertyContextValue;

function PropertyProbe() {
  const value = useProperties();
  useEffect(() => {
    properties = value;
  });
  return (
    <dl>
      <dt>names</dt>
      <dd data-testid="names">{value.properties.map((item) => item.name).join(', ')}</dd>
      <dt>count</dt>
      <dd data-testid="count">{value.properties.length}</dd>
      <dt>loading</dt>
      <dd data-testid="loading">{String(value.loading)}</dd>
      <dt>error</dt>
      <dd data-testid="error">{value.error ?? ''}</dd>
    </dl>
  );
}

const text = (id: string) => screen.getByTestId(id).textContent;
const LIST = '/properties/public-filtered';

function renderProperties(user: User | null, path = '/agent-dashboard/properties', loading = false) {
  authStore.set({ user, loading });
  return renderAt(
    path,
    withQueryClient(
      <PropertyProvider>
        <PropertyProbe />
      </PropertyProvider>,
    ),
  );
}

/** Lets pending effects and requests run, for asserting that something did not happen. */
const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

beforeEach(() => authStore.set({ user: null, loading: false }));

describe('PropertyProvider: when the list is loaded (SPEC §4 "Property list", §6)', () => {
  it('an admin gets an empty list, not loading, and no request', async () => {
    const server = mockHttp();
    renderProperties(userWithRole('admin'), '/properties');
    await flush();
    expect(server.calls).toEqual([]);
    expect(text('names')).toBe('');
    expect(text('loading')).toBe('false');
    expect(text('error')).toBe('');
    // Excluded from add, update and delete as well.
    await expect(properties.addProperty({ name: 'A', address: 'B', type: 'house' })).resolves.toBeNull();
    await expect(properties.updateProperty('x', { name: 'A' })).resolves.toBeNull();
    await expect(properties.deleteProperty('x')).resolves.toBeUndefined();
    expect(server.calls).toEqual([]);
  });

  it.each(['/admin/users', '/admin-dashboard/x', '/admin-dashboard'])(
    'on the admin route %s a non-admin is skipped too',
    async (path) => {
      const server = mockHttp();
      renderProperties(userWithRole('agent'), path);
      await flush();
      expect(server.calls).toEqual([]);
      expect(text('loading')).toBe('false');
      expect(text('error')).toBe('');
    },
  );

  it("without a user: 'User data not available'", async () => {
    const server = mockHttp();
    renderProperties(null);
    await waitFor(() => expect(text('error')).toBe('User data not available'));
    expect(server.calls).toEqual([]);
    expect(text('loading')).toBe('false');
  });

  it("a user without a company: 'User is not associated with any company'", async () => {
    const server = mockHttp();
    renderProperties(userWithoutCompany());
    await waitFor(() => expect(text('error')).toBe('User is not associated with any company'));
    expect(server.calls).toEqual([]);
  });

  it('waits while auth is loading, then fetches once it is done', async () => {
    const server = mockHttp().on('GET', LIST, { status: 200, data: [makeProperty({ name: 'Late' })] });
    // As at start-up: the stored user is known while the session is still being validated.
    renderProperties(userWithRole('owner'), '/owner-dashboard', true);
    await flush();
    expect(server.calls).toEqual([]);
    expect(text('error')).toBe('');

    act(() => authStore.set({ loading: false }));
    await waitFor(() => expect(text('names')).toBe('Late'));
    expect(server.callsTo('GET', LIST)).toHaveLength(1);
  });

  it('fetches /properties/public-filtered with userId, companyId and userRole through the public client', async () => {
    const server = mockHttp().on('GET', LIST, {
      status: 200,
      data: [makeProperty({ name: 'One' }), makeProperty({ name: 'Two' })],
    });
    renderProperties(userWithRole('owner'));
    await waitFor(() => expect(text('names')).toBe('One, Two'));
    expect(text('loading')).toBe('false');
    const [call] = server.callsTo('GET', LIST);
    expect(call?.client).toBe('public');
    // Only these three (SPEC §7): no page or pageSize, so the server answers the whole list.
    expect(call?.params).toEqual({ userId: USER_ID, companyId: COMPANY_ID, userRole: 'owner' });
  });

  it.each([
    ['{ data: [...] }', { data: [makeProperty({ name: 'Wrapped' })] }],
    [
      'the paginated envelope',
      {
        status: 'success',
        data: [makeProperty({ name: 'Wrapped' })],
        meta: { page: 1, pageSize: 25, total: 1 },
      },
    ],
  ])('accepts %s', async (_shape, body) => {
    mockHttp().on('GET', LIST, { status: 200, data: body });
    renderProperties(userWithRole('agent'));
    await waitFor(() => expect(text('names')).toBe('Wrapped'));
    expect(text('error')).toBe('');
  });

  it.each([
    ["{ data: 'x' }", { data: 'x' }, 'Invalid properties data received'],
    ['a string', 'x', 'Invalid response format from server'],
    ['an object without data', { status: 'success' }, 'Invalid response format from server'],
  ])('rejects %s', async (_shape, body, message) => {
    mockHttp().on('GET', LIST, { status: 200, data: body });
    renderProperties(userWithRole('agent'));
    await waitFor(() => expect(text('error')).toBe(message));
    expect(text('names')).toBe('');
    expect(text('loading')).toBe('false');
  });

  it('a 401 yields an empty list without an error (and no refresh)', async () => {
    const server = mockHttp().on('GET', LIST, {
      status: 401,
      data: { status: 'error', message: 'No session' },
    });
    renderProperties(userWithRole('agent'));
    await waitFor(() => expect(server.callsTo('GET', LIST)).toHaveLength(1));
    await flush();
    expect(text('error')).toBe('');
    expect(text('names')).toBe('');
    expect(text('loading')).toBe('false');
    expect(server.callsTo('POST', '/auth/refresh-token')).toHaveLength(0);
  });

  it("another failure shows the server's message, else 'Failed to fetch properties'", async () => {
    const server = mockHttp().on('GET', LIST, {
      status: 500,
      data: { status: 'error', message: 'Database is down' },
    });
    renderProperties(userWithRole('agent'));
    await waitFor(() => expect(text('error')).toBe('Database is down'));
    server.on('GET', LIST, { status: 500, data: {} });
    await act(() => properties.fetchProperties());
    await waitFor(() => expect(text('error')).toBe('Failed to fetch properties'));
    expect(server.callsTo('GET', LIST)).toHaveLength(2);
  });
});

describe('PropertyProvider: changes keep the list in step', () => {
  async function withList(server: MockServer) {
    const first = makeProperty({ name: 'First' });
    const second = makeProperty({ name: 'Second' });
    server.on('GET', LIST, { status: 200, data: [first, second] });
    renderProperties(userWithRole('agent'));
    await waitFor(() => expect(text('names')).toBe('First, Second'));
    return { first, second };
  }

  it('add posts to /properties/public with the claimed identity and appends the created property', async () => {
    const server = mockHttp();
    await withList(server);
    const created = makeProperty({ name: 'Third' });
    server.on('POST', '/properties/public', { status: 201, data: { status: 'success', data: created } });
    const input = { name: 'Third', address: '3 Road', type: 'house' as const };
    await act(async () => {
      await expect(properties.addProperty(input)).resolves.toEqual(created);
    });
    await waitFor(() => expect(text('names')).toBe('First, Second, Third'));
    const [call] = server.callsTo('POST', '/properties/public');
    expect(call?.body).toEqual(input);
    expect(call?.params).toEqual({ userId: USER_ID, companyId: COMPANY_ID, userRole: 'agent' });
  });

  it('update replaces the property with the same _id, sending the companyId', async () => {
    const server = mockHttp();
    const { first } = await withList(server);
    server.on('PUT', `/properties/${first._id}`, {
      status: 200,
      data: { status: 'success', data: { ...first, name: 'First (renamed)' } },
    });
    await act(() => properties.updateProperty(first._id, { name: 'First (renamed)' }));
    await waitFor(() => expect(text('names')).toBe('First (renamed), Second'));
    expect(server.callsTo('PUT', `/properties/${first._id}`)[0]?.body).toEqual({
      name: 'First (renamed)',
      companyId: COMPANY_ID,
    });
  });

  it('delete removes the property', async () => {
    const server = mockHttp();
    const { second } = await withList(server);
    server.on('DELETE', `/properties/${second._id}`, {
      status: 200,
      data: { status: 'success', data: second },
    });
    await act(() => properties.deleteProperty(second._id));
    await waitFor(() => expect(text('names')).toBe('First'));
  });

  it('transfer sends the new owner and replaces the moved property', async () => {
    const server = mockHttp();
    const { second } = await withList(server);
    const newOwnerId = '44444444-4444-4444-8444-444444444444';
    server.on('PUT', `/properties/${second._id}/transfer`, {
      status: 200,
      data: {
        status: 'success',
        data: { ...second, ownerId: newOwnerId, ownerName: 'Bo', name: 'Second (moved)' },
      },
    });
    await act(() => properties.transferProperty(second._id, newOwnerId));
    await waitFor(() => expect(text('names')).toBe('First, Second (moved)'));
    expect(server.callsTo('PUT', `/properties/${second._id}/transfer`)[0]?.body).toEqual({
      newOwnerId,
      companyId: COMPANY_ID,
    });
  });

  it('a failed change leaves the list alone and rejects with the server message', async () => {
    const server = mockHttp();
    const { first } = await withList(server);
    server.on('DELETE', `/properties/${first._id}`, {
      status: 409,
      data: { status: 'error', message: 'This property has an active lease.' },
    });
    await act(() =>
      expect(properties.deleteProperty(first._id)).rejects.toThrow('This property has an active lease.'),
    );
    expect(text('names')).toBe('First, Second');
  });
});

describe('PropertyProvider: one properties cache', () => {
  /** A grid page as features/properties keeps it: fetched through the signed-in client. */
  function GridProbe() {
    const grid = useQuery({
      queryKey: [...queryKeys.properties, 'list', {}],
      queryFn: () => request(propertiesApi.list, {}),
    });
    return <output data-testid="grid">{grid.data?.data.map((item) => item.name).join(', ')}</output>;
  }

  it("a change updates SPEC's list in place and refetches the grid, never the list", async () => {
    const first = makeProperty({ name: 'First' });
    const created = makeProperty({ name: 'Second' });
    const page = (items: unknown[]) => ({
      status: 200,
      data: { status: 'success', data: items, meta: { page: 1, pageSize: 25, total: items.length } },
    });
    let grid = [first];
    const server = mockHttp()
      .on('GET', LIST, page([first]))
      .on('GET', '/properties', () => page(grid))
      .on('POST', '/properties/public', { status: 201, data: { status: 'success', data: created } });
    authStore.set({ user: userWithRole('agent'), loading: false });
    renderAt(
      '/agent-dashboard/properties',
      withQueryClient(
        <PropertyProvider>
          <PropertyProbe />
          <GridProbe />
        </PropertyProvider>,
      ),
    );
    await waitFor(() => expect(text('names')).toBe('First'));
    await waitFor(() => expect(screen.getByTestId('grid')).toHaveTextContent('First'));

    grid = [first, created];
    await act(() => properties.addProperty({ name: 'Second', address: '2 Road', type: 'house' }));
    await waitFor(() => expect(screen.getByTestId('grid')).toHaveTextContent('First, Second'));
    expect(text('names')).toBe('First, Second');
    await flush();
    expect(server.callsTo('GET', '/properties')).toHaveLength(2);
    expect(server.callsTo('GET', LIST)).toHaveLength(1);
  });
});

describe('PropertyProvider: replies it cannot use (SPEC §3, §5, §8)', () => {
  it.each([
    ['a list item that is not a property', [{ name: 'No id' }]],
    ['a data list with one such item', { data: [makeProperty(), { _id: 'x' }] }],
  ])("%s: 'Invalid properties data received'", async (_case, body) => {
    mockHttp().on('GET', LIST, { status: 200, data: body });
    renderProperties(userWithRole('agent'));
    await waitFor(() => expect(text('error')).toBe('Invalid properties data received'));
    expect(text('names')).toBe('');
  });

  it("a change answered with something that is not a property: 'Invalid property data received', list untouched", async () => {
    const first = makeProperty({ name: 'First' });
    const server = mockHttp()
      .on('GET', LIST, { status: 200, data: [first] })
      .on('POST', '/properties/public', { status: 201, data: { status: 'success', data: { name: 'x' } } })
      .on('PUT', `/properties/${first._id}`, { status: 200, data: 'ok' });
    renderProperties(userWithRole('agent'));
    await waitFor(() => expect(text('names')).toBe('First'));
    await act(() =>
      expect(properties.addProperty({ name: 'x', address: 'y', type: 'house' })).rejects.toThrow(
        /^Invalid property data received$/,
      ),
    );
    await act(() =>
      expect(properties.updateProperty(first._id, { name: 'z' })).rejects.toThrow(
        /^Invalid property data received$/,
      ),
    );
    await flush();
    expect(text('names')).toBe('First');
    expect(server.callsTo('GET', LIST)).toHaveLength(1);
  });

  it("reads one property or an owner's list, bare or under data; failures read the server or the action", async () => {
    const one = makeProperty({ name: 'One' });
    const ownerId = '44444444-4444-4444-8444-444444444444';
    const server = mockHttp()
      .on('GET', LIST, { status: 200, data: [] })
      .on('GET', `/properties/${one._id}`, { status: 200, data: one })
      .on('GET', `/properties/owner/${ownerId}`, { status: 200, data: { data: [one] } });
    renderProperties(userWithRole('owner'));
    await waitFor(() => expect(server.callsTo('GET', LIST)).toHaveLength(1));
    await expect(properties.getProperty(one._id)).resolves.toEqual(one);
    await expect(properties.getPropertiesByOwner(ownerId)).resolves.toEqual([one]);
    // Whole list: no paging sent.
    expect(server.callsTo('GET', `/properties/owner/${ownerId}`)[0]?.params).toEqual({});

    server
      .on('GET', `/properties/${one._id}`, {
        status: 404,
        data: { status: 'error', message: 'Property not found' },
      })
      .on('GET', `/properties/owner/${ownerId}`, { status: 500, data: {} });
    await expect(properties.getProperty(one._id)).rejects.toThrow(/^Property not found$/);
    await expect(properties.getPropertiesByOwner(ownerId)).rejects.toThrow(/^Failed to fetch properties$/);
    server.on('GET', `/properties/${one._id}`, { status: 500, data: {} });
    await expect(properties.getProperty(one._id)).rejects.toThrow(/^Failed to fetch property$/);
  });
});

describe('PropertyProvider: a whole list longer than a page', () => {
  it('holds all 30 properties of one reply, and adds, replaces and removes within them', async () => {
    const all = Array.from({ length: 30 }, (_, index) => makeProperty({ name: `Unit ${index + 1}` }));
    const server = mockHttp().on('GET', LIST, {
      status: 200,
      data: { status: 'success', data: all, meta: { page: 1, pageSize: 30, total: 30 } },
    });
    renderProperties(userWithRole('agent'));
    await waitFor(() => expect(text('count')).toBe('30'));
    expect(server.callsTo('GET', LIST)).toHaveLength(1);
    expect(server.callsTo('GET', LIST)[0]?.params).not.toHaveProperty('page');
    expect(server.callsTo('GET', LIST)[0]?.params).not.toHaveProperty('pageSize');
    const names = () => text('names')?.split(', ');

    const created = makeProperty({ name: 'Unit 31' });
    server.on('POST', '/properties/public', { status: 201, data: { status: 'success', data: created } });
    await act(() => properties.addProperty({ name: 'Unit 31', address: '31 Road', type: 'house' }));
    await waitFor(() => expect(text('count')).toBe('31'));
    expect(names()?.at(-1)).toBe('Unit 31');

    const twentyEighth = all[27]!;
    server.on('PUT', `/properties/${twentyEighth._id}`, {
      status: 200,
      data: { status: 'success', data: { ...twentyEighth, name: 'Unit 28 (renamed)' } },
    });
    await act(() => properties.updateProperty(twentyEighth._id, { name: 'Unit 28 (renamed)' }));
    await waitFor(() => expect(names()?.[27]).toBe('Unit 28 (renamed)'));
    expect(text('count')).toBe('31');

    const twentySixth = all[25]!;
    server.on('DELETE', `/properties/${twentySixth._id}`, {
      status: 200,
      data: { status: 'success', data: twentySixth },
    });
    await act(() => properties.deleteProperty(twentySixth._id));
    await waitFor(() => expect(text('count')).toBe('30'));
    expect(names()).not.toContain('Unit 26');
    expect(names()?.slice(24, 27)).toEqual(['Unit 25', 'Unit 27', 'Unit 28 (renamed)']);
    // Each change landed in place: the whole list was fetched once.
    await flush();
    expect(server.callsTo('GET', LIST)).toHaveLength(1);
  });
});

describe('PropertyProvider: validation (SPEC §5)', () => {
  it('rejects each missing argument with its exact message and sends nothing', async () => {
    const server = mockHttp().on('GET', LIST, { status: 200, data: [] });
    renderProperties(userWithRole('agent'));
    await waitFor(() => expect(server.calls).toHaveLength(1));

    for (const input of [
      { name: '', address: 'a', type: 'house' },
      { name: 'n', address: '  ', type: 'house' },
      { name: 'n', address: 'a', type: '' },
      { address: 'a', type: 'house' },
    ]) {
      await expect(properties.addProperty(input as never)).rejects.toThrow(
        'Name, address, and type are required',
      );
    }
    await expect(properties.updateProperty('', { name: 'x' })).rejects.toThrow('Property ID is required');
    await expect(properties.deleteProperty('')).rejects.toThrow('Property ID is required');
    await expect(properties.getProperty('')).rejects.toThrow('Property ID is required');
    await expect(properties.getPropertiesByOwner('')).rejects.toThrow('Owner ID is required');
    await expect(properties.transferProperty('p1', '')).rejects.toThrow(
      'Property ID and new owner ID are required',
    );
    await expect(properties.transferProperty('', 'o1')).rejects.toThrow(
      'Property ID and new owner ID are required',
    );
    expect(server.calls).toHaveLength(1);
  });
});

it("useProperties outside the provider throws 'useProperties must be used within a PropertyProvider'", () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  expect(() => render(<PropertyProbe />)).toThrow('useProperties must be used within a PropertyProvider');
});
