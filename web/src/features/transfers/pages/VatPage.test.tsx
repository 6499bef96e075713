import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User, VatReport } from '@lintel/contracts';
import { makeFinanceSettings } from '../../../test/finance-fixtures.ts';
import { makeUser, uuid } from '../../../test/fixtures.ts';
import { mockHttp, type MockServer, ok } from '../../../test/http-mock.ts';
import { renderAt, withProviders } from '../../../test/render.tsx';
import { VatPage } from './VatPage.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: auth.user }) }));

let server: MockServer;

const report = (overrides: Partial<VatReport> = {}): VatReport => ({
  from: '2026-11-01',
  to: '2026-11-26',
  currency: 'USD',
  openingOwed: 1500,
  outputVat: 1500,
  bySource: { receipt: 1500, invoice: 0, other: 0 },
  paid: 0,
  closingOwed: 3000,
  lines: [
    {
      journalId: uuid(),
      date: '2026-11-02',
      kind: 'payment_rent',
      source: 'receipt',
      reference: 'RCT-000002',
      description: 'RCT-000002 rent from Tim Tenant — Sunset Flats',
      amount: 1500,
    },
  ],
  payments: [],
  ...overrides,
});

beforeEach(() => {
  server = mockHttp();
  server.on('GET', '/settings/finance', ok(makeFinanceSettings()));
});

describe('VatPage', () => {
  it('shows the VAT owed and output VAT by receipt, and records VAT paid after asking, never more than owed', async () => {
    let current = report();
    server.on('GET', '/ledger/vat', () => ok(current));
    server.on('POST', '/ledger/vat-payments', (call) => {
      expect(call.body).toMatchObject({ amount: 2000, currency: 'USD', reference: 'ZIMRA-1' });
      current = report({ paid: 2000, closingOwed: 1000 });
      return {
        status: 201,
        data: {
          status: 'success',
          data: {
            journalId: uuid(),
            amount: 2000,
            currency: 'USD',
            date: '2026-11-26',
            reference: 'ZIMRA-1',
            period: null,
            owedAfter: 1000,
          },
        },
      };
    });
    auth.user = makeUser({ role: 'accountant' });
    renderAt('/', withProviders(<VatPage />));

    const summary = await screen.findByRole('table', { name: 'VAT summary' });
    expect(within(summary).getByRole('row', { name: /VAT owed at the end/ })).toHaveTextContent('$30.00');
    const lines = screen.getByRole('table', { name: 'Output VAT by receipt and invoice' });
    expect(within(lines).getAllByRole('row')[1]).toHaveTextContent('RCT-000002');

    await userEvent.click(screen.getByRole('button', { name: 'Record VAT paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record VAT paid' });
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
    expect(amount).toHaveValue('30.00');
    await userEvent.clear(amount);
    await userEvent.type(amount, '30.01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('No more than the VAT owed, $30.00')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '20');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reference/ }), 'ZIMRA-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Record $20.00 of VAT paid?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Record' }));

    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'VAT summary' })).getByRole('row', {
          name: /VAT owed at the end/,
        }),
      ).toHaveTextContent('$10.00'),
    );
    expect(server.callsTo('POST', '/ledger/vat-payments')).toHaveLength(1);
  });

  it('lets an admin read the VAT report but not record a payment', async () => {
    server.on('GET', '/ledger/vat', ok(report()));
    auth.user = makeUser({ role: 'admin' });
    renderAt('/', withProviders(<VatPage />));
    await screen.findByRole('table', { name: 'VAT summary' });
    expect(screen.queryByRole('button', { name: 'Record VAT paid' })).toBeNull();
  });
});
