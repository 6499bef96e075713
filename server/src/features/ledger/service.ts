import { formatMoney, type Statement, type TrialBalance } from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../db/scope.ts';
import { unprocessable } from '../../lib/errors.ts';
import { isHeldForOthers, ledgerAccount } from './accounts.ts';
import * as repo from './repo.ts';

type Scope = Pick<Ctx, 'companyId'>;

export interface JournalInput {
  kind: string;
  description: string;
  reference?: string | null;
  entryDate: string;
  postedBy: string | null;
  reversesId?: string;
  lines: repo.LineRow[];
}

/**
 * Posts one balanced journal. The database re-checks the balance at commit (deferred constraint
 * trigger), so this check only turns a programming error into a clear message early.
 */
export async function postJournal(tx: Tx, scope: Scope, journal: JournalInput): Promise<string> {
  const [id] = await postJournals(tx, scope, [journal]);
  return id!;
}

/** Posts several balanced journals in a few statements (a batch of payments); ids in order. */
export async function postJournals(tx: Tx, scope: Scope, batch: JournalInput[]): Promise<string[]> {
  if (batch.length === 0) return [];
  return repo.insertJournals(
    tx,
    batch.map((journal) => ({
      journal: {
        companyId: scope.companyId,
        kind: journal.kind,
        description: journal.description,
        reference: journal.reference ?? null,
        entryDate: journal.entryDate,
        reversesId: journal.reversesId ?? null,
        postedBy: journal.postedBy,
      },
      lines: balancedLines(journal),
    })),
  );
}

/** The journal's non-zero lines, after checking they sum to zero in each currency. */
function balancedLines(journal: JournalInput): repo.LineRow[] {
  const lines = journal.lines.filter((line) => line.amountCents !== 0);
  const sums = new Map<string, number>();
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amountCents))
      throw new RangeError('Ledger amounts are integer minor units');
    sums.set(line.currency, (sums.get(line.currency) ?? 0) + line.amountCents);
  }
  if ([...sums.values()].some((sum) => sum !== 0))
    throw new Error(`Journal ${journal.kind} does not balance`);
  if (lines.length === 0) throw new Error(`Journal ${journal.kind} has no lines`);
  return lines;
}

/** The exact opposite of a journal, line for line. */
export async function postReversal(
  tx: Tx,
  scope: Scope,
  journalId: string,
  details: { description: string; entryDate: string; postedBy: string | null; reference?: string | null },
): Promise<string> {
  const original = await repo.findJournal(tx, scope, journalId);
  if (!original) throw new Error(`Journal ${journalId} not found`);
  const lines = await repo.journalLines(tx, scope, journalId);
  return postJournal(tx, scope, {
    kind: `${original.kind}_reversal`,
    description: details.description,
    reference: details.reference ?? original.reference,
    entryDate: details.entryDate,
    postedBy: details.postedBy,
    reversesId: journalId,
    lines: lines.map((line) => ({ ...line, amountCents: -line.amountCents })),
  });
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
 * Moves money out of a holder's account to the bank (payouts, expenses, deposit refunds), never
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
      { account: ledgerAccount.trustBank, currency: payment.currency, amountCents: -payment.amount },
    ],
  });
}

const labelOf = (account: string, names: Map<string, string>) => names.get(account) ?? account;

/** Every account's debit-positive balance; the sum is zero when the books balance. */
export async function trialBalance(
  tx: Tx,
  scope: Scope,
  currency: string,
  asOf: string,
  names: Map<string, string>,
): Promise<TrialBalance> {
  const rows = await repo.balances(tx, scope, { currency, upTo: asOf });
  const accounts = rows
    .filter((row) => row.balance !== 0)
    .map((row) => ({ account: row.account, label: labelOf(row.account, names), balance: row.balance }));
  const trustBank = rows.find((row) => row.account === ledgerAccount.trustBank)?.balance ?? 0;
  const heldForOthers = -rows
    .filter((row) => isHeldForOthers(row.account))
    .reduce((sum, row) => sum + row.balance, 0);
  return {
    currency,
    asOf,
    accounts,
    total: rows.reduce((sum, row) => sum + row.balance, 0),
    trustBank,
    heldForOthers,
  };
}

/** What a statement is of, and how it is headed. */
export interface StatementRequest {
  accounts: string[];
  title: string;
  subject: string;
  subjectDetail: string | null;
}

/** The period and currency a statement covers (a statement query carries them). */
export type StatementDates = Omit<repo.StatementPeriod, 'accounts'>;

/** Which lines a statement carries: every one (files, reports) or one page (the screen). */
export type StatementLines = 'all' | { page: number; pageSize: number };

/** Holder accounts keep credit balances: money held is the negative of the debit-positive sum. */
const heldOf = (debits: number) => 0 - debits;

/**
 * A statement of one or more holder accounts: opening balance (everything before `from`), the
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
  const openingBalance = heldOf(totals.before);
  const moneyIn = heldOf(totals.credits);
  const moneyOut = totals.debits;
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
        amount: heldOf(row.amountCents),
        balance: openingBalance + heldOf(row.running),
      })),
    },
    total: totals.lines,
  };
}

export const accountBalances = repo.balances;
