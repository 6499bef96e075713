import { randomUUID } from 'node:crypto';
import { BOOKS, formatMoney, type Book, type Statement, type TrialBalance } from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../db/scope.ts';
import { unprocessable } from '../../lib/errors.ts';
import { bankOf, bookOf, isClientMoney, ledgerAccount, typeOf } from './accounts.ts';
import { accountLabels } from './labels.ts';
import { assertPeriodsOpen } from './period-locks.ts';
import * as repo from './repo.ts';

type Scope = Pick<Ctx, 'companyId'>;

export interface JournalInput {
  kind: string;
  description: string;
  reference?: string | null;
  entryDate: string;
  postedBy: string | null;
  /**
   * Lines on accounts of either book: each book's lines become a journal of their own, and must
   * sum to zero per currency on their own.
   */
  lines: repo.LineRow[];
}

type JournalEntry = { journal: repo.JournalRow; lines: repo.LineRow[] };

/**
 * One event's journals: one per book its lines touch, trust first. The first is the event's
 * journal (the one payments and payouts name); the other book's links to it. `reverses` names,
 * per book, the journal a reversal undoes.
 */
function entriesOf(scope: Scope, journal: JournalInput, reverses?: Map<Book, string>): JournalEntry[] {
  const lines = journal.lines.filter((line) => line.amountCents !== 0);
  if (lines.length === 0) throw new Error(`Journal ${journal.kind} has no lines`);
  const parts = BOOKS.map((book) => ({
    book,
    lines: lines.filter((line) => bookOf(line.account) === book),
  })).filter((part) => part.lines.length > 0);
  const eventId = randomUUID();
  return parts.map((part, index) => {
    assertBalanced(journal.kind, part.book, part.lines);
    return {
      journal: {
        id: index === 0 ? eventId : randomUUID(),
        companyId: scope.companyId,
        book: part.book,
        kind: journal.kind,
        description: journal.description,
        reference: journal.reference ?? null,
        entryDate: journal.entryDate,
        reversesId: reverses?.get(part.book) ?? null,
        linkedId: index === 0 ? null : eventId,
        postedBy: journal.postedBy,
      },
      lines: part.lines,
    };
  });
}

/** Checks one book's lines of a journal are integers summing to zero in each currency. */
function assertBalanced(kind: string, book: Book, lines: repo.LineRow[]) {
  const sums = new Map<string, number>();
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amountCents))
      throw new RangeError('Ledger amounts are integer minor units');
    sums.set(line.currency, (sums.get(line.currency) ?? 0) + line.amountCents);
  }
  if ([...sums.values()].some((sum) => sum !== 0))
    throw new Error(`Journal ${kind} does not balance in ${book}`);
}

/**
 * Posts one event's journals (see `entriesOf`) and returns the event's journal id. The database
 * re-checks each journal's balance at commit (deferred constraint trigger) and that every line is
 * in its journal's book, so these checks only turn a programming error into a clear message early.
 */
export async function postJournal(tx: Tx, scope: Scope, journal: JournalInput): Promise<string> {
  const [id] = await postJournals(tx, scope, [journal]);
  return id!;
}

/** Posts several events (a batch of payments) in a few statements; their journal ids in order. */
export async function postJournals(tx: Tx, scope: Scope, batch: JournalInput[]): Promise<string[]> {
  if (batch.length === 0) return [];
  const events = batch.map((journal) => entriesOf(scope, journal));
  await assertPeriodsOpen(tx, scope, events.flat());
  await repo.insertJournals(tx, events.flat());
  return events.map((entries) => entries[0]!.journal.id);
}

