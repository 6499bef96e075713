import { addDays, type Book } from '@lintel/contracts';
import { and, asc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Tx } from '../../db/client.ts';
import { accountMonthBalances, accountWholeBalances, journals, ledgerLines } from '../../db/schema/index.ts';
import { inCompany, type Ctx } from '../../db/scope.ts';
import { chunksOf } from '../../lib/chunks.ts';
import { monthOf, readsBackwards } from './balance-sql.ts';

type Scope = Pick<Ctx, 'companyId'>;

export interface JournalRow {
  id: string;
  companyId: string;
  book: Book;
  kind: string;
  description: string;
  reference: string | null;
  entryDate: string;
  reversesId: string | null;
  linkedId: string | null;
  postedBy: string | null;
}

export interface LineRow {
  account: string;
  currency: string;
  amountCents: number;
}

/** Journals with their lines, several per statement; every line is in its journal's book. */
export async function insertJournals(tx: Tx, entries: { journal: JournalRow; lines: LineRow[] }[]) {
  for (const chunk of chunksOf(entries, 1000)) {
    await tx.insert(journals).values(chunk.map(({ journal }) => journal));
  }
  const rows = entries.flatMap(({ journal, lines }) =>
    lines.map((line) => ({
      ...line,
      companyId: journal.companyId,
      journalId: journal.id,
      book: journal.book,
      entryDate: journal.entryDate,
      kind: journal.kind,
      description: journal.description,
      reference: journal.reference,
    })),
  );
  for (const chunk of chunksOf(rows, 2000)) await tx.insert(ledgerLines).values(chunk);
}

/** A journal and the other book's half of the same event, first the one named. */
export const journalGroup = (tx: Tx, scope: Scope, id: string) =>
  tx
    .select()
    .from(journals)
    .where(inCompany(journals, scope, or(eq(journals.id, id), eq(journals.linkedId, id))))
    .orderBy(sql`${journals.id} <> ${id}`, asc(journals.book));

export const findJournal = async (tx: Tx, scope: Scope, id: string) =>
  (
    await tx
      .select()
      .from(journals)
      .where(inCompany(journals, scope, eq(journals.id, id)))
  )[0];

export const journalLines = (tx: Tx, scope: Scope, journalId: string) =>
  tx
    .select({
      account: ledgerLines.account,
      currency: ledgerLines.currency,
      amountCents: ledgerLines.amountCents,
    })
    .from(ledgerLines)
    .where(inCompany(ledgerLines, scope, eq(ledgerLines.journalId, journalId)))
    .orderBy(asc(ledgerLines.seq));

const total = sql<string>`coalesce(sum(${ledgerLines.amountCents}), 0)`;

/**
 * Debit-positive balance of each account in one currency; `before` excludes that day and later,
 * `upTo` includes that day. Never reads an account's history: with no cut-off, its whole balance
 * (`account_balances`, one row); with a cut-off in this month or later and a currency, that row
 * less the lines from the cut-off on; otherwise the months carried (`account_month_balances`)
 * before the cut-off's month and only that month's own lines before the cut-off.
 */
export async function balances(
  tx: Tx,
  scope: Scope,
  filter: { accounts?: string[]; currency?: string; before?: string; upTo?: string },
): Promise<{ account: string; currency: string; balance: number }[]> {
  const cutOff = filter.before ?? (filter.upTo === undefined ? undefined : addDays(filter.upTo, 1));
  /** The filter's accounts and currency in the company, on any of the three tables read. */
  const asked = (table: { companyId: PgColumn; account: PgColumn; currency: PgColumn }, ...more: SQL[]) =>
    inCompany(
      table,
      scope,
      filter.accounts ? inArray(table.account, filter.accounts) : undefined,
      filter.currency ? eq(table.currency, filter.currency) : undefined,
      ...more,
    );
  const whole = () =>
    tx
      .select({
        account: accountWholeBalances.account,
        currency: accountWholeBalances.currency,
        cents: accountWholeBalances.balanceCents,
      })
      .from(accountWholeBalances)
      .where(asked(accountWholeBalances));
  const lines = (cents: SQL<number> | typeof ledgerLines.amountCents, ...more: SQL[]) =>
    tx
      .select({ account: ledgerLines.account, currency: ledgerLines.currency, cents })
      .from(ledgerLines)
      .where(asked(ledgerLines, ...more));
  let parts;
  if (cutOff === undefined) parts = whole();
  // Backwards needs the currency: ledger_lines_company_date_idx ranges over one currency's dates.
  else if (filter.currency !== undefined && readsBackwards(cutOff))
    parts = whole().unionAll(
      lines(sql<number>`-${ledgerLines.amountCents}`, gte(ledgerLines.entryDate, cutOff)),
    );
  else
    parts = tx
      .select({
        account: accountMonthBalances.account,
        currency: accountMonthBalances.currency,
        cents: accountMonthBalances.movementCents,
      })
      .from(accountMonthBalances)
      .where(asked(accountMonthBalances, lt(accountMonthBalances.month, monthOf(cutOff))))
      .unionAll(
        lines(
          ledgerLines.amountCents,
          gte(ledgerLines.entryDate, monthOf(cutOff)),
          lt(ledgerLines.entryDate, cutOff),
        ),
      );
  const both = parts.as('both');
  const rows = await tx
    .select({ account: both.account, currency: both.currency, balance: sql<string>`sum(${both.cents})` })
    .from(both)
    .groupBy(both.account, both.currency)
    .orderBy(asc(both.account));
  return rows.map((row) => ({ ...row, balance: Number(row.balance) }));
}

