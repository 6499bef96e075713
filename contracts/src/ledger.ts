import { z } from 'zod';
import { StatementQuery, StatementReply } from './accounts.ts';
import { AccountType, Book } from './books.ts';
import { call, envelope, pageEnvelope } from './common.ts';
import { IsoDate } from './leases.ts';
import { Currency } from './money.ts';

export { ACCOUNT_TYPES, AccountType, Book, BOOKS } from './books.ts';

/** Where a journal came from: its kind, grouped (see the server's `sourceOf`). */
export const JOURNAL_SOURCES = [
  'payment',
  'payout',
  'expense',
  'transfer',
  'invoice',
  'deposit',
  'reversal',
  'levy',
  'opening',
  'other',
] as const;
export const JournalSource = z.enum(JOURNAL_SOURCES);
export type JournalSource = z.infer<typeof JournalSource>;

const Date10 = IsoDate;
const CurrencyCode = Currency;

export const JournalQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
    book: Book.optional(),
    from: Date10.optional(),
    to: Date10.optional(),
    /** An exact account name, e.g. `trust:bank` or `property:{id}`. */
    account: z.string().trim().min(1).max(200).optional(),
    currency: CurrencyCode.optional(),
    source: JournalSource.optional(),
  })
  .refine((value) => !value.from || !value.to || value.to >= value.from, {
    message: 'The period must end on or after its start',
    path: ['to'],
  });
export type JournalQuery = z.input<typeof JournalQuery>;

export const JournalLine = z.object({
  account: z.string(),
  label: z.string(),
  book: Book,
  currency: z.string(),
  /** Debit-positive minor units. */
  amount: z.number().int(),
});
export type JournalLine = z.infer<typeof JournalLine>;

export const Journal = z.object({
  _id: z.uuid(),
  book: Book,
  kind: z.string(),
  source: JournalSource,
  description: z.string(),
  reference: z.string().nullable(),
  entryDate: z.string(),
  /** The first journal of the same event, in the other book (this one is its second half). */
  linkedId: z.uuid().nullable(),
  /** The journal this one reverses, line for line. */
  reversesId: z.uuid().nullable(),
  postedBy: z.uuid().nullable(),
  lines: z.array(JournalLine),
});
export type Journal = z.infer<typeof Journal>;

/** A journal with the other book's half (or halves) of the same event. */
export const JournalDetail = Journal.extend({ linkedJournalIds: z.array(z.uuid()) });
export type JournalDetail = z.infer<typeof JournalDetail>;

export const ChartQuery = z.object({ currency: CurrencyCode.optional() });

export const ChartAccount = z.object({
  account: z.string(),
  label: z.string(),
  book: Book,
  type: AccountType,
  /** Debit-positive balance per currency (only the currency asked for, when one is). */
  balances: z.array(z.object({ currency: z.string(), balance: z.number().int() })),
});
export type ChartAccount = z.infer<typeof ChartAccount>;

export const LEDGER_EXPORT_FORMATS = ['csv', 'ledger'] as const;
export const LedgerExportQuery = z
  .object({
    book: Book.optional(),
    from: Date10.optional(),
    to: Date10.optional(),
    currency: CurrencyCode.optional(),
    format: z.enum(LEDGER_EXPORT_FORMATS).default('csv'),
  })
  .refine((value) => !value.from || !value.to || value.to >= value.from, {
    message: 'The period must end on or after its start',
    path: ['to'],
  });
export type LedgerExportQuery = z.input<typeof LedgerExportQuery>;

export const AccountParam = z.object({ account: z.string().min(1).max(200) });

const tag = 'ledger';
const FILES = ['application/json', 'text/csv', 'application/pdf'];

export const ledgerApi = {
  journals: call('GET', '/ledger/journals', {
    summary: 'Journals of both books, newest first, each with its lines (admin, accountant)',
    tag,
    query: JournalQuery,
    reply: pageEnvelope(Journal),
  }),
  journal: call('GET', '/ledger/journals/:id', {
    summary: "One journal with its lines and the other book's half of the same event (admin, accountant)",
    tag,
    params: z.object({ id: z.string() }),
    reply: envelope(JournalDetail),
  }),
  chart: call('GET', '/ledger/accounts', {
    summary: 'The chart of accounts of both books with balances (admin, accountant)',
    tag,
    query: ChartQuery,
    reply: envelope(z.array(ChartAccount)),
  }),
  accountStatement: call('GET', '/ledger/accounts/:account/statement', {
    summary: 'A statement of any ledger account for a period (format json, csv or pdf; admin, accountant)',
    tag,
    params: AccountParam,
    query: StatementQuery,
    reply: StatementReply,
    produces: FILES,
  }),
  export: call('GET', '/ledger/export', {
    summary: 'The general ledger as CSV or an hledger journal (admin, accountant)',
    tag,
    query: LedgerExportQuery,
    reply: z.string(),
    produces: ['text/csv', 'text/plain'],
  }),
};