/** The exact opposite of an event's journals (both books), line for line. */
export async function postReversal(
  tx: Tx,
  scope: Scope,
  journalId: string,
  details: { description: string; entryDate: string; postedBy: string | null; reference?: string | null },
): Promise<string> {
  const group = await repo.journalGroup(tx, scope, journalId);
  const original = group[0];
  if (original?.id !== journalId) throw new Error(`Journal ${journalId} not found`);
  const lines = [];
  for (const journal of group) lines.push(...(await repo.journalLines(tx, scope, journal.id)));
  const entries = entriesOf(
    scope,
    {
      kind: `${original.kind}_reversal`,
      description: details.description,
      reference: details.reference ?? original.reference,
      entryDate: details.entryDate,
      postedBy: details.postedBy,
      lines: lines.map((line) => ({ ...line, amountCents: -line.amountCents })),
    },
    new Map(group.map((journal) => [journal.book, journal.id])),
  );
  await assertPeriodsOpen(tx, scope, entries);
  await repo.insertJournals(tx, entries);
  return entries[0]!.journal.id;
}

/**
 * What an account holds for its holder (owners, agents, deposits: credit balances), positive
 * when money is held. Take the account's lock first when the answer decides a payout.
 */
export async function heldBalance(tx: Tx, scope: Scope, account: string, currency: string): Promise<number> {
  const [row] = await repo.balances(tx, scope, { accounts: [account], currency });
  return row ? -row.balance : 0;
}

export const lockAccount = repo.lockAccount;

/**
 * Moves money out of a holder's account to its book's bank (payouts, expenses, deposit refunds; an
 * agent is paid from the business bank), never
 * more than it holds. The lock makes two simultaneous payouts of the whole balance queue: the
 * second one sees the first one's lines and is refused.
 */
export async function payOutOf(
  tx: Tx,
  scope: Scope,
  payment: {
    account: string;
    amount: number;
    currency: string;
    kind: string;
    description: string;
    reference: string | null;
    entryDate: string;
    postedBy: string | null;
  },
): Promise<string> {
  await repo.lockAccount(tx, scope, payment.account, payment.currency);
  const held = await heldBalance(tx, scope, payment.account, payment.currency);
  if (payment.amount > held) {
    throw unprocessable(
      'INSUFFICIENT_BALANCE',
      `The account holds ${formatMoney(held, payment.currency)}: it cannot pay out more than that.`,
    );
  }
  return postJournal(tx, scope, {
    kind: payment.kind,
    description: payment.description,
    reference: payment.reference,
    entryDate: payment.entryDate,
    postedBy: payment.postedBy,
    lines: [
      { account: payment.account, currency: payment.currency, amountCents: payment.amount },
      { account: bankOf(bookOf(payment.account)), currency: payment.currency, amountCents: -payment.amount },
    ],
  });
}

const labelOf = (account: string, names: Map<string, string>) => names.get(account) ?? account;

/**
 * Every account's debit-positive balance in the books asked for; each book sums to zero when it
 * balances. Trust bank equals everything trust holds: client money plus what is due to the agency.
 */
export async function trialBalance(
  tx: Tx,
  scope: Scope,
  query: { books: readonly Book[]; currency: string; asOf: string },
): Promise<TrialBalance> {
  const balances = await repo.balances(tx, scope, { currency: query.currency, upTo: query.asOf });
  const names = await accountLabels(
    tx,
    scope,
    balances.map((row) => row.account),
  );
  const rows = balances.map((row) => ({
    account: row.account,
    label: labelOf(row.account, names),
    book: bookOf(row.account),
    type: typeOf(row.account),
    balance: row.balance,
  }));
  const sumOf = (list: { balance: number }[]) => list.reduce((sum, row) => sum + row.balance, 0);
  const books = query.books.map((book) => {
    const inBook = rows.filter((row) => row.book === book);
    return { book, accounts: inBook.filter((row) => row.balance !== 0), total: sumOf(inBook) };
  });
  const trust = rows.filter((row) => row.book === 'trust');
  return {
    currency: query.currency,
    asOf: query.asOf,
    books,
    accounts: books.flatMap((book) => book.accounts),
    total: books.reduce((sum, book) => sum + book.total, 0),
    trustBank: sumOf(trust.filter((row) => row.account === ledgerAccount.trustBank)),
    heldForOthers: -sumOf(trust.filter((row) => row.account !== ledgerAccount.trustBank)),
    clientMoney: -sumOf(trust.filter((row) => isClientMoney(row.account))),
    dueToAgency: -sumOf(trust.filter((row) => row.account === ledgerAccount.dueToAgency)),
  };
}