/** The accounts' debit-positive sum over the months carried before `month` (a month's first day). */
async function carriedBefore(tx: Tx, scope: Scope, accounts: string[], currency: string, month: string) {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${accountMonthBalances.movementCents}), 0)` })
    .from(accountMonthBalances)
    .where(
      inCompany(
        accountMonthBalances,
        scope,
        inArray(accountMonthBalances.account, accounts),
        eq(accountMonthBalances.currency, currency),
        lt(accountMonthBalances.month, month),
      ),
    );
  return Number(row!.sum);
}

/**
 * Every account, currency and month whose carried movement differs from the sum of its lines, and
 * every account and currency whose whole balance does (`month` null); a row missing on either side
 * counts as zero. Empty when the carried balances agree.
 */
export const carriedDisagreements = (tx: Tx, scope: Scope) =>
  queryRows<{ account: string; currency: string; month: string | null; carried: string; lines: string }>(
    tx,
    sql`select account, currency, month::text as month,
               coalesce(carried.movement_cents, 0)::text as carried, coalesce(lines.cents, 0)::text as lines
          from (select account, currency, month, movement_cents from account_month_balances
                 where company_id = ${scope.companyId}) carried
          full join (select account, currency, date_trunc('month', entry_date)::date as month,
                            sum(amount_cents) as cents
                       from ledger_lines where company_id = ${scope.companyId}
                      group by 1, 2, 3) lines using (account, currency, month)
         where coalesce(carried.movement_cents, 0) <> coalesce(lines.cents, 0)
        union all
        select account, currency, null, coalesce(whole.balance_cents, 0)::text, coalesce(lines.cents, 0)::text
          from (select account, currency, balance_cents from account_balances
                 where company_id = ${scope.companyId}) whole
          full join (select account, currency, sum(amount_cents) as cents
                       from ledger_lines where company_id = ${scope.companyId}
                      group by 1, 2) lines using (account, currency)
         where coalesce(whole.balance_cents, 0) <> coalesce(lines.cents, 0)
         order by account, currency, month nulls last`,
  );

/** One or more holder accounts in a currency over a period: what a statement is of. */
export interface StatementPeriod {
  accounts: string[];
  currency: string;
  from: string;
  to: string;
}

const onAccounts = (scope: Scope, period: StatementPeriod, ...conditions: (SQL | undefined)[]) =>
  inCompany(
    ledgerLines,
    scope,
    inArray(ledgerLines.account, period.accounts),
    eq(ledgerLines.currency, period.currency),
    ...conditions,
  );

const inPeriod = (period: StatementPeriod) =>
  and(gte(ledgerLines.entryDate, period.from), lte(ledgerLines.entryDate, period.to));

/**
 * A statement's figures: the debit-positive sum before the period (the months carried before its
 * first month, then that month's lines before `from`), the period's debits and credits, and how
 * many lines it has. The lines are read from the first month's start to the period's end, one
 * index-only scan of `ledger_lines_account_idx`; nothing of the accounts' earlier history.
 */
export async function statementTotals(tx: Tx, scope: Scope, period: StatementPeriod) {
  const during = inPeriod(period);
  const firstMonth = monthOf(period.from);
  const carried = await carriedBefore(tx, scope, period.accounts, period.currency, firstMonth);
  const [row] = await tx
    .select({
      before: sql<string>`coalesce(sum(${ledgerLines.amountCents}) filter (where ${lt(ledgerLines.entryDate, period.from)}), 0)`,
      debits: sql<string>`coalesce(sum(${ledgerLines.amountCents}) filter (where ${during} and ${ledgerLines.amountCents} > 0), 0)`,
      credits: sql<string>`coalesce(sum(${ledgerLines.amountCents}) filter (where ${during} and ${ledgerLines.amountCents} < 0), 0)`,
      lines: sql<string>`count(*) filter (where ${during})`,
    })
    .from(ledgerLines)
    .where(
      onAccounts(
        scope,
        period,
        gte(ledgerLines.entryDate, firstMonth),
        lte(ledgerLines.entryDate, period.to),
      ),
    );
  return {
    before: carried + Number(row!.before),
    debits: Number(row!.debits),
    credits: Number(row!.credits),
    lines: Number(row!.lines),
  };
}

/** Posting order; `seq` makes it total, so running sums are the same on every read. */
const postingOrder = [asc(ledgerLines.entryDate), asc(ledgerLines.seq)];
/** The period's debit-positive sum up to and including each line, in posting order. */
const runningSum = sql<string>`sum(${ledgerLines.amountCents}) over (order by ${ledgerLines.entryDate}, ${ledgerLines.seq})`;
const lineColumns = {
  amountCents: ledgerLines.amountCents,
  entryDate: ledgerLines.entryDate,
  journalId: ledgerLines.journalId,
  kind: ledgerLines.kind,
  description: ledgerLines.description,
  reference: ledgerLines.reference,
};
const withRunning = <T extends { running: string }>(rows: T[]) =>
  rows.map((row) => ({ ...row, running: Number(row.running) }));

/**
 * Every line on the accounts in the period, in posting order, with its running sum within the
 * period; its journal's details are copied onto the line, so no join. For the files (CSV, PDF)
 * and reports, which carry every line.
 */
export const statementLines = async (tx: Tx, scope: Scope, period: StatementPeriod) =>
  withRunning(
    await tx
      .select({ ...lineColumns, running: runningSum })
      .from(ledgerLines)
      .where(onAccounts(scope, period, inPeriod(period)))
      .orderBy(...postingOrder),
  );

/**
 * One page of `statementLines`. The page is chosen, and the sum of every line before it taken,
 * on the account index alone (index-only: keys and amount); only the page's own rows are then
 * read from the table by primary key. A late page of a long account costs an index walk, not a
 * read of every row before it.
 */
export async function statementPage(
  tx: Tx,
  scope: Scope,
  period: StatementPeriod,
  page: { offset: number; limit: number },
) {
  const chosen = tx
    .select({ seq: ledgerLines.seq, entryDate: ledgerLines.entryDate, running: runningSum.as('running') })
    .from(ledgerLines)
    .where(onAccounts(scope, period, inPeriod(period)))
    .orderBy(...postingOrder)
    .offset(page.offset)
    .limit(page.limit)
    .as('chosen');
  return withRunning(
    await tx
      .select({ ...lineColumns, running: chosen.running })
      .from(chosen)
      .innerJoin(ledgerLines, eq(ledgerLines.seq, chosen.seq))
      .where(inCompany(ledgerLines, scope))
      .orderBy(asc(chosen.entryDate), asc(chosen.seq)),
  );
}

/**
 * Lets this transaction's sorts use memory enough for a long statement: sorting a year of a busy
 * account (33,000 lines, ~7 MB) at PostgreSQL's default 4 MB spilled to disk and took three times
 * as long (bench/README.md).
 */
export async function sortLongStatementsInMemory(tx: Tx): Promise<void> {
  await tx.execute(sql`set local work_mem = '32MB'`);
}

/** Serialises changes to one account's balance across transactions (and server instances). */
export async function lockAccount(tx: Tx, scope: Scope, account: string, currency: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`${scope.companyId}|${account}|${currency}`}, 0))`,
  );
}

