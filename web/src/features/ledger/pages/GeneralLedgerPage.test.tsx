import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Journal, TrialBalance, User } from '@lintel/contracts';
import { makeFinanceSettings } from '../../../test/finance-fixtures.ts';
import { makeUser, uuid } from '../../../test/fixtures.ts';
import { page, mockHttp, type MockServer, ok } from '../../../test/http-mock.ts';
import { renderAt, withProviders } from '../../../test/render.tsx';
import { GeneralLedgerPage } from './GeneralLedgerPage.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: auth.user }) }));

let server: MockServer;

const rent = (overrides: Partial<Journal> = {}): Journal => ({
  _id: uuid(),
  book: 'trust',
  kind: 'payment_rent',
  source: 'payment',
  description: 'Rent received R-0001',
  reference: 'BANK-1',
  entryDate: '2026-11-03',
  linkedId: null,
  reversesId: null,
  postedBy: null,
  lines: [
    { account: 'trust:bank', label: 'Trust bank', book: 'trust', currency: 'USD', amount: 100000 },
    {
      account: 'property:p1',
      label: 'Owner ledger — Sunset Flats',
      book: 'trust',
      currency: 'USD',
      amount: -88500,
    },
    {
      account: 'trust:due-to-agency',
      label: 'Due to the agency',
      book: 'trust',
      currency: 'USD',
      amount: -11500,
    },
  ],
  ...overrides,
});

beforeEach(() => {
  server = mockHttp();
  server.on('GET', '/settings/finance', ok(makeFinanceSettings()));
});

describe('GeneralLedgerPage', () => {
  it('lists journals, filters by book and source, and opens a journal with its lines', async () => {
    const journal = rent();
    server.on('GET', '/ledger/journals', page([journal]));
    server.on('GET', `/ledger/journals/${journal._id}`, ok({ ...journal, linkedJournalIds: [uuid()] }));
    auth.user = makeUser({ role: 'accountant' });
    renderAt('/', withProviders(<GeneralLedgerPage />));

    expect(await screen.findByRole('heading', { level: 1, name: 'General ledger' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Journals' });
    expect(await within(grid).findByText('Rent received R-0001')).toBeInTheDocument();
    expect(within(grid).getByText('$1,000.00')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Book' }));
    await user.click(await screen.findByRole('option', { name: 'Trust' }));
    await user.click(screen.getByRole('combobox', { name: 'Source' }));
    await user.click(await screen.findByRole('option', { name: 'Reversal' }));
    await waitFor(() => {
      const last = server.callsTo('GET', '/ledger/journals').at(-1)!;
      expect(last.params).toMatchObject({ book: 'trust', source: 'reversal', page: '1' });
    });

    await user.click(within(grid).getByText('Rent received R-0001'));
    const dialog = await screen.findByRole('dialog');
    const lines = await within(dialog).findByRole('table', { name: 'Journal lines' });
    expect(within(lines).getByRole('link', { name: 'Trust bank' })).toHaveAttribute(
      'href',
      '/accountant-dashboard/ledger/accounts/trust%3Abank',
    );
    expect(within(lines).getByText('$885.00')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /business book's half/ })).toBeInTheDocument();
  }, 60_000);

  it('shows both books of the trial balance, each totalling zero', async () => {
    server.on('GET', '/ledger/journals', page([]));
    const trial: TrialBalance = {
      currency: 'USD',
      asOf: '2026-11-26',
      books: [
        {
          book: 'trust',
          total: 0,
          accounts: [
            { account: 'trust:bank', label: 'Trust bank', book: 'trust', type: 'asset', balance: 5000 },
            {
              account: 'trust:due-to-agency',
              label: 'Due to the agency',
              book: 'trust',
              type: 'liability',
              balance: -5000,
            },
          ],
        },
        { book: 'business', total: 0, accounts: [] },
      ],
      accounts: [],
      total: 0,
      trustBank: 5000,
      heldForOthers: 5000,
      clientMoney: 0,
      dueToAgency: 5000,
    };
    server.on('GET', '/ledger/trial-balance', ok(trial));
    auth.user = makeUser({ role: 'admin' });
    renderAt('/', withProviders(<GeneralLedgerPage />));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Trial balance' }));
    const trust = await screen.findByRole('table', { name: 'Trust book trial balance' });
    expect(within(trust).getByRole('link', { name: 'Trust bank' })).toHaveAttribute(
      'href',
      '/admin-dashboard/ledger/accounts/trust%3Abank',
    );
    expect(within(trust).getAllByText('$50.00')).toHaveLength(2);
    expect(screen.getByTestId('total-trust')).toHaveTextContent('$0.00');
    expect(screen.getByTestId('total-business')).toHaveTextContent('$0.00');
    expect(screen.getByText('No balances in USD.')).toBeInTheDocument();
  });

  it('tells other roles the ledger is the accountants’', async () => {
    auth.user = makeUser({ role: 'agent' });
    renderAt('/', withProviders(<GeneralLedgerPage />));
    expect(await screen.findByText(/kept by your agency's accountants/)).toBeInTheDocument();
    expect(server.callsTo('GET', '/ledger/journals')).toHaveLength(0);
  });
});
