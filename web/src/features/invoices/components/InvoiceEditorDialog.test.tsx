import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme.ts';
import { makeFinanceSettings } from '../../../test/finance-fixtures.ts';
import { mockHttp, type MockServer } from '../../../test/http-mock.ts';
import { makeInvoice } from '../test/invoice-fixtures.ts';
import { InvoiceEditorDialog } from './InvoiceEditorDialog.tsx';

const ok = (data: unknown, status = 200) => ({ status, data: { status: 'success', data } });

let server: MockServer;

function open(props: Partial<Parameters<typeof InvoiceEditorDialog>[0]> = {}) {
  const onClose = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <InvoiceEditorDialog open onClose={onClose} {...props} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { onClose };
}

beforeEach(() => {
  server = mockHttp();
  server.on('GET', '/settings/finance', ok(makeFinanceSettings()));
});

describe('InvoiceEditorDialog', () => {
  it('adds lines, shows live totals by the server rules and sends integer amounts', async () => {
    server.on('POST', '/invoices', ok(makeInvoice({ status: 'draft', number: null }), 201));
    const { onClose } = open();
    const dialog = await screen.findByRole('dialog', { name: 'New invoice' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Client name/ }), 'Acme Holdings');
    await userEvent.type(within(dialog).getByLabelText(/Due date/), '2026-12-31');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Line 1 description/ }), 'Inspection');
    const [quantity] = within(dialog).getAllByRole('textbox', { name: /Quantity/ });
    await userEvent.clear(quantity!);
    await userEvent.type(quantity!, '1.5');
    await userEvent.type(within(dialog).getAllByRole('textbox', { name: /Unit price/ })[0]!, '33.33');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add line' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Line 2 description/ }), 'Call-out');
    const quantities = within(dialog).getAllByRole('textbox', { name: /Quantity/ });
    await userEvent.clear(quantities[1]!);
    await userEvent.type(quantities[1]!, '2');
    await userEvent.type(within(dialog).getAllByRole('textbox', { name: /Unit price/ })[1]!, '10.01');
    // 1.5 × 33.33 = 49.995 → 50.00; + 20.02 = 70.02; VAT 15% = 10.503 → 10.50.
    const totals = within(dialog).getByRole('group', { name: 'Totals' });
    await waitFor(() => expect(totals).toHaveTextContent('Subtotal$70.02VAT$10.50Total$80.52'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = server.calls.find((call) => call.method === 'POST' && call.url === '/invoices')?.body;
    expect(sent).toMatchObject({
      kind: 'agency',
      clientType: 'other',
      clientName: 'Acme Holdings',
      currency: 'USD',
      dueDate: '2026-12-31',
      lines: [
        { description: 'Inspection', quantity: '1.5', unitPrice: 3333 },
        { description: 'Call-out', quantity: '2', unitPrice: 1001 },
      ],
    });
  });

  it("prices an invoice on an owner's behalf without the agency's VAT and sends its kind", async () => {
    server.on('POST', '/invoices', ok(makeInvoice({ status: 'draft', number: null }), 201));
    const { onClose } = open();
    const dialog = await screen.findByRole('dialog', { name: 'New invoice' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Invoice for/ }));
    await userEvent.click(await screen.findByRole('option', { name: /On an owner's behalf/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Client name/ }), 'Acme Holdings');
    await userEvent.type(within(dialog).getByLabelText(/Due date/), '2026-12-31');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Line 1 description/ }), 'Water');
    await userEvent.type(within(dialog).getAllByRole('textbox', { name: /Unit price/ })[0]!, '45');
    const totals = within(dialog).getByRole('group', { name: 'Totals' });
    await waitFor(() => expect(totals).toHaveTextContent('Subtotal$45.00VAT$0.00Total$45.00'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(
      server.calls.find((call) => call.method === 'POST' && call.url === '/invoices')?.body,
    ).toMatchObject({
      kind: 'on_behalf',
    });
  });

  it('refuses a quantity with more than 3 decimals before sending', async () => {
    open();
    const dialog = await screen.findByRole('dialog', { name: 'New invoice' });
    const [quantity] = within(dialog).getAllByRole('textbox', { name: /Quantity/ });
    await userEvent.clear(quantity!);
    await userEvent.type(quantity!, '1.2345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(await within(dialog).findByText(/Enter a quantity such as 1, 2.5 or 0.125/)).toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('edits a draft with its version', async () => {
    const draft = makeInvoice({ status: 'draft', number: null, __v: 4 });
    server.on('PUT', `/invoices/${draft._id}`, ok(draft));
    open({ invoice: draft });
    const dialog = await screen.findByRole('dialog', { name: 'Edit draft invoice' });
    // Priced at the company's VAT rate once the settings arrive.
    await waitFor(() =>
      expect(within(dialog).getByRole('group', { name: 'Totals' })).toHaveTextContent('$80.52'),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove line 2' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('group', { name: 'Totals' })).toHaveTextContent('Total$57.50'),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(server.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      __v: 4,
      lines: [{ quantity: '1.5', unitPrice: 3333 }],
    });
  });
});
