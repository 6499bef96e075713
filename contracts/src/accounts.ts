import { z } from 'zod';
import { call, envelope, Id, IdParam, pageEnvelope, PageMeta, PageQuery, Timestamp } from './common.ts';
import { IsoDate } from './leases.ts';
import { AMOUNT_TOO_LARGE, AmountInput, Currency, MAX_AMOUNT, MinorUnits } from './money.ts';
import { AccountType, Book } from './books.ts';
import { PaymentMethod } from './payments.ts';
import { ArrearsLetter } from './finance.ts';

/**
 * Ledger accounts. Trust: `trust:bank`, `trust:suspense`, `trust:due-to-agency`,
 * `property:{id}`, `deposits:{leaseId}`. Business: `business:bank`, `business:due-from-trust`,
 * `business:commission-income`, `business:fee-income`, `business:agents-commission`,
 * `business:vat-payable`, `agent:{userId}` (agents payable). Lines are signed so that debits are
 * positive.
 */
export const AccountName = z.string();

export const TrialBalanceQuery = z.object({
  /** One book; without it, both (each sums to zero on its own). */
  book: Book.optional(),
  currency: Currency,
  asOf: IsoDate.optional(),
});
export type TrialBalanceQuery = z.infer<typeof TrialBalanceQuery>;

export const TrialBalanceAccount = z.object({
  account: AccountName,
  label: z.string(),
  book: Book,
  type: AccountType,
  /** Debit-positive. */
  balance: z.number().int(),
});
export type TrialBalanceAccount = z.infer<typeof TrialBalanceAccount>;

export const TrialBalance = z.object({
  currency: Currency,
  asOf: z.string(),
  /** Each book asked for, its accounts and their sum (zero when that book balances). */
  books: z.array(z.object({ book: Book, accounts: z.array(TrialBalanceAccount), total: z.number().int() })),
  /** Every account of the books asked for. */
  accounts: z.array(TrialBalanceAccount),
  /** Sum of every balance: zero when the books balance. */
  total: z.number().int(),
  /** trust:bank, and what it should equal: everything trust holds (client money + due to the agency). */
  trustBank: z.number().int(),
  heldForOthers: z.number().int(),
  /** Owners, deposits and suspense: clients' money. */
  clientMoney: z.number().int(),
  /** Commission and VAT earned and not yet transferred out of trust. */
  dueToAgency: z.number().int(),
});
export type TrialBalance = z.infer<typeof TrialBalance>;

export const STATEMENT_FORMATS = ['json', 'csv', 'pdf'] as const;

/**
 * A statement's period and currency. `page` and `pageSize` (as in the lists) pick the lines the
 * JSON carries; the CSV and PDF are downloads of the whole period and carry every line.
 */
export const StatementQuery = z
  .object({
    from: IsoDate,
    to: IsoDate,
    currency: Currency,
    format: z.enum(STATEMENT_FORMATS).default('json'),
    page: PageQuery.shape.page,
    pageSize: PageQuery.shape.pageSize,
  })
  .refine((value) => value.to >= value.from, {
    message: 'The period must end on or after its start',
    path: ['to'],
  });
export type StatementQuery = z.infer<typeof StatementQuery>;

export const StatementLine = z.object({
  date: z.string(),
  journalId: Id,
  kind: z.string(),
  description: z.string(),
  reference: z.string().nullable(),
  /** Signed as the holder sees it: money in is positive, money paid out negative. */
  amount: z.number().int(),
  balance: z.number().int(),
});
export type StatementLine = z.infer<typeof StatementLine>;

export const Statement = z.object({
  title: z.string(),
  subject: z.string(),
  subjectDetail: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  currency: Currency,
  openingBalance: z.number().int(),
  closingBalance: z.number().int(),
  moneyIn: z.number().int(),
  moneyOut: z.number().int(),
  lines: z.array(StatementLine),
});
export type Statement = z.infer<typeof Statement>;

/**
 * The JSON statement: opening and closing balance, money in and out over the whole period, and
 * one page of its lines (each with its running balance); `meta.total` counts the period's lines.
 */
export const StatementReply = z.object({ status: z.literal('success'), data: Statement, meta: PageMeta });
export type StatementReply = z.infer<typeof StatementReply>;

export const PropertyAccountQuery = PageQuery.extend({
  currency: Currency.optional(),
  propertyId: Id.optional(),
});
export type PropertyAccountQuery = z.infer<typeof PropertyAccountQuery>;

/** One property in one currency: what is held for its owner, what its tenants owe. */
export const PropertyAccount = z.object({
  propertyId: Id,
  propertyName: z.string(),
  ownerId: Id.nullable(),
  ownerName: z.string().nullable(),
  agentId: Id.nullable(),
  currency: Currency,
  balance: z.number().int(),
  arrears: z.number().int(),
  lastPaymentDate: z.string().nullable(),
});
export type PropertyAccount = z.infer<typeof PropertyAccount>;

