import { z } from 'zod';
import { call, envelope, Id, IdParam, pageEnvelope, PageQuery, Timestamp } from './common.ts';
import { IsoDate } from './leases.ts';
import { AMOUNT_TOO_LARGE, Currency, MAX_AMOUNT, MinorUnits } from './money.ts';

export const PAYMENT_TYPES = ['rent', 'deposit', 'other'] as const;
export const PaymentType = z.enum(PAYMENT_TYPES);
export type PaymentType = z.infer<typeof PaymentType>;

export const PAYMENT_METHODS = ['cash', 'bank_transfer', 'mobile_money', 'card', 'cheque'] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  mobile_money: 'Mobile money',
  card: 'Card',
  cheque: 'Cheque',
};

export const PAYMENT_STATUSES = ['completed', 'reversed'] as const;
export const PaymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

export const PAYMENT_AMOUNT_POSITIVE = 'Amount must be more than zero';
export const PAYMENT_LEASE_REQUIRED = 'Choose the lease this payment is for';
export const PAYMENT_PROPERTY_REQUIRED = 'Choose the property this payment is for';
export const PAYMENT_REASON_REQUIRED = 'Give a reason for the reversal';
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** The posted split of a payment, in minor units; it always sums to the amount. */
export const PaymentSplit = z.object({
  commission: z.number().int(),
  agentShare: z.number().int(),
  agencyShare: z.number().int(),
  vat: z.number().int(),
  owner: z.number().int(),
});
export type PaymentSplit = z.infer<typeof PaymentSplit>;

export const Payment = z.object({
  _id: Id,
  companyId: Id,
  receiptNumber: z.string(),
  type: PaymentType,
  status: PaymentStatus,
  propertyId: Id,
  propertyName: z.string(),
  leaseId: Id.nullable(),
  tenantId: Id.nullable(),
  tenantName: z.string().nullable(),
  agentId: Id.nullable(),
  agentName: z.string().nullable(),
  payerName: z.string().nullable(),
  amount: MinorUnits,
  currency: Currency,
  method: PaymentMethod,
  paymentDate: z.string(),
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  /** The rates this payment was split with, kept even when the settings change later. */
  rates: z.object({
    commissionRateBp: z.number().int(),
    agentShareBp: z.number().int(),
    vatRateBp: z.number().int(),
  }),
  split: PaymentSplit,
  receivedBy: Id.nullable(),
  receivedByName: z.string().nullable(),
  reversedAt: Timestamp.nullable(),
  reversalReason: z.string().nullable(),
  createdAt: Timestamp,
});
export type Payment = z.infer<typeof Payment>;

const Text = (max: number) => z.string().trim().max(max).nullable().optional();

export const PaymentInput = z
  .object({
    type: PaymentType,
    leaseId: Id.optional(),
    propertyId: Id.optional(),
    amount: z
      .number(PAYMENT_AMOUNT_POSITIVE)
      .int('Amount must be whole minor units (cents)')
      .min(1, PAYMENT_AMOUNT_POSITIVE)
      .max(MAX_AMOUNT, AMOUNT_TOO_LARGE),
    currency: Currency,
    method: PaymentMethod,
    paymentDate: IsoDate,
    reference: Text(200),
    payerName: Text(200),
    notes: Text(2000),
  })
  .strict()
  .refine((value) => value.type === 'other' || value.leaseId, {
    message: PAYMENT_LEASE_REQUIRED,
    path: ['leaseId'],
  })
  .refine((value) => value.type !== 'other' || value.propertyId || value.leaseId, {
    message: PAYMENT_PROPERTY_REQUIRED,
    path: ['propertyId'],
  });
export type PaymentInput = z.input<typeof PaymentInput>;

export const ReversePaymentInput = z.object({
  reason: z.string(PAYMENT_REASON_REQUIRED).trim().min(1, PAYMENT_REASON_REQUIRED).max(1000),
});
export type ReversePaymentInput = z.input<typeof ReversePaymentInput>;

/** `q` searches receipt number and reference; `sort`: paymentDate, amount, receiptNumber, createdAt. */
export const PaymentQuery = PageQuery.extend({
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  propertyId: Id.optional(),
  leaseId: Id.optional(),
  tenantId: Id.optional(),
  agentId: Id.optional(),
  type: PaymentType.optional(),
  status: PaymentStatus.optional(),
  method: PaymentMethod.optional(),
  currency: Currency.optional(),
});
export type PaymentQuery = z.infer<typeof PaymentQuery>;

/** Same filters as the list, without paging: every matching payment as CSV. */
export const PaymentExportQuery = PaymentQuery.omit({ page: true, pageSize: true });
export type PaymentExportQuery = z.infer<typeof PaymentExportQuery>;

const tag = 'payments';
const onePayment = envelope(Payment);

export const paymentsApi = {
  list: call('GET', '/payments', {
    summary: 'Payments (admin, accountant: all; agent: their properties; owner: own properties)',
    tag,
    query: PaymentQuery,
    reply: pageEnvelope(Payment),
  }),
  exportCsv: call('GET', '/payments/export.csv', {
    summary: 'The filtered payments as CSV (admin, accountant)',
    tag,
    query: PaymentExportQuery,
    reply: z.string(),
    produces: 'text/csv',
  }),
  create: call('POST', '/payments', {
    summary:
      'Record a payment and post it to the ledger (accountant; agent on their properties). Send an Idempotency-Key header: a retry returns the same payment.',
    tag,
    body: PaymentInput,
    reply: onePayment,
    status: 201,
  }),
  get: call('GET', '/payments/:id', { summary: 'One payment', tag, params: IdParam, reply: onePayment }),
  receipt: call('GET', '/payments/:id/receipt.pdf', {
    summary: 'The receipt as a PDF',
    tag,
    params: IdParam,
    reply: z.string(),
    produces: 'application/pdf',
  }),
  reverse: call('POST', '/payments/:id/reverse', {
    summary: 'Reverse a payment: posts the exact opposite journal (accountant); a second reversal is 409',
    tag,
    params: IdParam,
    body: ReversePaymentInput,
    reply: onePayment,
  }),
};
