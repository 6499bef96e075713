import {
  bigint,
  bigserial,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  ARREARS_LETTERS,
  DEFAULT_ARREARS_REMINDER_STEPS,
  type ArrearsReminderStep,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  PAYOUT_ACCOUNT_TYPES,
} from '@lintel/contracts';
import { companies } from './companies.ts';
import { leases } from './leases.ts';
import { properties } from './properties.ts';
import { tenants } from './tenants.ts';
import { users } from './users.ts';
import { createdAt, id, updatedAt, version } from './columns.ts';
import { cents, companyId } from './company-columns.ts';

/** One row per company once its money settings are first saved; defaults apply until then. */
export const financeSettings = pgTable('finance_settings', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id),
  currencies: text('currencies').array().notNull(),
  defaultCurrency: text('default_currency').notNull(),
  commissionRateBp: integer('commission_rate_bp').notNull(),
  agentShareBp: integer('agent_share_bp').notNull(),
  vatRegistered: boolean('vat_registered').notNull(),
  vatRateBp: integer('vat_rate_bp').notNull(),
  rentDueDay: integer('rent_due_day').notNull(),
  lateFeeRateBp: integer('late_fee_rate_bp').notNull(),
  receiptPrefix: text('receipt_prefix').notNull(),
  invoicePrefix: text('invoice_prefix').notNull(),
  /** A maintenance estimate above this (minor units, default currency) needs the owner's approval. */
  ownerApprovalLimitCents: bigint('owner_approval_limit_cents', { mode: 'number' }).notNull().default(50000),
  /** How often what is due to the agency leaves trust for the business bank on its own. */
  transferSchedule: text('transfer_schedule', { enum: ['off', 'daily', 'weekly', 'monthly'] })
    .notNull()
    .default('monthly'),
  /** Money due to the agency left in trust longer than this is flagged (commingling). */
  transferLimitDays: integer('transfer_limit_days').notNull().default(31),
  /** Receipts emailed to the tenant as payments are recorded (and a note when one is reversed). */
  emailReceipts: boolean('email_receipts').notNull().default(false),
  /** The day of the month owners are emailed the previous month's statement (1–28). */
  statementDay: integer('statement_day').notNull().default(1),
  /** Arrears reminders: which letter goes out how many days after a charge fell due. */
  arrearsReminderSteps: jsonb('arrears_reminder_steps')
    .$type<ArrearsReminderStep[]>()
    .notNull()
    .default(DEFAULT_ARREARS_REMINDER_STEPS),
  /** The last day the scheduled transfer ran, so a restart does not run it twice. */
  lastScheduledTransfer: date('last_scheduled_transfer', { mode: 'string' }),
  updatedAt: updatedAt(),
  version: version(),
});

/**
 * Gapless per-company counters (receipt numbers): the increment is part of the posting
 * transaction, so a rolled-back post gives its number back and concurrent posts queue on the row.
 */