export const AgentAccountQuery = z.object({ currency: Currency.optional() });
export const AgentAccount = z.object({
  agentId: Id,
  agentName: z.string(),
  currency: Currency,
  earned: z.number().int(),
  paid: z.number().int(),
  owed: z.number().int(),
});
export type AgentAccount = z.infer<typeof AgentAccount>;

export const CommissionQuery = z.object({ from: IsoDate, to: IsoDate, currency: Currency });
export type CommissionQuery = z.infer<typeof CommissionQuery>;

const CommissionFigures = {
  collected: z.number().int(),
  commission: z.number().int(),
  agentShare: z.number().int(),
  agencyShare: z.number().int(),
  vat: z.number().int(),
};
export const CommissionReport = z.object({
  currency: Currency,
  from: z.string(),
  to: z.string(),
  byAgent: z.array(z.object({ agentId: Id.nullable(), agentName: z.string(), ...CommissionFigures })),
  byMonth: z.array(z.object({ month: z.string(), ...CommissionFigures })),
  totals: z.object(CommissionFigures),
});
export type CommissionReport = z.infer<typeof CommissionReport>;

export const ArrearsQuery = z.object({
  by: z.enum(['lease', 'property', 'tenant', 'owner']).default('lease'),
  currency: Currency.optional(),
  asOf: IsoDate.optional(),
});
export type ArrearsQuery = z.infer<typeof ArrearsQuery>;
export const ArrearsRow = z.object({
  id: Id,
  name: z.string(),
  currency: Currency,
  charged: z.number().int(),
  paid: z.number().int(),
  arrears: z.number().int(),
  oldestDueDate: z.string().nullable(),
});
export type ArrearsRow = z.infer<typeof ArrearsRow>;

export const RentCharge = z.object({
  _id: Id,
  leaseId: Id,
  period: z.string(),
  dueDate: z.string(),
  amount: z.number().int(),
  currency: Currency,
  allocated: z.number().int(),
  outstanding: z.number().int(),
});
export type RentCharge = z.infer<typeof RentCharge>;

/**
 * How an arrears reminder went: emailed to the tenant; not emailed (no email on file, or the
 * tenant opted out of reminders); or passed, because a later step fell due in the same run and
 * only that one was sent.
 */
export const ARREARS_REMINDER_DELIVERIES = ['emailed', 'no-email', 'opted-out', 'passed'] as const;
export const ArrearsReminderDelivery = z.enum(ARREARS_REMINDER_DELIVERIES);
export type ArrearsReminderDelivery = z.infer<typeof ArrearsReminderDelivery>;

/** One step of the arrears reminders as it was made for one of a lease's charges. */
export const ArrearsReminder = z.object({
  _id: Id,
  chargeId: Id,
  /** The charge's period, YYYY-MM. */
  period: z.string(),
  dueDate: IsoDate,
  stepDay: z.number().int(),
  letter: ArrearsLetter,
  /** The charge's arrears when the reminder was made. */
  arrears: z.number().int(),
  currency: Currency,
  /** Who it was emailed to; null when it was not emailed (see `delivery`). */
  recipient: z.string().nullable(),
  delivery: ArrearsReminderDelivery,
  createdAt: Timestamp,
});
export type ArrearsReminder = z.infer<typeof ArrearsReminder>;

export const ChargeGenerationResult = z.object({ created: z.number().int() });

export const PAYOUT_ACCOUNT_TYPES = ['property', 'agent'] as const;
export const PAYOUT_AMOUNT_POSITIVE = 'Amount must be more than zero';

const Amount = z
  .number(PAYOUT_AMOUNT_POSITIVE)
  .int('Amount must be whole minor units (cents)')
  .min(1, PAYOUT_AMOUNT_POSITIVE)
  .max(MAX_AMOUNT, AMOUNT_TOO_LARGE);
const Reference = z.string().trim().max(200).nullable().optional();

export const PayoutInput = z
  .object({
    accountType: z.enum(PAYOUT_ACCOUNT_TYPES),
    accountId: Id,
    amount: Amount,
    currency: Currency,
    method: PaymentMethod,
    reference: Reference,
    payoutDate: IsoDate.optional(),
  })
  .strict();
export type PayoutInput = z.input<typeof PayoutInput>;

export const Payout = z.object({
  _id: Id,
  accountType: z.enum(PAYOUT_ACCOUNT_TYPES),
  accountId: Id,
  accountName: z.string(),
  amount: MinorUnits,
  currency: Currency,
  method: PaymentMethod,
  reference: z.string().nullable(),
  payoutDate: z.string(),
  journalId: Id,
  createdBy: Id.nullable(),
  createdAt: Timestamp,
});
export type Payout = z.infer<typeof Payout>;

