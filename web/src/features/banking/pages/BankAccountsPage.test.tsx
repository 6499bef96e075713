import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@lintel/contracts';
import { makeFinanceSettings } from '../../../test/finance-fixtures.ts';
import { makeCompany, makeUser } from '../../../test/fixtures.ts';
import { mockHttp, type MockServer, ok } from '../../../test/http-mock.ts';
import { currentPath, renderAt, withProviders } from '../../../test/render.tsx';
import { makeBankAccount } from '../test/banking-fixtures.ts';
import { BankAccountsPage } from './BankAccountsPage.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: auth.user }) }));
vi.mock('../../../session/CompanyProvider.tsx', () => ({
  useCompany: () => ({
    company: makeCompany({
      bankAccounts: [
        {
          bankName: 'CBZ Bank',
          accountName: 'Demo Trust',
          accountNumber: '0112',
          currency: 'USD',
        },
        {
          bankName: 'Stanbic Bank',
          accountName: 'Demo Operations',
          accountNumber: '9140001234567',
          currency: 'ZWG',
        },
      ],
    }),
    loading: false,
    error: null,
  }),
}));

let server: MockServer;

beforeEach(() => {
  server = mockHttp();
  server.on('GET', '/settings/finance', ok(makeFinanceSettings({ currencies: ['USD', 'ZWG'] })));
});

describe('BankAccountsPage', () => {
  it('lists each bank account with its statement, unmatched lines and reconciled date', async () => {
    server.on('GET', '/banking/accounts', ok([makeBankAccount({ name: 'Trust USD' })]));
    auth.user = makeUser({ role: 'accountant' });
    renderAt('/accountant-dashboard/banking', withProviders(<BankAccountsPage />));
    const list = await screen.findByRole('list', { name: 'Bank accounts' });
    const card = within(list).getByRole('listitem');
    expect(card).toHaveTextContent('Trust USD');
    expect(card).toHaveTextContent('Trust · USD');
    expect(card).toHaveTextContent('$12,500.00 on 20 Nov 2026');
    expect(card).toHaveTextContent('Unmatched lines3');
    expect(card).toHaveTextContent('Reconciled through31 Oct 2026');
  });

  it('adds a trust ZWG account from the company profile, then opens it', async () => {
    let accounts = [makeBankAccount()];
    const created = makeBankAccount({ currency: 'ZWG', name: 'Demo Operations', statementDate: null });
    server.on('GET', '/banking/accounts', () => ok(accounts));
    server.on('POST', '/banking/accounts', (call) => {
      expect(call.body).toEqual({
        book: 'trust',
        currency: 'ZWG',
        name: 'Demo Operations',
        bankName: 'Stanbic Bank',
        accountNumber: '9140001234567',
        matchWindowDays: 3,
      });
      accounts = [...accounts, created];
      return { status: 201, data: { status: 'success', data: created } };
    });
    auth.user = makeUser({ role: 'accountant' });
    renderAt('/accountant-dashboard/banking', withProviders(<BankAccountsPage />));
    await userEvent.click(await screen.findByRole('button', { name: 'Add bank account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add bank account' });

    // Nothing chosen: the contract's checks name the missing fields, nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add bank account' }));
    expect(await within(dialog).findByText('Choose a currency')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'From the company profile' }));
    await userEvent.click(await screen.findByRole('option', { name: /Demo Operations/ }));
    expect(within(dialog).getByRole('textbox', { name: 'Account name' })).toHaveValue('Demo Operations');
    expect(within(dialog).getByRole('combobox', { name: 'Currency' })).toHaveTextContent('ZWG');
    const days = within(dialog).getByRole('textbox', { name: 'Match window (days)' });
    await userEvent.clear(days);
    await userEvent.type(days, '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add bank account' }));

    await waitFor(() => expect(currentPath()).toBe(`/accountant-dashboard/banking/${created._id}`));
    expect(server.callsTo('POST', '/banking/accounts')).toHaveLength(1);
  });

  it('lets an admin read the accounts but not add one', async () => {
    server.on('GET', '/banking/accounts', ok([]));
    auth.user = makeUser({ role: 'admin' });
    renderAt('/admin-dashboard/banking', withProviders(<BankAccountsPage />));
    expect(await screen.findByText('No bank accounts yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add bank account' })).toBeNull();
  });

  it('asks nothing of the server for roles that cannot read it', () => {
    auth.user = makeUser({ role: 'agent' });
    renderAt('/agent-dashboard/banking', withProviders(<BankAccountsPage />));
    expect(screen.getByText(/kept by your agency/)).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });
});
