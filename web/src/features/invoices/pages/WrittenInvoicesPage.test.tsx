import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role, User } from '@lintel/contracts';
import { theme } from '../../../app/theme.ts';
import { makePropertyAccount } from '../../../test/accounts-fixtures.tsx';
import { makeFinanceSettings } from '../../../test/finance-fixtures.ts';
import { makeUser, uuid } from '../../../test/fixtures.ts';
import { mockHttp, type MockServer } from '../../../test/http-mock.ts';
import { makePayment } from '../../../test/payment-fixtures.ts';
import { renderAt } from '../../../test/render.tsx';
import { makeInvoice } from '../test/invoice-fixtures.ts';
import { WrittenInvoicesPage } from './WrittenInvoicesPage.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: auth.user }) }));

const ok = (data: unknown) => ({ status: 200, data: { status: 'success', data } });
const page = (data: unknown[]) => ({
  status: 200,
  data: { status: 'success', data, meta: { page: 1, pageSize: 25, total: data.length } },
});

let server: MockServer;

const PAGE = '/accountant-dashboard/written-invoices';

function render(role: Role, path = PAGE) {
  auth.user = makeUser({ role });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderAt(
    path,
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <WrittenInvoicesPage />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

async function chooseAction(name: string, action: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
}

beforeEach(() => {
  server = mockHttp();
  server.on('GET', '/settings/finance', ok(makeFinanceSettings()));
  auth.user = null;
});

describe('WrittenInvoicesPage', () => {
  it('tells agents who handles invoices and calls nothing', async () => {
    render('agent');
    expect(await screen.findByText("Invoices are handled by your agency's accountants.")).toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });

  it('lists invoices with client, total, status and the overdue flag', async () => {
    server.on(
      'GET',
      '/invoices',
      page([
        makeInvoice({ isOverdue: true }),
        makeInvoice({ number: null, status: 'draft', clientName: 'Draft Co' }),
      ]),
    );
    render('accountant');
    const grid = await screen.findByRole('grid', { name: 'Invoices' });
    expect(await within(grid).findByText('INV-000007')).toBeInTheDocument();
    expect(within(grid).getByText('Acme Holdings')).toBeInTheDocument();
    expect(within(grid).getAllByText('$80.52')).toHaveLength(2);
    expect(within(grid).getByText('Overdue')).toBeInTheDocument();
    expect(within(grid).getByText('Draft Co')).toBeInTheDocument();
  });

  it('sends the overdue filter', async () => {
    server.on('GET', '/invoices', page([]));
    render('accountant');
    await screen.findByText('No invoices yet');
    await userEvent.click(screen.getByRole('switch', { name: 'Overdue only' }));
    await waitFor(() => expect(server.calls.at(-1)?.params).toMatchObject({ overdue: 'true' }));
  });

  it('issues a draft after a confirmation', async () => {
    const draft = makeInvoice({ number: null, status: 'draft' });
    server.on('GET', '/invoices', page([draft]));
    server.on('POST', `/invoices/${draft._id}/issue`, ok(makeInvoice({ _id: draft._id })));
    render('accountant');
    await chooseAction('draft for Acme Holdings', 'Issue');
    const dialog = await screen.findByRole('dialog', { name: 'Issue invoice' });
    expect(dialog).toHaveTextContent('$80.52');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue' }));
    await waitFor(() =>
      expect(
        server.calls.some((call) => call.method === 'POST' && call.url === `/invoices/${draft._id}/issue`),
      ).toBe(true),
    );
  });

  it('voids and reissues with a reason', async () => {
    const issued = makeInvoice();
    server.on('GET', '/invoices', page([issued]));
    server.on(
      'POST',
      `/invoices/${issued._id}/void`,
      ok({
        voided: makeInvoice({ status: 'void' }),
        reissued: makeInvoice({ status: 'draft', number: null }),
      }),
    );
    render('accountant');
    await chooseAction('INV-000007', 'Void and reissue');
    const dialog = await screen.findByRole('dialog', { name: 'Void and reissue invoice' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Wrong client');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void and reissue' }));
    await waitFor(() =>
      expect(server.calls.find((call) => call.url.endsWith('/void'))?.body).toEqual({
        reason: 'Wrong client',
        reissue: true,
      }),
    );
  });

  it('marks an agency invoice paid by a trust receipt picked from the "other" payments', async () => {
    const issued = makeInvoice();
    const payment = makePayment({ receiptNumber: 'RCT-000099', amount: 8052, type: 'other' });
    server.on('GET', '/invoices', page([issued]));
    server.on('GET', '/payments', page([payment]));
    server.on('POST', `/invoices/${issued._id}/mark-paid`, ok(makeInvoice({ status: 'paid' })));
    render('accountant');
    await chooseAction('INV-000007', 'Mark paid');
    const dialog = await screen.findByRole('dialog', { name: 'Mark invoice paid' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'By a trust receipt' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Payment/ }));
    await userEvent.click(await screen.findByRole('option', { name: /RCT-000099/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() =>
      expect(server.calls.find((call) => call.url.endsWith('/mark-paid'))?.body).toEqual({
        paymentId: payment._id,
      }),
    );
    expect(server.calls.find((call) => call.url === '/payments')?.params).toMatchObject({
      status: 'completed',
      type: 'other',
      currency: 'USD',
    });
  });

  it("pays an owner's agency invoice out of one of their property accounts, by default", async () => {
    const ownerId = uuid();
    const issued = makeInvoice({ clientType: 'owner', clientId: ownerId, clientName: 'Olive Owner' });
    const theirs = makePropertyAccount({
      propertyName: 'House 2',
      ownerId,
      ownerName: 'Olive Owner',
      balance: 90000,
    });
    const someoneElses = makePropertyAccount({ propertyName: 'Flat 9', ownerId: uuid(), ownerName: 'Oscar' });
    server.on('GET', '/invoices', page([issued]));
    server.on('GET', '/accounts/properties', page([theirs, someoneElses]));
    server.on('POST', `/invoices/${issued._id}/mark-paid`, ok(makeInvoice({ status: 'paid' })));
    render('accountant');
    await chooseAction('INV-000007', 'Mark paid');
    const dialog = await screen.findByRole('dialog', { name: 'Mark invoice paid' });
    expect(within(dialog).getByRole('radio', { name: "From the owner's property account" })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Mark paid' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Property account/ }));
    expect(screen.queryByRole('option', { name: /Flat 9/ })).not.toBeInTheDocument();
    await userEvent.click(
      await screen.findByRole('option', { name: 'House 2 · Olive Owner · holds $900.00' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() =>
      expect(server.calls.find((call) => call.url.endsWith('/mark-paid'))?.body).toEqual({
        paidFrom: 'owner_account',
        propertyId: theirs.propertyId,
      }),
    );
    expect(server.calls.find((call) => call.url === '/accounts/properties')?.params).toMatchObject({
      currency: 'USD',
    });
  });

  it('records an agency invoice paid into the business bank with its method and reference', async () => {
    const issued = makeInvoice();
    server.on('GET', '/invoices', page([issued]));
    server.on('GET', '/accounts/properties', page([]));
    server.on('POST', `/invoices/${issued._id}/mark-paid`, ok(makeInvoice({ status: 'paid' })));
    render('accountant');
    await chooseAction('INV-000007', 'Mark paid');
    const dialog = await screen.findByRole('dialog', { name: 'Mark invoice paid' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Into the business bank' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Method/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Cash' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reference' }), 'Till 4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() =>
      expect(server.calls.find((call) => call.url.endsWith('/mark-paid'))?.body).toEqual({
        paidFrom: 'business_bank',
        method: 'cash',
        reference: 'Till 4',
      }),
    );
  });

  it("offers only a trust receipt for an invoice on an owner's behalf", async () => {
    const issued = makeInvoice({ kind: 'on_behalf', vatRateBp: 0, vat: 0, total: 7002 });
    server.on('GET', '/invoices', page([issued]));
    server.on('GET', '/payments', page([]));
    render('accountant');
    await chooseAction('INV-000007', 'Mark paid');
    const dialog = await screen.findByRole('dialog', { name: 'Mark invoice paid' });
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(dialog).getByText(/no VAT of the agency's/)).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /Payment/ })).toBeInTheDocument();
    expect(server.calls.some((call) => call.url === '/accounts/properties')).toBe(false);
  });

  it('opens the invoice a notification links to (?open=) and drops the link when its dialog closes', async () => {
    const overdue = makeInvoice({ isOverdue: true, notes: 'Thank you' });
    server.on('GET', '/invoices', page([]));
    server.on('GET', `/invoices/${overdue._id}`, ok(overdue));
    const { location } = render('accountant', `${PAGE}?open=${overdue._id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Invoice INV-000007' });
    expect(within(dialog).getByText('Acme Holdings')).toBeInTheDocument();
    expect(within(dialog).getByText('Overdue')).toBeInTheDocument();
    expect(within(dialog).getByText('1 Nov 2026')).toBeInTheDocument();
    expect(within(dialog).getByText('30 Nov 2026')).toBeInTheDocument();
    expect(within(dialog).getByText('Thank you')).toBeInTheDocument();
    const lines = within(dialog).getByRole('table', { name: 'Invoice lines' });
    expect(
      within(lines)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DescriptionQuantityUnit priceAmount', 'Inspection1.5$33.33$50.00', 'Call-out2$10.01$20.02']);
    const totals = within(dialog).getByRole('group', { name: 'Totals' });
    expect(totals).toHaveTextContent('Subtotal$70.02VAT (15%)$10.50Total$80.52');
    // An issued invoice offers what can be done to it.
    for (const action of ['Mark paid', 'Void', 'Void and reissue', 'Download PDF']) {
      expect(within(dialog).getByRole('button', { name: action })).toBeInTheDocument();
    }
    expect(location().search).toBe(`?open=${overdue._id}`);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location().search).toBe('');
    expect(location().pathname).toBe(PAGE);
    expect(server.callsTo('GET', `/invoices/${overdue._id}`)).toHaveLength(1);
  });

  it.each([
    [
      'an unknown or another company’s id',
      404,
      { status: 'error', message: 'Invoice not found', code: 'NOT_FOUND' },
    ],
    ['a malformed id', 400, { status: 'error', message: 'Invalid request', code: 'VALIDATION' }],
  ])(
    'says "Invoice not found" for %s, and drops the link when the message is dismissed',
    async (_case, status, body) => {
      const id = status === 404 ? makeInvoice()._id : 'not-an-id';
      server.on('GET', '/invoices', page([makeInvoice()]));
      server.on('GET', `/invoices/${id}`, { status, data: body });
      const { location } = render('accountant', `${PAGE}?open=${id}`);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(/^Invoice not found\./);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await userEvent.click(within(alert).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
      expect(location().search).toBe('');
    },
  );

  it('opens an invoice from its number in the list, and its actions from there', async () => {
    const issued = makeInvoice();
    server.on('GET', '/invoices', page([issued]));
    render('accountant');
    await userEvent.click(await screen.findByRole('button', { name: 'INV-000007' }));
    const details = await screen.findByRole('dialog', { name: 'Invoice INV-000007' });
    await userEvent.click(within(details).getByRole('button', { name: 'Void' }));
    expect(await screen.findByRole('dialog', { name: 'Void invoice' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Invoice INV-000007' })).not.toBeInTheDocument();
  });

  it('admins read but see no editing actions', async () => {
    server.on('GET', '/invoices', page([makeInvoice()]));
    render('admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for INV-000007' }));
    expect(await screen.findByRole('menuitem', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Void' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New invoice' })).not.toBeInTheDocument();
  });
});
