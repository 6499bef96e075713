import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Report, type ReportKind, type User } from '@lintel/contracts';
import { firstOfMonth, todayIso } from '../../../lib/format.ts';
import { makeFinanceSettings } from '../../../test/finance-fixtures.ts';
import { makeProperty, makeUser } from '../../../test/fixtures.ts';
import { page, deferred, mockHttp, type MockServer, ok, type RecordedCall } from '../../../test/http-mock.ts';
import { renderAt, withProviders } from '../../../test/render.tsx';
import { ReportsPage } from './ReportsPage.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: auth.user }) }));

/** A report as the server sends it, checked by the contract so the fixture cannot drift from it. */
const makeReport = (kind: ReportKind, overrides: Partial<Report> = {}): Report =>
  Report.parse({
    report: kind,
    title: kind === 'arrears' ? 'Arrears aging' : 'Income by month',
    description: 'Rent and other money received, by month.',
    from: '2026-01-01',
    to: '2026-03-31',
    currency: 'USD',
    generatedAt: '2026-04-01T08:00:00.000Z',
    summary: [
      { label: 'Received', value: 425050, type: 'money' },
      { label: 'Collection rate', value: 8750, type: 'percent' },
    ],
    columns: [
      { key: 'month', label: 'Month', type: 'month' },
      { key: 'received', label: 'Received', type: 'money' },
      { key: 'payments', label: 'Payments', type: 'count' },
      { key: 'rate', label: 'Collection rate', type: 'percent' },
    ],
    rows: [
      { month: '2026-01', received: 100000, payments: 2, rate: 10000 },
      { month: '2026-02', received: 300050, payments: 5, rate: 9050 },
      { month: '2026-03', received: 25000, payments: 1, rate: 1250 },
    ],
    totals: { month: null, received: 425050, payments: 8, rate: 8750 },
    chart: { type: 'bar', xKey: 'month', series: [{ key: 'received', label: 'Received' }], stacked: false },
    ...overrides,
  });

let server: MockServer;

const reportCalls = () => server.calls.filter((call) => call.url.startsWith('/reports/'));
const lastReportCall = () => reportCalls().at(-1);

function render(path = '/reports') {
  return renderAt(path, withProviders(<ReportsPage />));
}

beforeEach(() => {
  auth.user = makeUser({ role: 'accountant' });
  server = mockHttp()
    .on('GET', '/settings/finance', ok(makeFinanceSettings()))
    .on('GET', '/properties', page([]))
    .on('GET', '/owners', page([]))
    .on('GET', '/accounts/agents', ok([]))
    .on('GET', /^\/reports\/[\w-]+$/, (call: RecordedCall) =>
      ok(makeReport(call.url.split('/').at(-1) as ReportKind)),
    );
});