/** Every line of one journal kind (e.g. the opening balances), oldest first. */
export const linesOfKind = (tx: Tx, scope: Scope, kind: string) =>
  tx
    .select({
      journalId: ledgerLines.journalId,
      account: ledgerLines.account,
      currency: ledgerLines.currency,
      amountCents: ledgerLines.amountCents,
      entryDate: ledgerLines.entryDate,
      description: ledgerLines.description,
      reference: ledgerLines.reference,
    })
    .from(ledgerLines)
    .where(inCompany(ledgerLines, scope, eq(ledgerLines.kind, kind)))
    .orderBy(asc(ledgerLines.entryDate), asc(ledgerLines.seq));

/**
 * Every tenant deposit account's daily net change in a currency up to `to`; what happened before
 * `from` is folded into `from` (the day's opening balance), so a running sum gives each account's
 * balance at the end of every day of the period.
 */
export async function depositDailyChanges(
  tx: Tx,
  scope: Scope,
  query: { currency: string; from: string; to: string },
): Promise<{ account: string; day: string; change: number }[]> {
  const day = sql<string>`greatest(${ledgerLines.entryDate}, ${query.from}::date)::text`;
  const rows = await tx
    .select({ account: ledgerLines.account, day, change: total })
    .from(ledgerLines)
    .where(
      inCompany(
        ledgerLines,
        scope,
        sql`${ledgerLines.account} like 'deposits:%'`,
        eq(ledgerLines.currency, query.currency),
        lte(ledgerLines.entryDate, query.to),
      ),
    )
    // By position: the day's expression carries a parameter, which Postgres would not match.
    .groupBy(sql`1`, sql`2`)
    .orderBy(sql`1`, sql`2`);
  return rows.map((row) => ({ ...row, change: Number(row.change) }));
}
