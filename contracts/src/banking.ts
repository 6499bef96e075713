import { z } from 'zod';
import { call, envelope, Id, IdParam, pageEnvelope, PageQuery, Timestamp } from './common.ts';
import { Book } from './books.ts';
import { IsoDate } from './leases.ts';
import { Currency } from './money.ts';

/**
 * Banking (issue 17): the company's bank accounts, their statements imported from files, statement
 * lines matched to the bank ledger account's entries, unknown money parked in trust suspense, and
 * the three-way reconciliation that closes a month. Amounts are signed minor units: on a statement
 * a credit (money in) is positive; a ledger entry of a bank account is debit (money in) positive,
 * so a line and the entries it matches have the same sum.
 */

// ---------------------------------------------------------------- bank accounts

export const BankAccountInput = z
  .object({
    /** Trust (clients' money) or business (the agency's own): its ledger account is `<book>:bank`. */
    book: Book,
    currency: Currency,
    name: z.string().trim().min(1).max(120),
    bankName: z.string().trim().min(1).max(120),
    accountNumber: z.string().trim().min(1).max(40),
    matchWindowDays: z.number().int().min(0).max(31).default(5),
  })
  .strict();
export type BankAccountInput = z.input<typeof BankAccountInput>;

export const BankAccountUpdate = BankAccountInput.pick({
  name: true,
  bankName: true,
  accountNumber: true,
  matchWindowDays: true,
})
  .partial()
  .strict();

export const BANK_DATE_FORMATS = [
  'YYYY-MM-DD',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'DD-MM-YYYY',
  'DD.MM.YYYY',
  'YYYY/MM/DD',
] as const;
export const BankDateFormat = z.enum(BANK_DATE_FORMATS);

/**
 * How one bank's CSV reads: which column (by header name) holds what. Either `amount` (signed,
 * credits positive) or `debit` and `credit` (both unsigned). Saved per bank account once used.
 */
export const CsvStatementMapping = z
  .object({
    date: z.string().min(1),
    description: z.string().min(1),
    reference: z.string().min(1).optional(),
    counterparty: z.string().min(1).optional(),
    amount: z.string().min(1).optional(),
    debit: z.string().min(1).optional(),
    credit: z.string().min(1).optional(),
    balance: z.string().min(1).optional(),
    bankTransactionId: z.string().min(1).optional(),
    dateFormat: BankDateFormat,
    /** Amounts like 1.234,56 */
    decimalComma: z.boolean().default(false),
  })
  .strict()
  .refine((m) => m.amount !== undefined || (m.debit !== undefined && m.credit !== undefined), {
    message: 'Map either an amount column or both debit and credit columns',
    path: ['amount'],
  });
export type CsvStatementMapping = z.infer<typeof CsvStatementMapping>;

export const BankAccountView = z.object({
  _id: Id,
  book: Book,
  currency: Currency,
  name: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  /** `trust:bank` or `business:bank`. */
  ledgerAccount: z.string(),
  matchWindowDays: z.number().int(),
  csvMapping: CsvStatementMapping.nullable(),
  /** The last statement line's date and balance; null before any import. */
  statementDate: z.string().nullable(),
  statementBalance: z.number().int().nullable(),
  unmatchedLines: z.number().int(),
  /** The latest signed-off reconciliation's statement date (also where the books are closed). */
  reconciledThrough: z.string().nullable(),
  createdAt: Timestamp,
});
export type BankAccountView = z.infer<typeof BankAccountView>;

// ---------------------------------------------------------------- statements

export const BANK_FILE_FORMATS = ['csv', 'ofx', 'camt053'] as const;
export const BankFileFormat = z.enum(BANK_FILE_FORMATS);
export type BankFileFormat = z.infer<typeof BankFileFormat>;

/** Import query; the body is multipart: field `file`, and for CSV field `mapping` (JSON of CsvStatementMapping). */
export const StatementImportQuery = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** Without it, read from the file's name and first bytes. */
  format: BankFileFormat.optional(),
  /** CSV only: the opening balance when the file has no balance column. */
  openingBalance: z.coerce.number().int().optional(),
});