export const numberSequences = pgTable(
  'number_sequences',
  {
    companyId: companyId(),
    name: text('name').notNull(),
    lastValue: bigint('last_value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.name] })],
);

/** A double-entry journal; its lines sum to zero per currency (checked by the database at commit). */
export const journals = pgTable(
  'journals',
  {
    id: id(),
    companyId: companyId(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    reference: text('reference'),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    /** The journal this one reverses, line for line. */
    reversesId: uuid('reverses_id'),
    /** Trust or business: every line is on an account of this book (checked by the database). */
    book: text('book', { enum: ['trust', 'business'] })
      .notNull()
      .default('trust'),
    /** The other book's half of one event (rent received, a fee transfer): its first journal. */
    linkedId: uuid('linked_id'),
    postedBy: uuid('posted_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    unique('journals_id_book_unique').on(t.id, t.book),
    index('journals_company_date_idx').on(t.companyId, t.entryDate),
    index('journals_linked_idx')
      .on(t.linkedId)
      .where(sql`${t.linkedId} is not null`),
  ],
);

export const ledgerLines = pgTable(
  'ledger_lines',
  {
    /** Insertion order: breaks ties between lines of the same day in statements. */
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    journalId: uuid('journal_id').notNull(),
    account: text('account').notNull(),
    /** The journal's book, copied so each book's balances read from the account index. */
    book: text('book', { enum: ['trust', 'business'] })
      .notNull()
      .default('trust'),
    currency: text('currency').notNull(),
    /** Debits positive, credits negative. */
    amountCents: cents('amount_cents').notNull(),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    /**
     * Copied from the journal so a statement reads one account's lines in index order without
     * joining every journal; both tables are append-only, so the copy cannot drift.
     */
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    reference: text('reference'),
    createdAt: createdAt(),
  },
  (t) => [
    // Migration 0008 adds INCLUDE (amount_cents), which Drizzle cannot declare: statement sums
    // and page choices are index-only scans.
    index('ledger_lines_account_idx').on(t.companyId, t.account, t.currency, t.entryDate, t.seq),
    index('ledger_lines_journal_idx').on(t.journalId),
    // Migration 0019 adds INCLUDE (account, amount_cents): a balance at a date reads its month's
    // lines of every account in one range (index-only), where the account index above would walk
    // all of the company's lines in the currency.
    index('ledger_lines_company_date_idx').on(t.companyId, t.currency, t.entryDate),
    foreignKey({
      name: 'ledger_lines_journal_book_fk',
      columns: [t.journalId, t.book],
      foreignColumns: [journals.id, journals.book],
    }),
  ],
);

/**
 * Each account's net movement per currency and calendar month, kept by a trigger on ledger_lines
 * in the inserting statement's transaction (migration 0016), so a balance at a date reads the
 * months before it here and only its own month's lines. A month without lines has no row.
 */
export const accountMonthBalances = pgTable(
  'account_month_balances',
  {
    companyId: companyId(),
    account: text('account').notNull(),
    currency: text('currency').notNull(),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    /** Debit-positive sum of the account's lines dated in the month. */
    movementCents: cents('movement_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.account, t.currency, t.month] })],
);

/**
 * Each account's whole balance per currency, kept by the same trigger as the months (migration
 * 0020): a balance as of now is one row, and one as of a recent date is this row less the few
 * lines dated on or after it, instead of every month carried before it.
 */
export const accountWholeBalances = pgTable(
  'account_balances',
  {
    companyId: companyId(),
    account: text('account').notNull(),
    currency: text('currency').notNull(),
    /** Debit-positive sum of every line of the account in the currency. */
    balanceCents: cents('balance_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.account, t.currency] })],
);

/** What a lease owes for one month; unique per (lease, period) so generation is idempotent. */
export const rentCharges = pgTable(
  'rent_charges',
  {
    id: id(),
    companyId: companyId(),
    leaseId: uuid('lease_id')
      .notNull()
      .references(() => leases.id),
    period: text('period').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** What completed payments have allocated to the charge; kept by triggers (migration 0018). */
    settledCents: cents('settled_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('rent_charges_lease_period_unique').on(t.leaseId, t.period),
    index('rent_charges_company_due_idx').on(t.companyId, t.dueDate),
    // Arrears read only the charges still open: a few among the years of settled ones.
    index('rent_charges_open_idx')
      .on(t.companyId, t.currency, t.dueDate)
      .where(sql`${t.settledCents} < ${t.amountCents}`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    companyId: companyId(),
    receiptNumber: text('receipt_number').notNull(),
    type: text('type', { enum: PAYMENT_TYPES }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('completed'),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id),
    leaseId: uuid('lease_id').references(() => leases.id),
    tenantId: uuid('tenant_id').references(() => tenants.id),
    agentId: uuid('agent_id').references(() => users.id),
    payerName: text('payer_name'),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    reference: text('reference'),
    notes: text('notes'),
    commissionRateBp: integer('commission_rate_bp').notNull(),
    agentShareBp: integer('agent_share_bp').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    commissionCents: cents('commission_cents').notNull(),
    agentShareCents: cents('agent_share_cents').notNull(),
    agencyShareCents: cents('agency_share_cents').notNull(),
    vatCents: cents('vat_cents').notNull(),
    ownerCents: cents('owner_cents').notNull(),
    journalId: uuid('journal_id')
      .notNull()
      .references(() => journals.id),
    reversalJournalId: uuid('reversal_journal_id').references(() => journals.id),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversedBy: uuid('reversed_by').references(() => users.id),
    reversalReason: text('reversal_reason'),
    receivedBy: uuid('received_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_company_receipt_unique').on(t.companyId, t.receiptNumber),
    index('payments_company_date_idx').on(t.companyId, t.paymentDate),
    // Bank matching names the payment behind each ledger entry of the bank.
    index('payments_journal_idx').on(t.journalId),
    // Reports add reversals on their own dates: the few reversed payments, not all of them.
    index('payments_company_reversed_idx')
      .on(t.companyId)
      .where(sql`${t.reversalJournalId} is not null`),
    index('payments_property_idx').on(t.propertyId),
    index('payments_lease_idx').on(t.leaseId),
  ],
);

/** Which part of a payment settled which rent charge (oldest first). */
export const allocations = pgTable(
  'allocations',
  {
    id: id(),
    companyId: companyId(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    chargeId: uuid('charge_id')
      .notNull()
      .references(() => rentCharges.id),
    amountCents: cents('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('allocations_charge_idx').on(t.chargeId), index('allocations_payment_idx').on(t.paymentId)],
);

/** (company, key) → what the first request asked and what it got; kept at least 24 hours. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    companyId: companyId(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.key] })],
);

export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    companyId: companyId(),
    accountType: text('account_type', { enum: PAYOUT_ACCOUNT_TYPES }).notNull(),
    accountId: uuid('account_id').notNull(),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    reference: text('reference'),
    payoutDate: date('payout_date', { mode: 'string' }).notNull(),
    journalId: uuid('journal_id')
      .notNull()
      .references(() => journals.id),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('payouts_company_idx').on(t.companyId, t.createdAt),
    // Bank matching names the payout behind each ledger entry of the bank.
    index('payouts_journal_idx').on(t.journalId),
  ],
);

export const expenses = pgTable(
  'expenses',
  {
    id: id(),
    companyId: companyId(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id),
    supplier: text('supplier').notNull(),
    description: text('description').notNull(),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    reference: text('reference'),
    expenseDate: date('expense_date', { mode: 'string' }).notNull(),
    journalId: uuid('journal_id')
      .notNull()
      .references(() => journals.id),
    createdBy: uuid('created_by').references(() => users.id),
    /** Free-form link to what caused it (a levy, a maintenance request) for later features. */
    source: jsonb('source').$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('expenses_property_idx').on(t.propertyId),
    // The income report's expenses and levies of a period, company-wide.
    index('expenses_company_date_idx').on(t.companyId, t.expenseDate),
  ],
);

/** The VAT rate from a date on: a change leaves what was posted before it alone. */
export const vatRates = pgTable(
  'vat_rates',
  {
    companyId: companyId(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    rateBp: integer('rate_bp').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.effectiveFrom] })],
);

/**
 * Each arrears reminder a tenant was sent (or would have been, with no email on file): once per
 * charge and step, so the hourly calendar never repeats one, and the agent sees who was reminded
 * when and of how much.
 */
export const arrearsReminders = pgTable(
  'arrears_reminders',
  {
    id: id(),
    companyId: companyId(),
    chargeId: uuid('charge_id')
      .notNull()
      .references(() => rentCharges.id),
    leaseId: uuid('lease_id')
      .notNull()
      .references(() => leases.id),
    /** The step's day: how many days after the due date it was due. */
    stepDay: integer('step_day').notNull(),
    letter: text('letter', { enum: ARREARS_LETTERS }).notNull(),
    /** The charge's arrears when the reminder was made. */
    arrearsCents: cents('arrears_cents').notNull(),
    currency: text('currency').notNull(),
    /** Who it was emailed to; null when the tenant has no email on file. */
    recipient: text('recipient'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('arrears_reminders_charge_step_unique').on(t.chargeId, t.stepDay),
    index('arrears_reminders_lease_idx').on(t.companyId, t.leaseId, t.createdAt),
  ],
);

/**
 * Each month's owner statement run, once it went out: on the statement day by the calendar, or
 * earlier by the accountant. The hourly calendar looks here so it runs each month once.
 */
export const ownerStatementRuns = pgTable(
  'owner_statement_runs',
  {
    companyId: companyId(),
    /** The month the statements cover, YYYY-MM. */
    month: text('month').notNull(),
    /** Null when the calendar sent it on the statement day. */
    sentBy: uuid('sent_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month] })],
);
