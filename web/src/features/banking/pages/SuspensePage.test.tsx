import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SuspenseItemView, User } from '@lintel/contracts';
import { makeLease, makeUser, uuid } from '../../../test/fixtures.ts';
import { page, mockHttp, type MockServer, ok } from '../../../test/http-mock.ts';
import { renderAt, withProviders } from '../../../test/render.tsx';
import { SuspensePage } from './SuspensePage.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: auth.user }) }));

let server: MockServer;

const item = (overrides: Partial<SuspenseItemView> = {}): SuspenseItemView => ({
  _id: uuid(),
  bankLineId: uuid(),
  date: '2026-11-04',
  description: 'Transfer in',
  counterparty: 'J Moyo',
  currency: 'USD',
  amount: 12345,
  note: 'No lease reference',
  state: 'open',
  leaseId: null,
  paymentId: null,
  resolution: null,
  createdByName: 'Kudzai Banda',
  createdAt: '2026-11-04T10:00:00.000Z',
  resolvedAt: null,
  ...overrides,
});

beforeEach(() => {
  server = mockHttp();
});

describe('SuspensePage', () => {
  it('allocates an open item to a lease in its currency, after saying what happens', async () => {
    const open = item();
    const done = item({
      state: 'refunded',
      resolution: 'Refunded on 5 Nov 2026',
      amount: 500,
      counterparty: 'A Sender',
    });
    const lease = makeLease({ currency: 'USD', propertyName: 'Sunset Flats', tenantName: 'Joseph Moyo' });
    server.on('GET', '/banking/suspense', page([open, done]));
    server.on('GET', '/leases', page([lease, makeLease({ currency: 'ZWG', propertyName: 'Gold Flats' })]));
    server.on('POST', `/banking/suspense/${open._id}/allocate`, (call) => {
      expect(call.body).toEqual({ leaseId: lease._id, type: 'rent' });
      return ok({ ...open, state: 'allocated', leaseId: lease._id });
    });
    auth.user = makeUser({ role: 'accountant' });
    renderAt('/accountant-dashboard/banking/suspense', withProviders(<SuspensePage />));

    const grid = await screen.findByRole('grid', { name: 'Suspense items' });
    await within(grid).findByText('J Moyo · Transfer in');
    // Only the open item can be allocated or refunded.
    expect(within(grid).getAllByRole('button', { name: /^Allocate/ })).toHaveLength(1);
    expect(within(grid).getByText('Refunded: Refunded on 5 Nov 2026')).toBeInTheDocument();

    await userEvent.click(
      within(grid).getByRole('button', { name: 'Allocate $123.45 of 4 Nov 2026 to a lease' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Allocate to a lease' });
    expect(dialog).toHaveTextContent(
      '$123.45 received on 4 Nov 2026 from J Moyo becomes a payment on the lease.',
    );
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Lease' }));
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(1);
    await userEvent.click(options[0]!);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Allocate $123.45' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refunds an open item with a date and reference', async () => {
    const open = item();
    server.on('GET', '/banking/suspense', page([open]));
    server.on('POST', `/banking/suspense/${open._id}/refund`, (call) => {
      expect(call.body).toEqual({ date: '2026-11-06', reference: 'RF-1' });
      return ok({ ...open, state: 'refunded' });
    });
    auth.user = makeUser({ role: 'accountant' });
    renderAt('/accountant-dashboard/banking/suspense', withProviders(<SuspensePage />));
    const grid = await screen.findByRole('grid', { name: 'Suspense items' });
    await userEvent.click(await within(grid).findByRole('button', { name: 'Refund $123.45 of 4 Nov 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund $123.45?' });
    const date = within(dialog).getByLabelText(/Refund date/);
    await userEvent.clear(date);
    await userEvent.type(date, '2026-11-06');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reference' }), 'RF-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(server.callsTo('POST', `/banking/suspense/${open._id}/refund`)).toHaveLength(1),
    );
  });

  it('shows an admin the items without actions', async () => {
    server.on('GET', '/banking/suspense', page([item()]));
    auth.user = makeUser({ role: 'admin' });
    renderAt('/admin-dashboard/banking/suspense', withProviders(<SuspensePage />));
    const grid = await screen.findByRole('grid', { name: 'Suspense items' });
    await within(grid).findByText('J Moyo · Transfer in');
    expect(within(grid).queryByRole('button')).toBeNull();
  });
});