export const PayoutQuery = PageQuery.extend({
  accountType: z.enum(PAYOUT_ACCOUNT_TYPES).optional(),
  accountId: Id.optional(),
});

export const ExpenseInput = z
  .object({
    propertyId: Id,
    supplier: z.string().trim().min(1, 'Name the supplier').max(200),
    description: z.string().trim().min(1, 'Describe the expense').max(1000),
    amount: Amount,
    currency: Currency,
    method: PaymentMethod,
    reference: Reference,
    expenseDate: IsoDate.optional(),
  })
  .strict();
export type ExpenseInput = z.input<typeof ExpenseInput>;

export const Expense = z.object({
  _id: Id,
  propertyId: Id,
  propertyName: z.string(),
  supplier: z.string(),
  description: z.string(),
  amount: MinorUnits,
  currency: Currency,
  method: PaymentMethod,
  reference: z.string().nullable(),
  expenseDate: z.string(),
  journalId: Id,
  createdBy: Id.nullable(),
  createdAt: Timestamp,
});
export type Expense = z.infer<typeof Expense>;

export const DEPOSIT_RELEASE_EMPTY = 'Release something: a refund to the tenant, a deduction, or both';

/** A deduction from a deposit at release: to the owner's account, or paid to a supplier. */
export const DepositDeduction = z.discriminatedUnion('to', [
  z
    .object({
      to: z.literal('owner'),
      amount: Amount,
      description: z.string().trim().min(1, 'Describe the deduction').max(1000),
    })
    .strict(),
  z
    .object({
      to: z.literal('supplier'),
      supplier: z.string().trim().min(1, 'Name the supplier').max(200),
      amount: Amount,
      description: z.string().trim().min(1, 'Describe the deduction').max(1000),
      method: PaymentMethod.default('bank_transfer'),
      reference: Reference,
    })
    .strict(),
]);
export type DepositDeduction = z.input<typeof DepositDeduction>;

/**
 * A deposit's release when the tenancy ends: deductions (each its own line) and the refund to the
 * tenant, settled on `releaseDate` (default today; not in the future, not before the lease began).
 * `toProperty` is the older form of one deduction to the owner.
 */
export const DepositReleaseInput = z
  .object({
    toTenant: AmountInput.default(0),
    toProperty: AmountInput.default(0),
    deductions: z.array(DepositDeduction).max(50).default([]),
    currency: Currency,
    reason: z.string().trim().min(1, 'Give a reason').max(1000).default('End of tenancy'),
    releaseDate: IsoDate.optional(),
    method: PaymentMethod.default('bank_transfer'),
    reference: Reference,
  })
  .strict()
  .refine(
    (value) =>
      value.toTenant + value.toProperty + value.deductions.reduce((sum, line) => sum + line.amount, 0) > 0,
    { message: DEPOSIT_RELEASE_EMPTY, path: ['toTenant'] },
  );
export type DepositReleaseInput = z.input<typeof DepositReleaseInput>;

export const DepositBalance = z.object({ leaseId: Id, currency: Currency, held: z.number().int() });
export type DepositBalance = z.infer<typeof DepositBalance>;

export const DEPOSIT_RELEASE_LINE_KINDS = ['owner', 'supplier', 'tenant'] as const;

/** A release and what is left held after it; its lines in the journal's order. */
export const DepositRelease = DepositBalance.extend({
  journalId: Id,
  releaseDate: IsoDate,
  released: MinorUnits,
  lines: z.array(
    z.object({
      to: z.enum(DEPOSIT_RELEASE_LINE_KINDS),
      supplier: z.string().nullable(),
      description: z.string(),
      amount: MinorUnits,
    }),
  ),
});
export type DepositRelease = z.infer<typeof DepositRelease>;

/** Interest the bank paid on the deposit account, shared among the deposits held by balance × days. */
export const DepositInterestInput = z
  .object({
    currency: Currency,
    amount: Amount,
    from: IsoDate,
    to: IsoDate,
    date: IsoDate.optional(),
    reference: Reference,
  })
  .strict()
  .refine((value) => value.to >= value.from, {
    message: 'The period must end on or after its start',
    path: ['to'],
  });
export type DepositInterestInput = z.input<typeof DepositInterestInput>;

export const DepositInterest = z.object({
  journalId: Id,
  currency: Currency,
  amount: MinorUnits,
  from: IsoDate,
  to: IsoDate,
  date: IsoDate,
  shares: z.array(z.object({ leaseId: Id, balanceDays: z.number().int(), amount: MinorUnits })),
});
export type DepositInterest = z.infer<typeof DepositInterest>;

export const AccountIdParam = z.object({ id: z.string() });
export const LeaseChargesQuery = z.object({ leaseId: z.string() });

const tag = 'accounts';

