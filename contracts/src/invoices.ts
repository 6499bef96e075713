import { z } from 'zod';
import { call, envelope, Id, IdParam, pageEnvelope, PageQuery, Timestamp } from './common.ts';
import { IsoDate } from './leases.ts';
import { PaymentMethod } from './payments.ts';
import {
  AMOUNT_TOO_LARGE,
  BasisPoints,
  Currency,
  MAX_AMOUNT,
  MinorUnits,
  percentOf,
  priceTimesQuantity,
} from './money.ts';

export const INVOICE_STATUSES = ['draft', 'issued', 'paid', 'void'] as const;
export const InvoiceStatus = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  issued: 'Issued',
  paid: 'Paid',
  void: 'Void',
};

export const INVOICE_CLIENT_TYPES = ['owner', 'tenant', 'other'] as const;
export const InvoiceClientType = z.enum(INVOICE_CLIENT_TYPES);
export type InvoiceClientType = z.infer<typeof InvoiceClientType>;

/**
 * Whose income an invoice is (issue 16): `agency` (letting, placement and other fees with the
 * agency's VAT) is the agency's income, never the owner's money; `on_behalf` (e.g. a utility
 * recharge to a tenant) is the owner's money, carries no VAT of the agency's and is paid only by a
 * trust receipt that credited the owner.
 */
export const INVOICE_KINDS = ['agency', 'on_behalf'] as const;
export const InvoiceKind = z.enum(INVOICE_KINDS);
export type InvoiceKind = z.infer<typeof InvoiceKind>;

export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  agency: "Agency fee (the agency's income)",
  on_behalf: "On an owner's behalf (the owner's money, no VAT)",
};

/** How an invoice was paid: out of an owner's property account, into the business bank, or by a trust receipt. */
export const INVOICE_PAID_FROM = ['owner_account', 'business_bank', 'payment'] as const;
export const InvoicePaidFrom = z.enum(INVOICE_PAID_FROM);
export type InvoicePaidFrom = z.infer<typeof InvoicePaidFrom>;

export const INVOICE_PAID_FROM_LABELS: Record<InvoicePaidFrom, string> = {
  owner_account: "From the owner's property account",
  business_bank: 'Into the business bank',
  payment: 'By a trust receipt',
};

export const INVOICE_CLIENT_REQUIRED = 'Choose the client this invoice is for';
export const INVOICE_CLIENT_NAME_REQUIRED = "Enter the client's name";
export const INVOICE_DUE_BEFORE_ISSUE = 'The due date cannot be before the issue date';
export const INVOICE_LINES_REQUIRED = 'Add at least one line';
export const QUANTITY_FORMAT_MESSAGE = 'Enter a quantity such as 1, 2.5 or 0.125';
export const QUANTITY_POSITIVE_MESSAGE = 'Quantity must be more than zero';

/** A million units in thousandths still fits the 32-bit quantity column. */
const MAX_QUANTITY_MILLI = 1_000_000_000;
const QUANTITY = /^(\d{1,7})(?:\.(\d{0,3}))?$/;

/** "2.5" → 2500 thousandths, joined as text so no float ever carries the quantity. */
export function parseQuantity(value: string | number): { milli: number } | { error: string } {
  const text = typeof value === 'number' ? String(value) : value.replace(/[\s,]/g, '');
  const match = QUANTITY.exec(text);
  if (!match) return { error: QUANTITY_FORMAT_MESSAGE };
  const [, whole = '0', fraction = ''] = match;
  const milli = Number(`${whole}${fraction.padEnd(3, '0')}`);
  if (milli === 0) return { error: QUANTITY_POSITIVE_MESSAGE };
  if (milli > MAX_QUANTITY_MILLI) return { error: 'Quantity is too large' };
  return { milli };
}

