import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEPOSIT_RELEASE_EMPTY, type Lease, type Role, type User } from '@lintel/contracts';
import { makeUser } from '../../../test/fixtures.ts';
import { mockHttp, type MockServer, ok } from '../../../test/http-mock.ts';
import { DepositCard } from './DepositCard.tsx';
import { depositTotalMessage, RELEASE_DATE_FUTURE } from './ReleaseDepositDialog.tsx';
import { makeLease, makeStatement, statementReply } from '../../../test/accounts-fixtures.tsx';
import { withProviders } from '../../../test/render.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: auth.user }) }));

let server: MockServer;

const depositStatement = makeStatement({
  title: 'Deposit statement',
  subject: 'Tariro Tenant',
  openingBalance: 0,
  moneyIn: 100000,
  moneyOut: 0,
  closingBalance: 100000,
  lines: [
    {
      date: '2025-01-01',
      journalId: '00000000-0000-4000-8000-000000000001',
      kind: 'payment_deposit',
      description: 'DR-000001 deposit from Tariro Tenant',
      reference: 'DEP-1',
      amount: 99500,
      balance: 99500,
    },
    {
      date: '2025-12-01',
      journalId: '00000000-0000-4000-8000-000000000002',
      kind: 'deposit_interest',
      description: 'Interest on deposits, 2025-11-01 to 2025-11-30',
      reference: null,
      amount: 500,
      balance: 100000,
    },
  ],
});

function renderCard(role: Role, lease: Lease) {
  auth.user = makeUser({ role });
  server.on(
    'GET',
    `/leases/${lease._id}/deposit`,
    ok([{ leaseId: lease._id, currency: 'USD', held: 100000 }]),
  );
  server.on('GET', `/leases/${lease._id}/deposit/statement`, statementReply(depositStatement));
  return render(withProviders(<DepositCard lease={lease} />));
}

const held = async () => (await screen.findByText(/Held:/)).textContent;

beforeEach(() => {
  server = mockHttp();
});

describe('DepositCard', () => {
  it('shows what is held and the deposit statement: paid in and interest', async () => {
    renderCard('owner', makeLease({ status: 'active' }));
    expect(await held()).toBe('Held: $1,000.00');
    const grid = await screen.findByRole('grid', { name: 'Deposit statement: Tariro Tenant' });
    expect(within(grid).getByText('Interest on deposits, 2025-11-01 to 2025-11-30')).toBeInTheDocument();
    expect(within(grid).getByText('DR-000001 deposit from Tariro Tenant')).toBeInTheDocument();
    expect(server.calls.find((call) => call.url.endsWith('/deposit/statement'))?.params?.currency).toBe(
      'USD',
    );
  });

  it('releases with a deduction to the owner, one to a supplier and the refund, checked against what is held', async () => {
    const lease = makeLease({ status: 'terminated' });
    server.on(
      'POST',
      `/leases/${lease._id}/deposit/release`,
      ok({ leaseId: lease._id, currency: 'USD', held: 0 }),
    );
    renderCard('accountant', lease);
    expect(await held()).toBe('Held: $1,000.00');
    await userEvent.click(screen.getByRole('button', { name: 'Release deposit' }));
    const refund = await screen.findByRole('textbox', { name: /Refund to the tenant/ });
    expect(refund).toHaveValue('1000.00');

    await userEvent.click(screen.getByRole('button', { name: 'Add deduction' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Description/ }), 'Broken window');
    await userEvent.type(screen.getByRole('textbox', { name: /^Amount/ }), '300');
    expect(await screen.findByText(depositTotalMessage(100000, 'USD'))).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add deduction' }));
    await userEvent.click(screen.getAllByRole('combobox', { name: 'To' })[1]!);
    await userEvent.click(await screen.findByRole('option', { name: 'A supplier' }));
    await userEvent.type(screen.getAllByRole('textbox', { name: /Supplier/ })[1]!, 'CleanCo');
    await userEvent.type(screen.getAllByRole('textbox', { name: /Description/ })[1]!, 'End-of-lease clean');
    await userEvent.type(screen.getAllByRole('textbox', { name: /^Amount/ })[1]!, '100');
    await userEvent.clear(refund);
    await userEvent.type(refund, '600');
    await waitFor(() =>
      expect(screen.queryByText(depositTotalMessage(100000, 'USD'))).not.toBeInTheDocument(),
    );
    expect(screen.getByText(/Left held:/)).toHaveTextContent('Left held: $0.00');

    const settled = screen.getByLabelText(/Settled on/);
    fireEvent.change(settled, { target: { value: '2999-01-01' } });
    expect(await screen.findByText(RELEASE_DATE_FUTURE)).toBeInTheDocument();
    fireEvent.change(settled, { target: { value: '2026-01-15' } });
    await waitFor(() => expect(screen.queryByText(RELEASE_DATE_FUTURE)).not.toBeInTheDocument());

    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), 'Tenant moved out');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Release' }));
    await waitFor(() =>
      expect(server.callsTo('POST', `/leases/${lease._id}/deposit/release`)[0]?.body).toEqual({
        currency: 'USD',
        releaseDate: '2026-01-15',
        deductions: [
          { to: 'owner', amount: 30000, description: 'Broken window' },
          {
            to: 'supplier',
            supplier: 'CleanCo',
            amount: 10000,
            description: 'End-of-lease clean',
            method: 'bank_transfer',
          },
        ],
        toTenant: 60000,
        reason: 'Tenant moved out',
        method: 'bank_transfer',
        reference: null,
      }),
    );
  }, 60_000);

  it('asks for something to release', async () => {
    const lease = makeLease({ status: 'expired' });
    renderCard('accountant', lease);
    await userEvent.click(await screen.findByRole('button', { name: 'Release deposit' }));
    await userEvent.clear(await screen.findByRole('textbox', { name: /Refund to the tenant/ }));
    expect(await screen.findByText(DEPOSIT_RELEASE_EMPTY)).toBeInTheDocument();
  });

  it.each([
    ['admin', makeLease({ status: 'expired' })],
    ['accountant', makeLease({ status: 'active' })],
    ['accountant', makeLease({ status: 'expired', renewalId: '00000000-0000-4000-8000-0000000000aa' })],
  ] as const)(
    'offers the %s no release on a lease whose tenancy goes on or to the wrong role',
    async (role, lease) => {
      renderCard(role, lease);
      expect(await held()).toBe('Held: $1,000.00');
      expect(screen.queryByRole('button', { name: 'Release deposit' })).not.toBeInTheDocument();
    },
  );
});