export const STATEMENT_MAX_BYTES = 10 * 1024 * 1024;

export const StatementLinePreview = z.object({
  /** 1-based line of the file (CSV row with the header as line 1; OFX/camt entry number). */
  line: z.number().int(),
  date: z.string(),
  description: z.string(),
  reference: z.string().nullable(),
  counterparty: z.string().nullable(),
  amount: z.number().int(),
  balance: z.number().int(),
  bankTransactionId: z.string().nullable(),
  /** Already imported (same identity): it will not be added again. */
  duplicate: z.boolean(),
});
export type StatementLinePreview = z.infer<typeof StatementLinePreview>;

export const StatementProblem = z.object({ line: z.number().int(), message: z.string() });

export const StatementImportReport = z.object({
  format: BankFileFormat,
  currency: Currency,
  fromDate: z.string(),
  toDate: z.string(),
  openingBalance: z.number().int(),
  closingBalance: z.number().int(),
  lines: z.array(StatementLinePreview),
  added: z.number().int(),
  duplicates: z.number().int(),
  problems: z.array(StatementProblem),
  /** True when the lines were written (not a dry run, no problems). */
  applied: z.boolean(),
  statementId: Id.nullable(),
});
export type StatementImportReport = z.infer<typeof StatementImportReport>;

export const BankStatementView = z.object({
  _id: Id,
  format: BankFileFormat,
  fileName: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  openingBalance: z.number().int(),
  closingBalance: z.number().int(),
  lineCount: z.number().int(),
  addedCount: z.number().int(),
  importedByName: z.string().nullable(),
  createdAt: Timestamp,
});

// ---------------------------------------------------------------- lines and matching

export const BANK_LINE_STATES = ['unmatched', 'matched', 'all'] as const;

export const BankLineQuery = PageQuery.extend({
  state: z.enum(BANK_LINE_STATES).default('all'),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  /** credit: money in; debit: money out. */
  direction: z.enum(['credit', 'debit']).optional(),
});

