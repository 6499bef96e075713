import { z } from 'zod';
import { call, envelope, Id, Timestamp } from './common.ts';
import { IsoDate } from './leases.ts';
import { AMOUNT_TOO_LARGE, Currency, MAX_AMOUNT } from './money.ts';

/** A period of output VAT: from and to inclusive, one currency. */
export const VatReportQuery = z.object({ from: IsoDate, to: IsoDate, currency: Currency });
export type VatReportQuery = z.infer<typeof VatReportQuery>;

export const VAT_SOURCES = ['receipt', 'invoice', 'other'] as const;

/** One event that changed the VAT owed: a receipt's VAT, an invoice's, a reversal (negative). */
export const VatLine = z.object({
  journalId: Id,
  date: z.string(),
  kind: z.string(),
  source: z.enum(VAT_SOURCES),
  /** The receipt or invoice number (the journal's reference). */
  reference: z.string().nullable(),
  description: z.string(),
  /** Output VAT the event added (negative when it took some back). */
  amount: z.number().int(),
});
export type VatLine = z.infer<typeof VatLine>;

export const VatPaymentLine = z.object({
  journalId: Id,
  date: z.string(),
  reference: z.string().nullable(),
  description: z.string(),
  amount: z.number().int(),
});

export const VatReport = z.object({
  from: z.string(),
  to: z.string(),
  currency: Currency,
  /** VAT owed to the tax authority before `from`. */
  openingOwed: z.number().int(),
  outputVat: z.number().int(),
  /** Output VAT by source: receipts (rent), invoices, anything else. */
  bySource: z.object({ receipt: z.number().int(), invoice: z.number().int(), other: z.number().int() }),
  paid: z.number().int(),
  closingOwed: z.number().int(),
  lines: z.array(VatLine),
  payments: z.array(VatPaymentLine),
});
export type VatReport = z.infer<typeof VatReport>;

export const VAT_PAYMENT_POSITIVE = 'Amount must be more than zero';

export const VatPaymentInput = z
  .object({
    amount: z
      .number(VAT_PAYMENT_POSITIVE)
      .int('Amount must be whole minor units (cents)')
      .min(1, VAT_PAYMENT_POSITIVE)
      .max(MAX_AMOUNT, AMOUNT_TOO_LARGE),
    currency: Currency,
    date: IsoDate.optional(),
    reference: z.string().trim().max(100).optional(),
    /** The VAT period paid for, as the tax authority names it (e.g. 2026-10). */
    period: z.string().trim().max(40).optional(),
  })
  .strict();
export type VatPaymentInput = z.input<typeof VatPaymentInput>;

export const VatPayment = z.object({
  journalId: Id,
  amount: z.number().int(),
  currency: Currency,
  date: z.string(),
  reference: z.string().nullable(),
  period: z.string().nullable(),
  /** VAT still owed after it. */
  owedAfter: z.number().int(),
});
export type VatPayment = z.infer<typeof VatPayment>;

/** A VAT rate in force from a day until the next one. */
export const VatRate = z.object({
  effectiveFrom: z.string(),
  rateBp: z.number().int(),
  createdBy: Id.nullable(),
  createdAt: Timestamp,
});
export type VatRate = z.infer<typeof VatRate>;

const tag = 'ledger';

export const vatApi = {
  report: call('GET', '/ledger/vat', {
    summary: 'Output VAT in a period by receipt and invoice, VAT paid, VAT owed (admin, accountant)',
    tag,
    query: VatReportQuery,
    reply: envelope(VatReport),
  }),
  pay: call('POST', '/ledger/vat-payments', {
    summary: 'Record VAT paid to the tax authority out of the business bank (accountant)',
    tag,
    body: VatPaymentInput,
    reply: envelope(VatPayment),
    status: 201,
  }),
  rates: call('GET', '/settings/finance/vat-rates', {
    summary: 'The VAT rates in force and from when, newest first (admin, accountant)',
    tag: 'finance',
    reply: envelope(z.array(VatRate)),
  }),
};