/** 2500 → "2.5": a quantity in thousandths as the shortest decimal text. */
export function formatQuantity(milli: number): string {
  const fraction = String(milli % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${Math.floor(milli / 1000)}.${fraction}` : String(Math.floor(milli / 1000));
}

/** Quantity as decimal text or a number with up to 3 decimals; thousandths out. */
export const QuantityInput = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const parsed = parseQuantity(value);
  if ('error' in parsed) {
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }
  return parsed.milli;
});

export interface InvoiceTotals {
  /** Each line's amount, in the order given. */
  lineAmounts: number[];
  subtotal: number;
  vat: number;
  total: number;
}

/**
 * The invoice's figures in minor units, shared by the server (which stores them) and the editor
 * (which shows them live): line = round-half-up(quantity × price), VAT = round-half-up(subtotal ×
 * rate), both with money.ts's exact arithmetic.
 */
export function computeInvoiceTotals(
  lines: readonly { quantityMilli: number; unitPrice: number }[],
  vatRateBp: number,
): InvoiceTotals {
  const lineAmounts = lines.map(({ quantityMilli, unitPrice }) =>
    priceTimesQuantity(unitPrice, quantityMilli),
  );
  const subtotal = lineAmounts.reduce((sum, amount) => sum + amount, 0);
  const vat = percentOf(subtotal, vatRateBp);
  const total = subtotal + vat;
  if (!Number.isSafeInteger(total)) throw new RangeError('The invoice total is too large');
  return { lineAmounts, subtotal, vat, total };
}

export const InvoiceLine = z.object({
  description: z.string(),
  /** Thousandths of a unit: 1500 = 1.5. */
  quantityMilli: z.number().int(),
  unitPrice: MinorUnits,
  amount: MinorUnits,
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

export const Invoice = z.object({
  _id: Id,
  companyId: Id,
  /** Assigned when issued; a draft has none. */
  number: z.string().nullable(),
  status: InvoiceStatus,
  kind: InvoiceKind,
  clientType: InvoiceClientType,
  clientId: Id.nullable(),
  clientName: z.string(),
  clientAddress: z.string().nullable(),
  clientEmail: z.string().nullable(),
  currency: Currency,
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  vatRateBp: BasisPoints,
  subtotal: MinorUnits,
  vat: MinorUnits,
  total: MinorUnits,
  notes: z.string().nullable(),
  lines: z.array(InvoiceLine),
  /** Issued and its due date has passed. */
  isOverdue: z.boolean(),
  paymentId: Id.nullable(),
  /** How it was paid (null until paid). */
  paidFrom: InvoicePaidFrom.nullable(),
  /** The ledger event its payment posted (for an on-behalf invoice: the receipt's journal). */
  journalId: Id.nullable(),
  paidAt: Timestamp.nullable(),
  voidedAt: Timestamp.nullable(),
  voidReason: z.string().nullable(),
  replacesId: Id.nullable(),
  createdAt: Timestamp,
  __v: z.number().int(),
});
export type Invoice = z.infer<typeof Invoice>;

const Text = (max: number) => z.string().trim().max(max).nullable().optional();

export const InvoiceLineInput = z
  .object({
    description: z.string().trim().min(1, 'Describe the line').max(500),
    quantity: QuantityInput,
    unitPrice: z
      .number('Enter a unit price')
      .int('Unit price must be whole minor units (cents)')
      .min(0)
      .max(MAX_AMOUNT, AMOUNT_TOO_LARGE),
  })
  .strict();
export type InvoiceLineInput = z.input<typeof InvoiceLineInput>;

const invoiceFields = {
  kind: InvoiceKind.default('agency'),
  clientType: InvoiceClientType,
  /** The owner or tenant record: its name and email are copied onto the invoice. */
  clientId: Id.nullable().optional(),
  clientName: Text(200),
  clientAddress: Text(500),
  clientEmail: z
    .email()
    .max(200)
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  currency: Currency,
  issueDate: IsoDate,
  dueDate: IsoDate,
  lines: z.array(InvoiceLineInput).min(1, INVOICE_LINES_REQUIRED).max(100),
  notes: Text(2000),
};

type InvoiceFields = {
  kind?: InvoiceKind | undefined;
  clientType: InvoiceClientType;
  clientId?: string | null | undefined;
  clientName?: string | null | undefined;
  issueDate: string;
  dueDate: string;
};

function checkInvoice(value: InvoiceFields, ctx: z.core.$RefinementCtx) {
  if (value.clientType !== 'other' && !value.clientId) {
    ctx.addIssue({ code: 'custom', message: INVOICE_CLIENT_REQUIRED, path: ['clientId'] });
  }
  if (value.clientType === 'other' && !value.clientName) {
    ctx.addIssue({ code: 'custom', message: INVOICE_CLIENT_NAME_REQUIRED, path: ['clientName'] });
  }
  if (value.dueDate < value.issueDate) {
    ctx.addIssue({ code: 'custom', message: INVOICE_DUE_BEFORE_ISSUE, path: ['dueDate'] });
  }
}

export const InvoiceInput = z.object(invoiceFields).strict().superRefine(checkInvoice);
export type InvoiceInput = z.input<typeof InvoiceInput>;

export const UpdateInvoiceInput = z
  .object({ ...invoiceFields, __v: z.number().int() })
  .strict()
  .superRefine(checkInvoice);
export type UpdateInvoiceInput = z.input<typeof UpdateInvoiceInput>;

export const VOID_REASON_REQUIRED = 'Give a reason for voiding';

export const VoidInvoiceInput = z.object({
  reason: z.string(VOID_REASON_REQUIRED).trim().min(1, VOID_REASON_REQUIRED).max(1000),
  /** Also start a new draft copy that replaces the voided invoice. */
  reissue: z.boolean().optional(),
});
export type VoidInvoiceInput = z.input<typeof VoidInvoiceInput>;

const PaidDate = IsoDate.optional();

/**
 * How an issued invoice was paid. `{ paymentId }` alone (the original body) is a trust receipt:
 * an 'other' payment of the invoice's total. An agency invoice may instead be paid out of an
 * owner's property account or straight into the business bank; an on-behalf one only by a receipt.
 */
export const MarkInvoicePaidInput = z.union([
  z.object({ paidFrom: z.literal('owner_account'), propertyId: Id, date: PaidDate }).strict(),
  z
    .object({
      paidFrom: z.literal('business_bank'),
      method: PaymentMethod,
      reference: z.string().trim().max(200).nullable().optional(),
      date: PaidDate,
    })
    .strict(),
  z.object({ paidFrom: z.literal('payment').optional(), paymentId: Id }).strict(),
]);
export type MarkInvoicePaidInput = z.input<typeof MarkInvoicePaidInput>;

export const VoidedInvoice = z.object({ voided: Invoice, reissued: Invoice.nullable() });
export type VoidedInvoice = z.infer<typeof VoidedInvoice>;

/** `q` searches number and client name; `sort`: number, issueDate, dueDate, total, createdAt. */
export const InvoiceQuery = PageQuery.extend({
  status: InvoiceStatus.optional(),
  // Query strings carry text: 'true' / 'false' (z.coerce.boolean would read 'false' as true).
  overdue: z.stringbool().optional(),
  clientType: InvoiceClientType.optional(),
  clientId: Id.optional(),
});
export type InvoiceQuery = z.infer<typeof InvoiceQuery>;

const tag = 'invoices';
const oneInvoice = envelope(Invoice);

export const invoicesApi = {
  list: call('GET', '/invoices', {
    summary: 'Written invoices (admin, accountant: all; owner: issued invoices addressed to them)',
    tag,
    query: InvoiceQuery,
    reply: pageEnvelope(Invoice),
  }),
  create: call('POST', '/invoices', {
    summary: 'Create a draft invoice (accountant)',
    tag,
    body: InvoiceInput,
    reply: oneInvoice,
    status: 201,
  }),
  get: call('GET', '/invoices/:id', { summary: 'One invoice', tag, params: IdParam, reply: oneInvoice }),
  update: call('PUT', '/invoices/:id', {
    summary: 'Change a draft (accountant); an issued invoice is immutable (422)',
    tag,
    params: IdParam,
    body: UpdateInvoiceInput,
    reply: oneInvoice,
  }),
  issue: call('POST', '/invoices/:id/issue', {
    summary: 'Issue a draft: assigns the next number and freezes VAT and totals (accountant)',
    tag,
    params: IdParam,
    reply: oneInvoice,
  }),
  void: call('POST', '/invoices/:id/void', {
    summary: 'Void an issued invoice, optionally starting a replacement draft (accountant)',
    tag,
    params: IdParam,
    body: VoidInvoiceInput,
    reply: envelope(VoidedInvoice),
  }),
  markPaid: call('POST', '/invoices/:id/mark-paid', {
    summary:
      "Mark an issued invoice paid (accountant): out of an owner's property account, into the business bank, or by a trust receipt; posts its journal",
    tag,
    params: IdParam,
    body: MarkInvoicePaidInput,
    reply: oneInvoice,
  }),
  pdf: call('GET', '/invoices/:id/pdf', {
    summary: 'The invoice as a PDF',
    tag,
    params: IdParam,
    reply: z.string(),
    produces: 'application/pdf',
  }),
};
