import { describe, expect, it } from 'vitest';
import { readPdfText } from './read-pdf-text.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';
import type { ReceiptDocument } from './types.ts';

// A real 1×1 PNG, so the letterhead draws a logo.
const PNG_LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const receipt: ReceiptDocument = {
  company: {
    name: 'Harare Homes Realty',
    address: '12 Samora Machel Avenue, Harare',
    phone: '+263 24 270 1234',
    email: 'accounts@hararehomes.co.zw',
    registrationNumber: '1234/2019',
    vatNumber: '10012345',
    logo: PNG_LOGO,
  },
  receiptNumber: 'RCT-000124',
  paymentDate: '2026-11-23',
  payerName: null,
  propertyName: 'Borrowdale Cottage',
  propertyAddress: '7 Kings Road, Borrowdale',
  tenantName: 'Chipo Moyo',
  type: 'rent',
  amount: 125050,
  currency: 'USD',
  method: 'bank_transfer',
  reference: 'FT2611230045',
  receivedBy: 'Rudo Ncube',
  status: 'completed',
  reversalReason: null,
  issuedAt: new Date('2026-11-23T09:41:00Z'),
};

describe('renderReceiptPdf', () => {
  it('prints the letterhead, the receipt number and the amount in figures and words', async () => {
    const pdf = await renderReceiptPdf(receipt);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await readPdfText(pdf);
    expect(pages).toBe(1);
    for (const expected of [
      'Harare Homes Realty',
      'Reg. no. 1234/2019',
      'VAT no. 10012345',
      'RECEIPT',
      'RCT-000124',
      '23 Nov 2026',
      'Chipo Moyo',
      'Borrowdale Cottage',
      'Bank transfer',
      'FT2611230045',
      'Rudo Ncube',
      '$1,250.50',
      'One thousand two hundred and fifty US dollars and fifty cents',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('REVERSED');
  });

  it('shows a reversed receipt with a banner and the reason', async () => {
    const { text } = await readPdfText(
      await renderReceiptPdf({ ...receipt, status: 'reversed', reversalReason: 'Cheque bounced' }),
    );
    expect(text).toContain('REVERSED');
    expect(text).toContain('Cheque bounced');
  });

  it('names the payer when someone other than the tenant paid, and leaves out a missing VAT number', async () => {
    const { text } = await readPdfText(
      await renderReceiptPdf({
        ...receipt,
        payerName: 'Tendai Moyo',
        method: 'mobile_money',
        company: { ...receipt.company, vatNumber: null },
      }),
    );
    expect(text).toContain('Received from Tendai Moyo');
    expect(text).toContain('Tenant Chipo Moyo');
    expect(text).toContain('Mobile money');
    expect(text).not.toContain('VAT no.');
  });

  it.each([
    'https://example.com/logo.png',
    'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
    'data:image/png;base64,bm90IGFuIGltYWdl',
    '/etc/passwd',
  ])('skips a logo it cannot embed safely: %s', async (logo) => {
    const { text } = await readPdfText(
      await renderReceiptPdf({ ...receipt, company: { ...receipt.company, logo } }),
    );
    expect(text).toContain('Harare Homes Realty');
  });
});