describe('ReportsPage', () => {
  it('asks for income over the last twelve months by default, then follows the report and filters picked', async () => {
    const { location } = render();
    await screen.findByRole('table', { name: 'Income by month' });
    expect(lastReportCall()).toMatchObject({
      url: '/reports/income',
      params: { from: firstOfMonth(11), to: todayIso() },
    });

    await userEvent.click(screen.getByRole('tab', { name: 'Arrears aging' }));
    await waitFor(() =>
      expect(lastReportCall()).toMatchObject({ url: '/reports/arrears', params: { groupBy: 'tenant' } }),
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Group by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Owner' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Currency' }), 'ZWG');
    await waitFor(() =>
      expect(lastReportCall()?.params).toEqual({ to: todayIso(), currency: 'ZWG', groupBy: 'owner' }),
    );
    // The choice is in the address, so the report can be bookmarked.
    const search = new URLSearchParams(location().search);
    expect(Object.fromEntries(search)).toEqual({ report: 'arrears', groupBy: 'owner', currency: 'ZWG' });

    await userEvent.click(screen.getByRole('tab', { name: 'Income by month' }));
    await waitFor(() => expect(lastReportCall()?.url).toBe('/reports/income'));
    expect(lastReportCall()?.params).not.toHaveProperty('groupBy');
  });

  it('opens a shared link with its report, period and filter, and names the filtered property', async () => {
    const propertyId = '00000000-0000-4000-8000-0000000000aa';
    server.on(
      'GET',
      `/properties/${propertyId}`,
      ok(makeProperty({ _id: propertyId, name: 'Sunset Flats' })),
    );
    render(`/reports?report=rent-roll&from=2026-01-01&to=2026-06-30&propertyId=${propertyId}&agentId=`);
    await waitFor(() =>
      expect(lastReportCall()).toMatchObject({
        url: '/reports/rent-roll',
        params: { to: '2026-06-30', propertyId },
      }),
    );
    expect(lastReportCall()?.params).not.toHaveProperty('agentId');
    expect(screen.getByLabelText('As of')).toHaveValue('2026-06-30');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Property' })).toHaveValue('Sunset Flats'),
    );
  });

  it('reads a period, one day or none, as each report does', async () => {
    render('/reports?from=2026-01-01&to=2026-03-31');
    await screen.findByRole('table', { name: 'Income by month' });
    expect(screen.getByText('1 Jan 2026 – 31 Mar 2026 · USD')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Trust reconciliation' }));
    await waitFor(() => expect(lastReportCall()?.url).toBe('/reports/trust-reconciliation'));
    // The whole trust account on one day: no period start and no record filters.
    expect(lastReportCall()?.params).toEqual({ to: '2026-03-31' });
    expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
    expect(screen.getByLabelText('As of')).toHaveValue('2026-03-31');
    expect(screen.queryByRole('combobox', { name: 'Property' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Occupancy' }));
    await waitFor(() => expect(lastReportCall()?.url).toBe('/reports/occupancy'));
    expect(lastReportCall()?.params).toEqual({});
    expect(screen.queryByLabelText('As of')).not.toBeInTheDocument();
  });

  it('asks nothing while the period ends before it starts, and says why', async () => {
    render('/reports?from=2026-06-01&to=2026-01-01');
    expect(await screen.findByText('The period must end on or after its start')).toBeInTheDocument();
    expect(reportCalls()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeDisabled();
  });

  it('shows the summary, the chart and the rows with money, counts, months and percent, and a totals row', async () => {
    render();
    const table = await screen.findByRole('table', { name: 'Income by month' });
    expect(
      within(screen.getByRole('region', { name: 'Received' })).getByText('$4,250.50'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Collection rate' })).getByText('87.5%'),
    ).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Income by month chart' })).toBeInTheDocument();

    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Month', 'Received', 'Payments', 'Collection rate'],
      ['Jan 2026', '$1,000.00', '2', '100%'],
      ['Feb 2026', '$3,000.50', '5', '90.5%'],
      ['Mar 2026', '$250.00', '1', '12.5%'],
      ['Total', '$4,250.50', '8', '87.5%'],
    ]);
  });

  it('sorts by a column, both ways, keeping the totals row last', async () => {
    render();
    const table = await screen.findByRole('table', { name: 'Income by month' });
    const months = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.firstChild?.textContent);
    await userEvent.click(within(table).getByRole('button', { name: 'Received' }));
    expect(months()).toEqual(['Mar 2026', 'Jan 2026', 'Feb 2026', 'Total']);
    await userEvent.click(within(table).getByRole('button', { name: 'Received' }));
    expect(months()).toEqual(['Feb 2026', 'Jan 2026', 'Mar 2026', 'Total']);
  });

  it('keeps a reconciliation’s total held and difference under the accounts, bold and ruled off, however sorted', async () => {
    server.on(
      'GET',
      '/reports/trust-reconciliation',
      ok(
        makeReport('trust-reconciliation', {
          title: 'Trust reconciliation',
          summary: [],
          columns: [
            { key: 'item', label: 'Account', type: 'text' },
            { key: 'amount', label: 'Amount', type: 'money' },
          ],
          rows: [
            { key: 'trustBank', item: 'Trust bank account', amount: 211000 },
            { key: 'owners', item: 'Held for owners', amount: 200200 },
            { key: 'dueToAgency', item: 'Due to the agency', amount: 10800 },
          ],
          totals: null,
          closingRows: [
            { key: 'totalHeld', item: 'Total held in trust', amount: 211000 },
            { key: 'difference', item: 'Difference', amount: 0 },
          ],
          chart: null,
        }),
      ),
    );
    render('/reports?report=trust-reconciliation');
    const table = await screen.findByRole('table', { name: 'Trust reconciliation' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    await userEvent.click(within(table).getByRole('button', { name: 'Amount' }));
    expect(rows().map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Due to the agency', '$108.00'],
      ['Held for owners', '$2,002.00'],
      ['Trust bank account', '$2,110.00'],
      ['Total held in trust', '$2,110.00'],
      ['Difference', '$0.00'],
    ]);
    const [totalHeld, difference] = rows()
      .slice(-2)
      .map((row) => row.firstElementChild!);
    expect(getComputedStyle(totalHeld!).fontWeight).toBe('700');
    expect(getComputedStyle(difference!).fontWeight).toBe('700');
    expect(getComputedStyle(totalHeld!).borderTopWidth).toBe('2px');
  });

  it('says when the period has no rows', async () => {
    server.on('GET', '/reports/income', ok(makeReport('income', { rows: [], totals: null, chart: null })));
    render();
    expect(await screen.findByText('No rows for this period')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the server's message when the report fails, and tries again", async () => {
    server.on('GET', '/reports/income', {
      status: 400,
      data: { status: 'error', code: 'VALIDATION', message: 'Currency ZZZ is not enabled' },
    });
    render();
    expect(await screen.findByText('Currency ZZZ is not enabled')).toBeInTheDocument();
    server.on('GET', '/reports/income', ok(makeReport('income')));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Income by month' })).toBeInTheDocument();
  });

  it('downloads the report as CSV and PDF with the same filters, showing progress while the PDF is built', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const pdf = deferred<{ status: number; data: Blob }>();
    server.on('GET', '/reports/arrears', (call) =>
      call.params?.format === 'pdf'
        ? pdf.promise
        : call.params?.format === 'csv'
          ? { status: 200, data: new Blob(['Tenant,Owed\n']) }
          : ok(makeReport('arrears')),
    );
    render('/reports?report=arrears&from=2026-01-01&to=2026-03-31');
    await screen.findByRole('table', { name: 'Arrears aging' });

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(lastReportCall()?.params).toEqual({ to: '2026-03-31', groupBy: 'tenant', format: 'csv' });

    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('Building the PDF…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    expect(lastReportCall()?.params).toMatchObject({ format: 'pdf', groupBy: 'tenant' });
    pdf.resolve({ status: 200, data: new Blob(['%PDF-']) });
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByText('Building the PDF…')).not.toBeInTheDocument());
  });

  it('explains to other roles that reports are the accountants’, asking nothing', () => {
    auth.user = makeUser({ role: 'agent' });
    render();
    expect(screen.getByText(/Reports are kept by your agency/)).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });
});
