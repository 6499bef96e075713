import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role, User } from '@lintel/contracts';
import { firstOfMonth, todayIso } from '../../../lib/format.ts';
import { makeFinanceSettings } from '../../../test/finance-fixtures.ts';
import { makeProperty, makeUser, USER_ID } from '../../../test/fixtures.ts';
import { page, mockHttp, type MockServer, ok } from '../../../test/http-mock.ts';
import { renderAt, withProviders } from '../../../test/render.tsx';
import { makePropertyAccount, makeStatement, statementReply } from '../../../test/accounts-fixtures.tsx';
import { PropertyAccountPage } from './PropertyAccountPage.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: auth.user }) }));

let server: MockServer;
const property = makeProperty({ name: 'Sunset Flats', ownerName: 'Grace Owner', agentId: USER_ID });
const statementUrl = `/accounts/properties/${property._id}/statement`;

function render(role: Role) {
  auth.user = makeUser({ role });
  return renderAt(
    `/accountant-dashboard/property-accounts/${property._id}`,
    withProviders(
      <Routes>
        <Route path="/accountant-dashboard/property-accounts/:propertyId" element={<PropertyAccountPage />} />
      </Routes>,
    ),
  );
}

beforeEach(() => {
  server = mockHttp();
  server
    .on('GET', `/properties/${property._id}`, ok(property))
    .on(
      'GET',
      '/accounts/properties',
      page([
        makePropertyAccount({ propertyId: property._id, balance: 125050, arrears: 20000 }),
        // Another property whose name matched the search: not this page's.
        makePropertyAccount({ propertyName: 'Sunset Flats East', balance: 999 }),
      ]),
    )
    .on('GET', statementUrl, statementReply(makeStatement()))
    .on(
      'GET',
      '/settings/finance',
      ok(
        makeFinanceSettings({
          currencies: ['USD'],
          vatRegistered: false,
          vatRateBp: 0,
          receiptPrefix: 'R-',
          __v: 0,
        }),
      ),
    );
});

const rowTexts = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .queryAllByRole('gridcell')
        .map((cell) => cell.textContent),
    );

describe('PropertyAccountPage', () => {
  it('shows the balance held and arrears, and the statement from opening to closing balance', async () => {
    render('admin');
    const grid = await screen.findByRole('grid', { name: 'Property statement: Sunset Flats' });
    expect(
      within(screen.getByRole('region', { name: 'Balance held' })).getByText('$1,250.50'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Arrears' })).getByText('$200.00')).toBeInTheDocument();
    const figures = screen.getByRole('region', { name: 'Statement' });
    expect(figures).toHaveTextContent('Opening balance, 1 Nov 2026$100.00');
    expect(figures).toHaveTextContent('Money in$900.00');
    expect(figures).toHaveTextContent('Money out$450.00');
    expect(figures).toHaveTextContent('Closing balance, 23 Nov 2026$550.00');
    expect(rowTexts(grid)).toEqual([
      ['3 Nov 2026', 'Rent received R-0001', 'BANK-77', '$900.00', '', '$1,000.00'],
      ['10 Nov 2026', 'Paid to owner', '', '', '$450.00', '$550.00'],
    ]);
    expect(server.callsTo('GET', statementUrl)[0]?.params).toEqual({
      from: firstOfMonth(),
      to: todayIso(),
      currency: 'USD',
      page: '1',
      pageSize: '25',
    });
  });

  it('pages through the lines on the server; the figures stay the whole period', async () => {
    // 30 lines in the period: the first page holds 25, the second 5 (two of them stand in here).
    const [first, second] = makeStatement().lines;
    server.on('GET', statementUrl, (call) =>
      statementReply(makeStatement({ lines: call.params?.page === '2' ? [second!] : [first!] }), {
        page: Number(call.params?.page),
        total: 30,
      }),
    );
    render('accountant');
    const grid = await screen.findByRole('grid', { name: 'Property statement: Sunset Flats' });
    expect(rowTexts(grid)).toEqual([
      ['3 Nov 2026', 'Rent received R-0001', 'BANK-77', '$900.00', '', '$1,000.00'],
    ]);
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(rowTexts(grid)).toEqual([['10 Nov 2026', 'Paid to owner', '', '', '$450.00', '$550.00']]),
    );
    expect(screen.getByText('26–30 of 30')).toBeInTheDocument();
    expect(server.callsTo('GET', statementUrl).map((call) => call.params?.page)).toEqual(['1', '2']);
    expect(screen.getByRole('region', { name: 'Statement' })).toHaveTextContent(
      'Closing balance, 23 Nov 2026$550.00',
    );
  });

  it('says when nothing moved in the period', async () => {
    server.on('GET', statementUrl, statementReply(makeStatement({ lines: [], moneyIn: 0, moneyOut: 0 })));
    render('agent');
    expect(await screen.findByText('Nothing moved in this period.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Statement' })).toHaveTextContent(
      'Opening balance, 1 Nov 2026$100.00',
    );
  });

  it.each(['admin', 'agent'] as const)('offers the %s no payouts or expenses', async (role) => {
    render(role);
    expect(await screen.findByRole('grid', { name: /Property statement/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay owner' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay supplier' })).not.toBeInTheDocument();
  });

  it('pays the owner in minor units after a confirmation, and shows the server refusing', async () => {
    server.on('POST', '/payouts', {
      status: 422,
      data: { status: 'error', code: 'INSUFFICIENT_BALANCE', message: 'The account holds only $1,000.00.' },
    });
    render('accountant');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay owner' }));
    const amount = await screen.findByRole('textbox', { name: /Amount/ });
    expect(amount).toHaveValue('1250.50');
    await userEvent.clear(amount);
    await userEvent.type(amount, '1300');
    await userEvent.tab();
    expect(await screen.findByText('No more than the balance held, $1,250.50')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '1,200.5');
    await userEvent.type(screen.getByRole('textbox', { name: 'Reference' }), 'EFT-9');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Pay $1,200.50 to Grace Owner?')).toBeInTheDocument();
    expect(server.callsTo('POST', '/payouts')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('The account holds only $1,000.00.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/payouts')[0]?.body).toEqual({
      accountType: 'property',
      accountId: property._id,
      amount: 120050,
      currency: 'USD',
      method: 'bank_transfer',
      reference: 'EFT-9',
    });
  });
});