/** A ledger entry of a bank account (one ledger line) as matching sees it. */
export const LedgerEntry = z.object({
  seq: z.number().int(),
  journalId: Id,
  date: z.string(),
  kind: z.string(),
  description: z.string(),
  reference: z.string().nullable(),
  amount: z.number().int(),
  /** The match it is in; null while unmatched. */
  matchId: Id.nullable(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const MATCH_RULES = [
  'reference',
  'receipt_number',
  'payout_reference',
  'transfer_reference',
  'lease_reference',
  'tenant_name',
  'amount_date',
  'manual',
  'receipt_from_line',
  'suspense',
  'bank_charge',
  'returned_payout',
] as const;
export const MatchRule = z.enum(MATCH_RULES);
export type MatchRule = z.infer<typeof MatchRule>;

export const BankLineView = z.object({
  _id: Id,
  bankAccountId: Id,
  statementId: Id,
  date: z.string(),
  description: z.string(),
  reference: z.string().nullable(),
  counterparty: z.string().nullable(),
  amount: z.number().int(),
  balance: z.number().int(),
  bankTransactionId: z.string().nullable(),
  matchId: Id.nullable(),
  rule: MatchRule.nullable(),
  /** The ledger entries of its match (empty while unmatched). */
  entries: z.array(LedgerEntry),
  /** Parked in trust suspense: the item's id. */
  suspenseItemId: Id.nullable(),
});
export type BankLineView = z.infer<typeof BankLineView>;

/** A candidate for an unmatched line, best first; `confidence` 0–100 with the rule that found it. */
export const MatchSuggestion = z.object({
  entries: z.array(LedgerEntry),
  rule: MatchRule,
  confidence: z.number().int().min(0).max(100),
  reason: z.string(),
});
export type MatchSuggestion = z.infer<typeof MatchSuggestion>;

export const MatchInput = z
  .object({
    lineIds: z.array(Id).min(1).max(200),
    entrySeqs: z.array(z.number().int().positive()).min(1).max(200),
  })
  .strict();
export type MatchInput = z.input<typeof MatchInput>;

export const BankMatchView = z.object({
  _id: Id,
  bankAccountId: Id,
  rule: MatchRule,
  lineIds: z.array(Id),
  entries: z.array(LedgerEntry),
  matchedByName: z.string().nullable(),
  createdAt: Timestamp,
});
export type BankMatchView = z.infer<typeof BankMatchView>;

export const AutoMatchReport = z.object({
  matched: z.number().int(),
  /** Lines left alone because two or more entries fit equally well. */
  ambiguous: z.number().int(),
  byRule: z.record(z.string(), z.number().int()),
});
export type AutoMatchReport = z.infer<typeof AutoMatchReport>;

/** Turn an unmatched credit into a payment on a lease, matched to the line. */
export const ReceiptFromLineInput = z
  .object({
    leaseId: Id,
    type: z.enum(['rent', 'deposit']).default('rent'),
    notes: z.string().trim().max(500).optional(),
  })
  .strict();

export const SuspenseInput = z.object({ note: z.string().trim().min(1).max(500) }).strict();

export const BankChargeInput = z
  .object({ description: z.string().trim().min(1).max(200).default('Bank charges') })
  .strict();

export const ReturnedPayoutInput = z.object({ payoutId: Id }).strict();

export const SUSPENSE_STATES = ['open', 'allocated', 'refunded'] as const;
export const SuspenseState = z.enum(SUSPENSE_STATES);

export const SuspenseItemView = z.object({
  _id: Id,
  bankLineId: Id,
  date: z.string(),
  description: z.string(),
  counterparty: z.string().nullable(),
  currency: Currency,
  amount: z.number().int(),
  note: z.string(),
  state: SuspenseState,
  leaseId: Id.nullable(),
  paymentId: Id.nullable(),
  resolution: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: Timestamp,
  resolvedAt: Timestamp.nullable(),
});
export type SuspenseItemView = z.infer<typeof SuspenseItemView>;

export const SuspenseQuery = PageQuery.extend({ state: SuspenseState.optional() });

export const SuspenseAllocateInput = z
  .object({ leaseId: Id, type: z.enum(['rent', 'deposit']).default('rent') })
  .strict();

export const SuspenseRefundInput = z
  .object({ date: IsoDate, reference: z.string().trim().min(1).max(100).optional() })
  .strict();

// ---------------------------------------------------------------- reconciliation

export const ReconciliationQuery = z.object({ date: IsoDate });

const ReconcilingItem = z.object({
  date: z.string(),
  description: z.string(),
  reference: z.string().nullable(),
  amount: z.number().int(),
  /** The ledger entry's seq or the statement line's id. */
  seq: z.number().int().nullable(),
  lineId: Id.nullable(),
});

export const Reconciliation = z.object({
  bankAccountId: Id,
  book: Book,
  currency: Currency,
  date: z.string(),
  /** The bank's balance at the date (last statement line on or before it). */
  statementBalance: z.number().int(),
  /** Ledger receipts not yet on the statement (added). */
  depositsInTransit: z.array(ReconcilingItem),
  /** Ledger payments not yet on the statement (taken off). */
  unpresentedPayments: z.array(ReconcilingItem),
  adjustedBankBalance: z.number().int(),
  /** The bank ledger account's balance at the date. */
  cashBook: z.number().int(),
  /** Statement lines with no ledger entry: they explain adjusted bank − cash book. */
  unrecordedLines: z.array(ReconcilingItem),
  bankDifference: z.number().int(),
  /** Trust only: owners' accounts, deposits, suspense and due to the agency, as credits (positive). */
  clientLedgers: z.number().int().nullable(),
  /** Client accounts in debit (owing trust): each is a breach to explain. */
  clientAccountsInDebit: z.array(
    z.object({ account: z.string(), label: z.string(), balance: z.number().int() }),
  ),
  ledgerDifference: z.number().int().nullable(),
  /** Zero differences and a statement that reaches the date. */
  balanced: z.boolean(),
  /** Why it cannot be signed off, when it cannot. */
  blockers: z.array(z.string()),
  signedOff: z.object({ id: Id, byName: z.string().nullable(), at: Timestamp }).nullable(),
});
export type Reconciliation = z.infer<typeof Reconciliation>;

export const SignOffInput = z.object({ date: IsoDate }).strict();

export const ReconciliationRecord = z.object({
  _id: Id,
  bankAccountId: Id,
  date: z.string(),
  statementBalance: z.number().int(),
  adjustedBankBalance: z.number().int(),
  cashBook: z.number().int(),
  clientLedgers: z.number().int().nullable(),
  signedOffByName: z.string().nullable(),
  signedOffAt: Timestamp,
  reopenedByName: z.string().nullable(),
  reopenedAt: Timestamp.nullable(),
  reopenReason: z.string().nullable(),
});
export type ReconciliationRecord = z.infer<typeof ReconciliationRecord>;

export const ReopenInput = z.object({ reason: z.string().trim().min(3).max(500) }).strict();

export const PERIOD_CLOSED = 'PERIOD_CLOSED';

const tag = 'banking';
const AccountParams = IdParam;

export const bankingApi = {
  listAccounts: call('GET', '/banking/accounts', {
    summary: 'Bank accounts with their statement, unmatched and reconciled state (admin, accountant)',
    tag,
    reply: envelope(z.array(BankAccountView)),
  }),
  createAccount: call('POST', '/banking/accounts', {
    summary: 'Register a bank account for a book and currency (admin, accountant)',
    tag,
    body: BankAccountInput,
    reply: envelope(BankAccountView),
    status: 201,
  }),
  updateAccount: call('PATCH', '/banking/accounts/:id', {
    summary: 'Rename a bank account or change its match window (admin, accountant)',
    tag,
    params: AccountParams,
    body: BankAccountUpdate,
    reply: envelope(BankAccountView),
  }),
  importStatement: call('POST', '/banking/accounts/:id/statements', {
    summary:
      'Import a statement file (multipart: file; mapping for CSV): CSV, OFX/QFX or camt.053; dryRun=true writes nothing (accountant)',
    tag,
    params: AccountParams,
    query: StatementImportQuery,
    reply: envelope(StatementImportReport),
  }),
  listStatements: call('GET', '/banking/accounts/:id/statements', {
    summary: 'Statements imported for a bank account, newest first (admin, accountant)',
    tag,
    params: AccountParams,
    query: PageQuery,
    reply: pageEnvelope(BankStatementView),
  }),
  listLines: call('GET', '/banking/accounts/:id/lines', {
    summary: 'Statement lines with their match state, unmatched first (admin, accountant)',
    tag,
    params: AccountParams,
    query: BankLineQuery,
    reply: pageEnvelope(BankLineView),
  }),
  unmatchedEntries: call('GET', '/banking/accounts/:id/entries', {
    summary: 'Ledger entries of the bank account not yet matched to a statement line (admin, accountant)',
    tag,
    params: AccountParams,
    query: PageQuery.extend({ from: IsoDate.optional(), to: IsoDate.optional() }),
    reply: pageEnvelope(LedgerEntry),
  }),
  autoMatch: call('POST', '/banking/accounts/:id/auto-match', {
    summary: 'Match every unmatched line that exactly one entry fits (accountant)',
    tag,
    params: AccountParams,
    reply: envelope(AutoMatchReport),
  }),
  suggestions: call('GET', '/banking/lines/:id/suggestions', {
    summary: 'Candidate entries for a line, best first, each with its rule and confidence (accountant)',
    tag,
    params: IdParam,
    reply: envelope(z.array(MatchSuggestion)),
  }),
  match: call('POST', '/banking/matches', {
    summary: 'Match statement lines to ledger entries by hand; their sums must agree (accountant)',
    tag,
    body: MatchInput,
    reply: envelope(BankMatchView),
    status: 201,
  }),
  unmatch: call('DELETE', '/banking/matches/:id', {
    summary: 'Undo a match: its lines and entries are unmatched again (accountant)',
    tag,
    params: IdParam,
    reply: envelope(z.object({ _id: Id })),
  }),
  receiptFromLine: call('POST', '/banking/lines/:id/receipt', {
    summary: 'Record an unmatched credit as a payment on a lease, matched to the line (accountant)',
    tag,
    params: IdParam,
    body: ReceiptFromLineInput,
    reply: envelope(BankLineView),
    status: 201,
  }),
  parkInSuspense: call('POST', '/banking/lines/:id/suspense', {
    summary: 'Park an unidentified trust credit in suspense with a note (accountant)',
    tag,
    params: IdParam,
    body: SuspenseInput,
    reply: envelope(SuspenseItemView),
    status: 201,
  }),
  bankCharge: call('POST', '/banking/lines/:id/bank-charge', {
    summary: "Post an unmatched debit as bank charges, the agency's cost (accountant)",
    tag,
    params: IdParam,
    body: BankChargeInput,
    reply: envelope(BankLineView),
    status: 201,
  }),
  returnedPayout: call('POST', '/banking/lines/:id/returned-payout', {
    summary:
      'A credit that is a payout the bank returned: reverse the payout, matched to the line (accountant)',
    tag,
    params: IdParam,
    body: ReturnedPayoutInput,
    reply: envelope(BankLineView),
    status: 201,
  }),
  listSuspense: call('GET', '/banking/suspense', {
    summary: 'Money held in trust suspense, open first (admin, accountant)',
    tag,
    query: SuspenseQuery,
    reply: pageEnvelope(SuspenseItemView),
  }),
  allocateSuspense: call('POST', '/banking/suspense/:id/allocate', {
    summary: 'Allocate a suspense item to a lease as a payment (accountant)',
    tag,
    params: IdParam,
    body: SuspenseAllocateInput,
    reply: envelope(SuspenseItemView),
  }),
  refundSuspense: call('POST', '/banking/suspense/:id/refund', {
    summary: 'Pay a suspense item back to whoever sent it (accountant)',
    tag,
    params: IdParam,
    body: SuspenseRefundInput,
    reply: envelope(SuspenseItemView),
  }),
  reconciliation: call('GET', '/banking/accounts/:id/reconciliation', {
    summary:
      'The three-way reconciliation of a bank account at a date, with every item between the figures (admin, accountant)',
    tag,
    params: AccountParams,
    query: ReconciliationQuery,
    reply: envelope(Reconciliation),
  }),
  signOff: call('POST', '/banking/accounts/:id/reconciliations', {
    summary:
      'Sign off the reconciliation at a date and close the books up to it; refused while it does not balance (accountant)',
    tag,
    params: AccountParams,
    body: SignOffInput,
    reply: envelope(ReconciliationRecord),
    status: 201,
  }),
  listReconciliations: call('GET', '/banking/accounts/:id/reconciliations', {
    summary: 'Signed-off reconciliations, newest first (admin, accountant)',
    tag,
    params: AccountParams,
    query: PageQuery,
    reply: pageEnvelope(ReconciliationRecord),
  }),
  reopen: call('POST', '/banking/reconciliations/:id/reopen', {
    summary: 'Reopen the latest signed-off period of a bank account, with a reason (admin)',
    tag,
    params: IdParam,
    body: ReopenInput,
    reply: envelope(ReconciliationRecord),
  }),
  monthEndPack: call('GET', '/banking/reconciliations/:id/pack', {
    summary: 'The month-end pack of a signed-off reconciliation: a zip of PDFs and CSVs (admin, accountant)',
    tag,
    params: IdParam,
    reply: z.string(),
    produces: 'application/zip',
  }),
};
