import { randomUUID } from 'node:crypto';
import { asc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { journals, ledgerLines } from '../../db/schema/index.ts';
import { inCompany, type Ctx } from '../../db/scope.ts';
import { chunksOf } from '../../lib/chunks.ts';

type Scope = Pick<Ctx, 'companyId'>;

export interface JournalRow {
  companyId: string;
  kind: string;
  description: string;
  reference: string | null;
  entryDate: string;
  reversesId?: string | null;
  postedBy: string | null;
}

export interface LineRow {
  account: string;
  currency: string;
  amountCents: number;
}

/** Journals with their lines, several per statement; ids are made here so lines can name them. */
export async function insertJournals(
  tx: Tx,
  entries: { journal: JournalRow; lines: LineRow[] }[],
): Promise<string[]> {
  const withIds = entries.map((entry) => ({ ...entry, id: randomUUID() }));
  for (const chunk of chunksOf(withIds, 1000)) {
    await tx.insert(journals).values(chunk.map(({ id, journal }) => ({ ...journal, id })));
  }
  const rows = withIds.flatMap(({ id, journal, lines }) =>
    lines.map((line) => ({
      ...line,
      companyId: journal.companyId,
      journalId: id,
      entryDate: journal.entryDate,
      kind: journal.kind,
      description: journal.description,
      reference: journal.reference,
    })),
  );
  for (const chunk of chunksOf(rows, 2000)) await tx.insert(ledgerLines).values(chunk);
  return withIds.map(({ id }) => id);
}

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

/** Debit-positive balance of each account in one currency; `before` excludes that day and later. */
export async function balances(
  tx: Tx,
  scope: Scope,
  filter: { accounts?: string[]; currency?: string; before?: string; upTo?: string },
): Promise<{ account: string; currency: string; balance: number }[]> {
  const rows = await tx
    .select({ account: ledgerLines.account, currency: ledgerLines.currency, balance: total })
    .from(ledgerLines)
    .where(
      inCompany(
        ledgerLines,
        scope,
        filter.accounts ? inArray(ledgerLines.account, filter.accounts) : undefined,
        filter.currency ? eq(ledgerLines.currency, filter.currency) : undefined,
        filter.before ? lt(ledgerLines.entryDate, filter.before) : undefined,
        filter.upTo ? lte(ledgerLines.entryDate, filter.upTo) : undefined,
      ),
    )
    .groupBy(ledgerLines.account, ledgerLines.currency)
    .orderBy(asc(ledgerLines.account));
  return rows.map((row) => ({ ...row, balance: Number(row.balance) }));
}

/**
 * Every line on the accounts in a currency and period, in posting order, with its journal's
 * details (copied onto the line), no join: one ordered range of `ledger_lines_account_idx` for
 * a short period; for a long one the planner reads the range unordered and sorts it.
 */
export const linesInPeriod = (
  tx: Tx,
  scope: Scope,
  accounts: string[],
  currency: string,
  from: string,
  to: string,
) =>
  tx
    .select({
      amountCents: ledgerLines.amountCents,
      entryDate: ledgerLines.entryDate,
      journalId: ledgerLines.journalId,
      kind: ledgerLines.kind,
      description: ledgerLines.description,
      reference: ledgerLines.reference,
    })
    .from(ledgerLines)
    .where(
      inCompany(
        ledgerLines,
        scope,
        inArray(ledgerLines.account, accounts),
        eq(ledgerLines.currency, currency),
        gte(ledgerLines.entryDate, from),
        lte(ledgerLines.entryDate, to),
      ),
    )
    .orderBy(asc(ledgerLines.entryDate), asc(ledgerLines.seq));

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