/** What a statement is of, and how it is headed. */
export interface StatementRequest {
  accounts: string[];
  title: string;
  subject: string;
  subjectDetail: string | null;
  /**
   * Read the accounts debit-positive (a bank, an expense: money into the bank is money in);
   * otherwise credit-positive, as a holder sees what is held for them.
   */
  debitNormal?: boolean;
}

/** The period and currency a statement covers (a statement query carries them). */
export type StatementDates = Omit<repo.StatementPeriod, 'accounts'>;

/** Which lines a statement carries: every one (files, reports) or one page (the screen). */
export type StatementLines = 'all' | { page: number; pageSize: number };

/** Holder accounts keep credit balances: money held is the negative of the debit-positive sum. */
const heldOf = (debits: number) => 0 - debits;

/**
 * A statement of one or more holder accounts: opening balance (everything before `from`: the
 * months carried before its month, then that month's lines before it), the
 * period's money in and out and closing balance, all summed by the database over the whole
 * period, and the lines asked for, each with its running balance (opening + the period's lines up
 * to it). Opening + lines = closing, always; `total` is how many lines the period has.
 */
export async function statement(
  tx: Tx,
  scope: Scope,
  request: StatementRequest,
  dates: StatementDates,
  which: StatementLines = 'all',
): Promise<{ statement: Statement; total: number }> {
  const period = { accounts: request.accounts, currency: dates.currency, from: dates.from, to: dates.to };
  const totals = await repo.statementTotals(tx, scope, period);
  await repo.sortLongStatementsInMemory(tx);
  const rows =
    which === 'all'
      ? await repo.statementLines(tx, scope, period)
      : await repo.statementPage(tx, scope, period, {
          offset: (which.page - 1) * which.pageSize,
          limit: which.pageSize,
        });
  const shown = request.debitNormal ? (debits: number) => debits : heldOf;
  const openingBalance = shown(totals.before);
  const moneyIn = request.debitNormal ? totals.debits : heldOf(totals.credits);
  const moneyOut = request.debitNormal ? heldOf(totals.credits) : totals.debits;
  return {
    statement: {
      title: request.title,
      subject: request.subject,
      subjectDetail: request.subjectDetail,
      from: period.from,
      to: period.to,
      currency: period.currency,
      openingBalance,
      closingBalance: openingBalance + moneyIn - moneyOut,
      moneyIn,
      moneyOut,
      lines: rows.map((row) => ({
        date: row.entryDate,
        journalId: row.journalId,
        kind: row.kind,
        description: row.description,
        reference: row.reference,
        amount: shown(row.amountCents),
        balance: openingBalance + shown(row.running),
      })),
    },
    total: totals.lines,
  };
}

export const accountBalances = repo.balances;

/**
 * The check that the balances carried per account and month, and each account's whole balance
 * (kept by the database as lines are inserted), agree with the lines: every account, currency and
 * month (null for the whole balance) where they differ, with both sums. Empty when the books agree.
 */
export async function carriedBalanceDisagreements(
  tx: Tx,
  scope: Scope,
): Promise<{ account: string; currency: string; month: string | null; carried: number; lines: number }[]> {
  const rows = await repo.carriedDisagreements(tx, scope);
  return rows.map((row) => ({ ...row, carried: Number(row.carried), lines: Number(row.lines) }));
}

/** Every line of one journal kind (e.g. the opening balances), oldest first. */
export const linesOfKind = (tx: Tx, scope: Scope, kind: string) => repo.linesOfKind(tx, scope, kind);

/**
 * Every tenant deposit account's daily net change in a currency up to `to`, what came before
 * `from` folded into `from`: a running sum gives each account's balance at every day's end.
 */
export const depositDailyChanges = (
  tx: Tx,
  scope: Scope,
  query: { currency: string; from: string; to: string },
) => repo.depositDailyChanges(tx, scope, query);
