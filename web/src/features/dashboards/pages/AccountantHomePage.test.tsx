import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeFinanceSettings } from '../../../test/finance-fixtures.ts';
import { makeCompany, makeUser } from '../../../test/fixtures.ts';
import { mockHttp, type MockServer } from '../../../test/http-mock.ts';
import { makeAccountantDashboard, makeIncome } from '../test/dashboard-fixtures.ts';
import { dashboardRolesAsked, failure, ok, renderHome } from '../test/render-home.tsx';
import { AccountantHomePage } from './AccountantHomePage.tsx';

vi.mock('../../../session/AuthProvider.tsx', () => ({
  useAuth: () => ({ user: makeUser({ role: 'accountant' }) }),
}));
vi.mock('../../../session/CompanyProvider.tsx', () => ({
  useCompany: () => ({ company: makeCompany(), loading: false, error: null }),
}));
vi.mock('../../tasks/index.ts', () => ({ MyTasksCard: () => <section aria-label="My tasks" /> }));

let server: MockServer;

beforeEach(() => {
  server = mockHttp();
  server.on('GET', '/settings/finance', ok(makeFinanceSettings({ currencies: ['USD'] })));
});

const kpi = (name: string) => screen.findByRole('region', { name });

describe('AccountantHomePage', () => {
  it('shows the money KPIs with their currency, the change on last month and the pages behind them', async () => {
    server.on('GET', '/dashboard/accountant', ok(makeAccountantDashboard()));
    renderHome('/accountant-dashboard', <AccountantHomePage />);

    const collected = await kpi('Collected this month');
    await waitFor(() => expect(collected).toHaveTextContent('$1,250.50'));
    expect(collected).toHaveTextContent('↑ Up $250.50 (25%) vs last month');
    expect(within(collected).getByRole('link', { name: 'Payments' })).toHaveAttribute(
      'href',
      '/accountant-dashboard/payments',
    );

    const arrears = await kpi('Arrears');
    expect(arrears).toHaveTextContent('$650.00');
    expect(arrears).toHaveTextContent('$350.00 over 30 days late');
    expect(within(arrears).getByRole('link', { name: 'Property accounts' })).toHaveAttribute(
      'href',
      '/accountant-dashboard/property-accounts',
    );
    expect(await kpi('Commission this month')).toHaveTextContent('$125.05');
    expect(await kpi('Held for owners')).toHaveTextContent('$9,876.54');
    const levies = await kpi('Levies due');
    expect(levies).toHaveTextContent('$450.00');
    expect(levies).toHaveTextContent('3 levies to pay');
    expect(within(levies).getByRole('link', { name: 'Levies' })).toHaveAttribute(
      'href',
      '/accountant-dashboard/levies',
    );
    const invoices = await kpi('Overdue invoices');
    expect(invoices).toHaveTextContent('$75.00');
    expect(invoices).toHaveTextContent('1 invoice past due');
    expect(within(invoices).getByRole('link', { name: 'Written invoices' })).toHaveAttribute(
      'href',
      '/accountant-dashboard/written-invoices',
    );

    const income = screen.getByRole('region', { name: 'Income by month' });
    const incomeTable = within(income).getByRole('table', { name: 'Income by month' });
    expect(within(incomeTable).getAllByRole('row')).toHaveLength(13);
    expect(within(income).getByRole('link', { name: 'Income report' })).toHaveAttribute(
      'href',
      '/accountant-dashboard/reports?report=income&currency=USD',
    );
    expect(
      within(incomeTable).getByRole('row', { name: 'Nov 2026 $1,275.00 $127.50 $0.00 $0.00' }),
    ).toBeInTheDocument();
    // Deposits and owner top-ups are shown beside income, not in it (issue 16).
    expect(
      within(incomeTable)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Month', 'Collected income', 'Commission', 'Deposits', 'Owner top-ups']);
    const byAge = screen.getByRole('region', { name: 'Arrears by age' });
    expect(within(byAge).getByRole('row', { name: '31–60 days $300.00' })).toBeInTheDocument();
    expect(within(byAge).getByRole('row', { name: 'Total $650.00' })).toBeInTheDocument();

    expect(screen.getByRole('region', { name: 'My tasks' })).toBeInTheDocument();
    expect(screen.queryByText(/come next/)).not.toBeInTheDocument();
    expect(dashboardRolesAsked(server)).toEqual(['accountant']);
  });

  it('says a month with less collected went down, in words', async () => {
    server.on(
      'GET',
      '/dashboard/accountant',
      ok(makeAccountantDashboard({ collectedThisMonth: 50000, collectedLastMonth: 200000 })),
    );
    renderHome('/accountant-dashboard', <AccountantHomePage />);
    const collected = await kpi('Collected this month');
    await waitFor(() => expect(collected).toHaveTextContent('↓ Down $1,500.00 (75%) vs last month'));
  });

  it('lists reports and data sync as built workspace pages', async () => {
    server.on('GET', '/dashboard/accountant', ok(makeAccountantDashboard()));
    renderHome('/accountant-dashboard', <AccountantHomePage />);
    const workspace = screen.getByRole('region', { name: 'Your workspace' });
    expect(within(workspace).getByRole('link', { name: /^Reports/ })).toHaveAttribute(
      'href',
      '/accountant-dashboard/reports',
    );
    expect(within(workspace).queryByText('Coming next')).not.toBeInTheDocument();
  });

  it('says so, instead of an empty chart, before any money is received', async () => {
    server.on(
      'GET',
      '/dashboard/accountant',
      ok(
        makeAccountantDashboard({
          collectedThisMonth: 0,
          collectedLastMonth: 0,
          incomeByMonth: makeIncome(() => 0),
          arrears: { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, days90plus: 0, total: 0 },
        }),
      ),
    );
    renderHome('/accountant-dashboard', <AccountantHomePage />);
    const income = await screen.findByRole('region', { name: 'Income by month' });
    await waitFor(() => expect(income).toHaveTextContent(/No money received in the last 12 months yet/));
    expect(within(income).queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Arrears by age' })).toHaveTextContent(
      'No arrears: every tenant is up to date.',
    );
    expect(await kpi('Collected this month')).toHaveTextContent('Same as last month');
  });

  it('shows the error and no charts when the figures cannot be loaded', async () => {
    server.on('GET', '/dashboard/accountant', failure(500, 'The figures are resting.'));
    renderHome('/accountant-dashboard', <AccountantHomePage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The figures are resting.');
    expect(screen.queryByRole('region', { name: 'Income by month' })).not.toBeInTheDocument();
    expect(await kpi('Collected this month')).toHaveTextContent('—');
  });

  it('offers the enabled currencies and asks for the figures in the one picked', async () => {
    server.on('GET', '/settings/finance', ok(makeFinanceSettings({ currencies: ['USD', 'ZWG'] })));
    server.on('GET', '/dashboard/accountant', ({ params }) =>
      ok(makeAccountantDashboard({ currency: params.currency ?? 'USD' })),
    );
    renderHome('/accountant-dashboard', <AccountantHomePage />);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Currency' }), 'ZWG');
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Held for owners' })).toHaveTextContent('ZWG'),
    );
    expect(server.callsTo('GET', '/dashboard/accountant').map((call) => call.params)).toEqual([
      {},
      { currency: 'ZWG' },
    ]);
  });
});
