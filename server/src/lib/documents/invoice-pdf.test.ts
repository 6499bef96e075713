import { describe, expect, it } from 'vitest';
import { renderInvoicePdf, type InvoiceDocument } from './invoice-pdf.ts';
import { readPdfText } from './read-pdf-text.ts';

// A real 1×1 PNG, so the letterhead draws a logo.
const PNG_LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const invoice: InvoiceDocument = {
  company: {
    name: 'Harare Homes Realty',
    address: '12 Samora Machel Avenue, Harare',
    phone: '+263 24 270 1234',
    email: 'accounts@hararehomes.co.zw',
    registrationNumber: '1234/2019',
    vatNumber: '10012345',
    logo: PNG_LOGO,
  },
  bankAccounts: [
    {
      bankName: 'CBZ Bank',
      accountName: 'Harare Homes Trust',
      accountNumber: '01234567890',
      branch: 'Avondale',
      currency: 'USD',
    },
    { bankName: 'ZB Bank', accountName: 'Harare Homes', accountNumber: '555000111', currency: 'ZWG' },
  ],
  number: 'INV-000042',
  status: 'issued',
  isOverdue: false,
  voidReason: null,
  client: { name: 'Acme Holdings', address: '1 Main Street, Harare', email: 'accounts@acme.example' },
  issueDate: '2026-11-01',
  dueDate: '2026-11-30',
  currency: 'USD',
  lines: [
    { description: 'Property inspection', quantity: '1.5', unitPrice: 3333, amount: 5000 },
    { description: 'Call-out fee', quantity: '2', unitPrice: 1001, amount: 2002 },
  ],
  vatRateBp: 1500,
  subtotal: 7002,
  vat: 1050,
  total: 8052,
  notes: null,
};

describe('renderInvoicePdf', () => {
  it('prints the letterhead, VAT number, client, lines, totals, dates and the bank account in its currency', async () => {
    const { text, pages } = await readPdfText(await renderInvoicePdf(invoice));
    expect(pages).toBe(1);
    for (const part of [
      'Harare Homes Realty',
      'VAT no. 10012345',
      'TAX INVOICE',
      'No. INV-000042',
      'Issued 1 Nov 2026',
      'Due 30 Nov 2026',
      'Acme Holdings',
      'Property inspection 1.5 $33.33 $50.00',
      'VAT 15% $10.50',
      'Total due $80.52',
      'CBZ Bank, Avondale',
      '01234567890',
    ]) {
      expect(text).toContain(part);
    }
    // A ZWG account is no use for paying a USD invoice.
    expect(text).not.toContain('555000111');
    expect(text).not.toMatch(/Overdue|VOID|PAID/);
  });

  it('flags an overdue invoice, and banners void and paid ones', async () => {
    expect((await readPdfText(await renderInvoicePdf({ ...invoice, isOverdue: true }))).text).toContain(
      'Overdue',
    );
    const voided = await readPdfText(
      await renderInvoicePdf({ ...invoice, status: 'void', voidReason: 'Wrong client' }),
    );
    expect(voided.text).toContain('VOID Reason: Wrong client');
    expect((await readPdfText(await renderInvoicePdf({ ...invoice, status: 'paid' }))).text).toContain(
      'PAID',
    );
  });

  it('says INVOICE without VAT and leaves the VAT line out', async () => {
    const { text } = await readPdfText(
      await renderInvoicePdf({ ...invoice, vatRateBp: 0, vat: 0, total: 7002 }),
    );
    expect(text).not.toContain('TAX INVOICE');
    expect(text).toContain('INVOICE');
    expect(text).not.toContain('VAT 15%');
    expect(text).toContain('Total due $70.02');
  });
});
