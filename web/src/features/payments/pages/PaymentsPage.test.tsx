import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_REASON_REQUIRED, type Property, type Role, type User } from '@lintel/contracts';
import { theme } from '../../../app/theme.ts';
import { makeFinanceSettings } from '../../../test/finance-fixtures.ts';
import { makeProperty, makeUser } from '../../../test/fixtures.ts';
import { mockHttp, type MockServer } from '../../../test/http-mock.ts';
import { makePayment, ok, page } from '../../../test/payment-fixtures.ts';
import { renderAt } from '../../../test/render.tsx';
import { PaymentsPage } from './PaymentsPage.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: auth.user }) }));

const propertyList = vi.hoisted(() => ({ properties: [] as Property[], fetchProperties: vi.fn() }));
vi.mock('../../../session/PropertyProvider.tsx', () => ({
  useProperties: () => ({ ...propertyList, loading: false, error: null }),
}));

let server: MockServer;

function render(role: Role, path = '/payments') {
  auth.user = makeUser({ role });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderAt(
    path,
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <PaymentsPage />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

/** Opens the details of the listed payment through its receipt number, as a keyboard user would. */
async function openDetails(receiptNumber: string) {
  await userEvent.click(await screen.findByRole('button', { name: receiptNumber }));
  return screen.findByRole('dialog', { name: `Receipt ${receiptNumber}` });
}

beforeEach(() => {
  server = mockHttp();
  server.on('GET', '/settings/finance', ok(makeFinanceSettings()));
  propertyList.properties = [];
  propertyList.fetchProperties.mockReset().mockResolvedValue(undefined);
  auth.user = null;
});

describe('PaymentsPage', () => {
  it("tells 'other' users who handles payments and calls nothing", async () => {
    render('other');
    expect(await screen.findByText("Payments are handled by your agency's accountants.")).toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });

  it('lists payments with the amount in its currency and the status', async () => {
    server.on(
      'GET',
      '/payments',
      page([makePayment({ amount: 125050, currency: 'USD', status: 'reversed' })]),
    );
    render('admin', '/admin/payments');
    expect(await screen.findByText('RCT-000042')).toBeInTheDocument();
    expect(screen.getByText('$1,250.50')).toBeInTheDocument();
    expect(screen.getByText('Reversed')).toBeInTheDocument();
    expect(server.callsTo('GET', '/payments')[0]?.params).toMatchObject({ sort: '-paymentDate' });
  });

  it('shows the owner no Record, Export or Reverse, and does not ask for the finance settings', async () => {
    const payment = makePayment();
    server.on('GET', '/payments', page([payment])).on('GET', `/payments/${payment._id}`, ok(payment));
    render('owner');
    const details = await openDetails(payment.receiptNumber);
    expect(within(details).getByRole('button', { name: 'Download receipt' })).toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: 'Reverse' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record payment', hidden: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV', hidden: true })).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/settings/finance')).toEqual([]);
  });

  it('offers the admin Export CSV but neither Record nor Reverse', async () => {
    const payment = makePayment();
    server.on('GET', '/payments', page([payment])).on('GET', `/payments/${payment._id}`, ok(payment));
    render('admin', '/admin/payments');
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
    const details = await openDetails(payment.receiptNumber);
    expect(within(details).queryByRole('button', { name: 'Reverse' })).not.toBeInTheDocument();
  });

  it('offers the agent Record but not Export', async () => {
    server.on('GET', '/payments', page([]));
    render('agent');
    expect(await screen.findByText('No payments yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record payment' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(propertyList.fetchProperties).not.toHaveBeenCalled();
  });

  it('loads the property list once on the accountant page, and filters by it', async () => {
    propertyList.properties = [makeProperty({ name: 'Rose Cottage' })];
    server.on('GET', '/payments', page([]));
    render('accountant', '/accountant-dashboard/payments');
    expect(await screen.findByRole('button', { name: 'Record payment' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Property' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Rose Cottage' }));
    await waitFor(() =>
      expect(server.callsTo('GET', '/payments').at(-1)?.params).toMatchObject({
        propertyId: propertyList.properties[0]?._id,
      }),
    );
    expect(propertyList.fetchProperties).toHaveBeenCalledTimes(1);
  });

  it('lets the accountant reverse a completed payment only with a reason, and sends it', async () => {
    const payment = makePayment();
    const reversed = { ...payment, status: 'reversed' as const, reversalReason: 'Bounced cheque' };
    // After the reversal the refetches see what the server would hold then: the reversed payment.
    const current = () =>
      server.callsTo('POST', `/payments/${payment._id}/reverse`).length > 0 ? reversed : payment;
    server
      .on('GET', '/payments', () => page([current()]))
      .on('GET', `/payments/${payment._id}`, () => ok(current()))
      .on('POST', `/payments/${payment._id}/reverse`, ok(reversed));
    render('accountant', '/accountant-dashboard/payments');
    const details = await openDetails(payment.receiptNumber);
    await userEvent.click(within(details).getByRole('button', { name: 'Reverse' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reverse payment' });
    expect(confirm).toHaveTextContent('posts the exact opposite ledger entries');
    expect(confirm).toHaveTextContent('cannot be undone');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reverse payment' }));
    expect(await within(confirm).findByText(PAYMENT_REASON_REQUIRED)).toBeInTheDocument();
    expect(server.callsTo('POST', `/payments/${payment._id}/reverse`)).toEqual([]);

    await userEvent.type(within(confirm).getByRole('textbox', { name: /Reason/ }), 'Bounced cheque');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reverse payment' }));
    await waitFor(() =>
      expect(server.callsTo('POST', `/payments/${payment._id}/reverse`)[0]?.body).toEqual({
        reason: 'Bounced cheque',
      }),
    );
    expect(await screen.findByText(/Bounced cheque/)).toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: 'Reverse' })).not.toBeInTheDocument();
  });

  it('sends the search and filters to the server', async () => {
    server.on('GET', '/payments', page([]));
    render('accountant', '/accountant-dashboard/payments');
    expect(await screen.findByText('No payments yet')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search payments' }), 'RCT-9');
    await userEvent.click(screen.getByRole('combobox', { name: 'Method' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Mobile money' }));
    await waitFor(() =>
      expect(server.callsTo('GET', '/payments').at(-1)?.params).toMatchObject({
        q: 'RCT-9',
        method: 'mobile_money',
        page: '1',
      }),
    );
    expect(await screen.findByText('No payments match your search')).toBeInTheDocument();
  });

  it('exports the filtered payments as CSV, without paging', async () => {
    // jsdom has no object URLs; the download only needs one to exist.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:payments'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    server
      .on('GET', '/payments', page([]))
      .on('GET', '/payments/export.csv', { status: 200, data: new Blob(['receiptNumber\n']) });
    render('accountant', '/accountant-dashboard/payments');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Reversed' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(server.callsTo('GET', '/payments/export.csv')).toHaveLength(1));
    expect(server.callsTo('GET', '/payments/export.csv')[0]?.params).toEqual({
      status: 'reversed',
      sort: '-paymentDate',
    });
  });
});
