import {
  type AnyPgColumn,
  bigint,
  date,
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
import type { CsvStatementMapping } from '@lintel/contracts';
import { BANK_FILE_FORMATS, BOOKS, SUSPENSE_STATES } from '@lintel/contracts';
import { users } from './users.ts';
import { journals, ledgerLines, payments } from './money.ts';
import { leases } from './leases.ts';
import { createdAt, id, updatedAt, version } from './columns.ts';
import { cents, companyId } from './company-columns.ts';

/**
 * A real bank account of the company, tied to its book's bank ledger account in one currency:
 * `trust:bank` or `business:bank` (one bank account per book and currency).
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: id(),
    companyId: companyId(),
    book: text('book', { enum: BOOKS }).notNull(),
    currency: text('currency').notNull(),
    name: text('name').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    /** A statement line and a ledger entry this many days apart may still match. */
    matchWindowDays: integer('match_window_days').notNull().default(5),
    /** The CSV column mapping last used for this account, offered on the next import. */
    csvMapping: jsonb('csv_mapping').$type<CsvStatementMapping>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [unique('bank_accounts_book_currency_unique').on(t.companyId, t.book, t.currency)],
);

/** One imported statement file. */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: id(),
    companyId: companyId(),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    format: text('format', { enum: BANK_FILE_FORMATS }).notNull(),
    fileName: text('file_name').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    openingCents: cents('opening_cents').notNull(),
    closingCents: cents('closing_cents').notNull(),
    /** Lines in the file, and how many of them were new (the rest were already imported). */
    lineCount: integer('line_count').notNull(),
    addedCount: integer('added_count').notNull(),
    importedBy: uuid('imported_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('bank_statements_account_idx').on(t.companyId, t.bankAccountId, t.toDate)],
);

/** A bank's record of one movement: credits (money in) positive, debits negative. */
export const bankLines = pgTable(
  'bank_lines',
  {
    id: id(),
    companyId: companyId(),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => bankStatements.id),
    /** Order within its statement (bank order), breaking ties between lines of one day. */
    position: integer('position').notNull(),
    lineDate: date('line_date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    reference: text('reference'),
    /** The payer or payee as the bank names them, where the format says. */
    counterparty: text('counterparty'),
    amountCents: cents('amount_cents').notNull(),
    /** The account's balance after this line: the bank's figure, else carried from the opening. */
    balanceCents: cents('balance_cents').notNull(),
    /** The bank's own transaction id (OFX FITID, camt AcctSvcrRef), where the format has one. */
    bankTransactionId: text('bank_transaction_id'),
    /** What makes the line the same line in another import (see the import service). */
    identity: text('identity').notNull(),
    /** The match it belongs to; null while unmatched. Set only with `match_id is null` (one winner). */
    matchId: uuid('match_id').references((): AnyPgColumn => bankMatches.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('bank_lines_identity_unique').on(t.bankAccountId, t.identity),
    index('bank_lines_account_date_idx').on(t.companyId, t.bankAccountId, t.lineDate, t.position),
    index('bank_lines_match_idx')
      .on(t.matchId)
      .where(sql`${t.matchId} is not null`),
  ],
);

/**
 * Statement lines and ledger entries (lines of the bank ledger account) that are the same money:
 * one to one, one line to several entries (a deposit slip), several lines to one entry. Their sums
 * agree. `rule` says what matched them.
 */
export const bankMatches = pgTable(
  'bank_matches',
  {
    id: id(),
    companyId: companyId(),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    rule: text('rule').notNull(),
    matchedBy: uuid('matched_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('bank_matches_account_idx').on(t.companyId, t.bankAccountId)],
);

/** The ledger entries of a match; an entry is in one match at most. */
export const bankMatchEntries = pgTable(
  'bank_match_entries',
  {
    companyId: companyId(),
    matchId: uuid('match_id')
      .notNull()
      .references(() => bankMatches.id, { onDelete: 'cascade' }),
    ledgerSeq: bigint('ledger_seq', { mode: 'number' })
      .notNull()
      .references(() => ledgerLines.seq),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.ledgerSeq] }),
    unique('bank_match_entries_seq_unique').on(t.ledgerSeq),
  ],
);

/** Money on a trust statement nobody has identified yet, held in `trust:suspense` until it is. */
export const suspenseItems = pgTable(
  'suspense_items',
  {
    id: id(),
    companyId: companyId(),
    bankLineId: uuid('bank_line_id')
      .notNull()
      .references(() => bankLines.id),
    currency: text('currency').notNull(),
    amountCents: cents('amount_cents').notNull(),
    note: text('note').notNull(),
    state: text('state', { enum: SUSPENSE_STATES }).notNull().default('open'),
    /** The journal that parked it: trust bank to suspense. */
    journalId: uuid('journal_id')
      .notNull()
      .references(() => journals.id),
    /** Allocated: the payment it became. Refunded: the journal that paid it back. */
    paymentId: uuid('payment_id').references(() => payments.id),
    leaseId: uuid('lease_id').references(() => leases.id),
    resolvedJournalId: uuid('resolved_journal_id').references(() => journals.id),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    unique('suspense_items_line_unique').on(t.bankLineId),
    index('suspense_items_company_idx').on(t.companyId, t.state),
  ],
);

/**
 * A signed-off three-way reconciliation of one bank account at a statement date: the figures and
 * the items between them as they stood. Reopening keeps the row (who, when, why).
 */
export const reconciliations = pgTable(
  'reconciliations',
  {
    id: id(),
    companyId: companyId(),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    statementDate: date('statement_date', { mode: 'string' }).notNull(),
    statementBalanceCents: cents('statement_balance_cents').notNull(),
    adjustedBankCents: cents('adjusted_bank_cents').notNull(),
    cashBookCents: cents('cash_book_cents').notNull(),
    /** Trust accounts only: what the client ledgers (and due to the agency) add up to. */
    clientLedgersCents: cents('client_ledgers_cents'),
    /** The whole reconciliation as signed off (figures and items), for the history and the pack. */
    snapshot: jsonb('snapshot').notNull(),
    signedOffBy: uuid('signed_off_by')
      .notNull()
      .references(() => users.id),
    signedOffAt: timestamp('signed_off_at', { withTimezone: true }).notNull().defaultNow(),
    reopenedBy: uuid('reopened_by').references(() => users.id),
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    reopenReason: text('reopen_reason'),
  },
  (t) => [
    uniqueIndex('reconciliations_signed_off_unique')
      .on(t.bankAccountId, t.statementDate)
      .where(sql`${t.reopenedAt} is null`),
    index('reconciliations_account_idx').on(t.companyId, t.bankAccountId, t.statementDate),
  ],
);

/**
 * The books of one book and currency are closed up to this day: journals dated on or before it
 * are refused (a signed-off reconciliation closes its month). Corrections post in the open period.
 */
export const periodLocks = pgTable(
  'period_locks',
  {
    companyId: companyId(),
    book: text('book', { enum: BOOKS }).notNull(),
    currency: text('currency').notNull(),
    closedThrough: date('closed_through', { mode: 'string' }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.book, t.currency] })],
);