export const accountsApi = {
  trialBalance: call('GET', '/ledger/trial-balance', {
    summary: 'Every ledger account balance in a currency, as of a date (admin, accountant)',
    tag,
    query: TrialBalanceQuery,
    reply: envelope(TrialBalance),
  }),
  propertyAccounts: call('GET', '/accounts/properties', {
    summary: 'Balance held, arrears and last payment per property and currency',
    tag,
    query: PropertyAccountQuery,
    reply: pageEnvelope(PropertyAccount),
  }),
  propertyStatement: call('GET', '/accounts/properties/:id/statement', {
    summary: 'A property account statement for a period (format json, csv or pdf)',
    tag,
    params: AccountIdParam,
    query: StatementQuery,
    reply: StatementReply,
    produces: ['application/json', 'text/csv', 'application/pdf'],
  }),
  ownerStatement: call('GET', '/accounts/owners/:id/statement', {
    summary: "An owner's statement over all their properties (owner record id or the owner's user id)",
    tag,
    params: AccountIdParam,
    query: StatementQuery,
    reply: StatementReply,
    produces: ['application/json', 'text/csv', 'application/pdf'],
  }),
  agentAccounts: call('GET', '/accounts/agents', {
    summary: 'Commission earned, paid and owed per agent (admin, accountant; agent: own)',
    tag,
    query: AgentAccountQuery,
    reply: envelope(z.array(AgentAccount)),
  }),
  agentStatement: call('GET', '/accounts/agents/:id/statement', {
    summary: "An agent's commission statement for a period (format json, csv or pdf)",
    tag,
    params: AccountIdParam,
    query: StatementQuery,
    reply: StatementReply,
    produces: ['application/json', 'text/csv', 'application/pdf'],
  }),
  commissions: call('GET', '/commissions', {
    summary: 'Commission by agent and by month, agency share and VAT (admin, accountant; agent: own)',
    tag,
    query: CommissionQuery,
    reply: envelope(CommissionReport),
  }),
  arrears: call('GET', '/arrears', {
    summary: 'Rent charged minus paid, by lease, property, tenant or owner',
    tag,
    query: ArrearsQuery,
    reply: envelope(z.array(ArrearsRow)),
  }),
  leaseCharges: call('GET', '/leases/:id/charges', {
    summary: "A lease's rent charges with what settled each",
    tag,
    params: IdParam,
    reply: envelope(z.array(RentCharge)),
  }),
  leaseReminders: call('GET', '/leases/:id/reminders', {
    summary:
      "The arrears reminders made for a lease's charges, newest first: when, which letter, how much, to whom",
    tag,
    params: IdParam,
    reply: envelope(z.array(ArrearsReminder)),
  }),
  generateCharges: call('POST', '/charges/generate', {
    summary: 'Create any missing rent charges up to this month (admin, accountant); idempotent',
    tag,
    reply: envelope(ChargeGenerationResult),
  }),
  createPayout: call('POST', '/payouts', {
    summary:
      'Pay out of a property (to its owner) or agent account, never more than its balance (accountant)',
    tag,
    body: PayoutInput,
    reply: envelope(Payout),
    status: 201,
  }),
  listPayouts: call('GET', '/payouts', {
    summary: 'Payouts made (admin, accountant)',
    tag,
    query: PayoutQuery,
    reply: pageEnvelope(Payout),
  }),
  createExpense: call('POST', '/expenses', {
    summary: "Pay a supplier out of a property's account (accountant)",
    tag,
    body: ExpenseInput,
    reply: envelope(Expense),
    status: 201,
  }),
  depositBalance: call('GET', '/leases/:id/deposit', {
    summary: 'The deposit held for a lease, per currency',
    tag,
    params: IdParam,
    reply: envelope(z.array(DepositBalance)),
  }),
  releaseDeposit: call('POST', '/leases/:id/deposit/release', {
    summary:
      'Release a held deposit when the tenancy has ended: deductions (to the owner or a supplier) and the refund to the tenant, one line each in one journal (accountant)',
    tag,
    params: IdParam,
    body: DepositReleaseInput,
    reply: envelope(DepositRelease),
  }),
  depositStatement: call('GET', '/leases/:id/deposit/statement', {
    summary:
      "A tenant's deposit statement: paid in, interest, carried over to or from the renewal, deductions, refund (format json, csv or pdf)",
    tag,
    params: IdParam,
    query: StatementQuery,
    reply: StatementReply,
    produces: ['application/json', 'text/csv', 'application/pdf'],
  }),
  depositInterest: call('POST', '/ledger/deposit-interest', {
    summary:
      'Record interest received on the deposit bank account and allocate it to the deposits held by balance × days (accountant)',
    tag,
    body: DepositInterestInput,
    reply: envelope(DepositInterest),
    status: 201,
  }),
};
