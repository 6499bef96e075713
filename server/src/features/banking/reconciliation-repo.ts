import { asc, desc, eq, gt, isNull, lte, max, ne, or, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Book } from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import {
  bankAccounts,
  bankLines,
  bankMatchEntries,
  bankStatements,
  ledgerLines,
  reconciliations,
  suspenseItems,
  users,
} from '../../db/schema/index.ts';
import { inCompany, isUuid, type Ctx } from '../../db/scope.ts';
import type { BankAccountRow } from './repo.ts';

type Scope = Pick<Ctx, 'companyId'>;

export type ReconciliationRow = typeof reconciliations.$inferSelect;

/** The bank account's row, locked until the transaction ends: sign-offs and reopens of it queue. */
export async function lockBankAccount(tx: Tx, scope: Scope, id: string): Promise<BankAccountRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx
    .select()
    .from(bankAccounts)
    .where(inCompany(bankAccounts, scope, eq(bankAccounts.id, id)))
    .for('update');
  return row;
}

/** The bank's balance after its last line on or before `date` (bank order within a day). */
export async function statementBalanceAt(tx: Tx, scope: Scope, bankAccountId: string, date: string) {
  const [row] = await tx
    .select({ balance: bankLines.balanceCents })
    .from(bankLines)
    .where(
      inCompany(bankLines, scope, eq(bankLines.bankAccountId, bankAccountId), lte(bankLines.lineDate, date)),
    )
    .orderBy(desc(bankLines.lineDate), desc(bankLines.createdAt), desc(bankLines.position))
    .limit(1);
  return row?.balance;
}

/** How far the imported statements reach, and where the first one starts and opens. */
export async function statementCoverage(tx: Tx, scope: Scope, bankAccountId: string) {
  const [reach] = await tx
    .select({ lastLine: max(bankLines.lineDate) })
    .from(bankLines)
    .where(inCompany(bankLines, scope, eq(bankLines.bankAccountId, bankAccountId)));
  const [statements] = await tx
    .select({ to: max(bankStatements.toDate) })
    .from(bankStatements)
    .where(inCompany(bankStatements, scope, eq(bankStatements.bankAccountId, bankAccountId)));
  const [first] = await tx
    .select({ from: bankStatements.fromDate, opening: bankStatements.openingCents })
    .from(bankStatements)
    .where(inCompany(bankStatements, scope, eq(bankStatements.bankAccountId, bankAccountId)))
    .orderBy(asc(bankStatements.fromDate), asc(bankStatements.createdAt))
    .limit(1);
  const ends = [reach?.lastLine, statements?.to].filter((day): day is string => !!day).sort();
  return { endsOn: ends.at(-1) ?? null, first: first ?? null };
}

const entryColumns = {
  seq: ledgerLines.seq,
  date: ledgerLines.entryDate,
  description: ledgerLines.description,
  reference: ledgerLines.reference,
  amount: ledgerLines.amountCents,
};

/**
 * Bank ledger entries dated on or before `date` that no statement line dated on or before it
 * carries: receipts in transit (positive) and unpresented payments (negative).
 */
export async function outstandingEntries(
  tx: Tx,
  scope: Scope,
  account: { ledgerAccount: string; currency: string; bankAccountId: string },
  date: string,
) {
  const onStatement = sql`exists (
    select 1 from ${bankMatchEntries}
    join ${bankLines} on ${bankLines.matchId} = ${bankMatchEntries.matchId}
    where ${bankMatchEntries.ledgerSeq} = ${ledgerLines.seq}
      and ${bankLines.bankAccountId} = ${account.bankAccountId}
      and ${bankLines.lineDate} <= ${date})`;
  return tx
    .select(entryColumns)
    .from(ledgerLines)
    .where(
      inCompany(
        ledgerLines,
        scope,
        eq(ledgerLines.account, account.ledgerAccount),
        eq(ledgerLines.currency, account.currency),
        lte(ledgerLines.entryDate, date),
        ne(ledgerLines.amountCents, 0),
        sql`not ${onStatement}`,
      ),
    )
    .orderBy(asc(ledgerLines.entryDate), asc(ledgerLines.seq));
}

/**
 * Statement lines dated on or before `date` the cash book does not hold by then: unmatched, or
 * matched only to entries dated after it.
 */
export async function unrecordedLines(
  tx: Tx,
  scope: Scope,
  account: { ledgerAccount: string; currency: string; bankAccountId: string },
  date: string,
) {
  const inCashBook = sql`exists (
    select 1 from ${bankMatchEntries}
    join ${ledgerLines} on ${ledgerLines.seq} = ${bankMatchEntries.ledgerSeq}
    where ${bankMatchEntries.matchId} = ${bankLines.matchId}
      and ${ledgerLines.entryDate} <= ${date})`;
  return tx
    .select({
      id: bankLines.id,
      date: bankLines.lineDate,
      description: bankLines.description,
      reference: bankLines.reference,
      amount: bankLines.amountCents,
    })
    .from(bankLines)
    .where(
      inCompany(
        bankLines,
        scope,
        eq(bankLines.bankAccountId, account.bankAccountId),
        lte(bankLines.lineDate, date),
        or(isNull(bankLines.matchId), sql`not ${inCashBook}`),
      ),
    )
    .orderBy(asc(bankLines.lineDate), asc(bankLines.createdAt), asc(bankLines.position));
}

const signer = alias(users, 'signer');
const reopener = alias(users, 'reopener');
const nameOf = (person: { firstName: PgColumn; lastName: PgColumn }) =>
  sql<string | null>`nullif(trim(${person.firstName} || ' ' || ${person.lastName}), '')`;

const recordColumns = {
  row: reconciliations,
  signedOffByName: nameOf(signer),
  reopenedByName: nameOf(reopener),
};

const withNames = (tx: Tx) =>
  tx
    .select(recordColumns)
    .from(reconciliations)
    .leftJoin(signer, eq(signer.id, reconciliations.signedOffBy))
    .leftJoin(reopener, eq(reopener.id, reconciliations.reopenedBy));

export type ReconciliationWithNames = Awaited<ReturnType<typeof findReconciliation>> & {};

export async function findReconciliation(tx: Tx, scope: Scope, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await withNames(tx).where(inCompany(reconciliations, scope, eq(reconciliations.id, id)));
  return row;
}

/** The signed-off (not reopened) reconciliation of a bank account at exactly `date`. */
export async function signedOffAt(tx: Tx, scope: Scope, bankAccountId: string, date: string) {
  const [row] = await withNames(tx).where(
    inCompany(
      reconciliations,
      scope,
      eq(reconciliations.bankAccountId, bankAccountId),
      eq(reconciliations.statementDate, date),
      isNull(reconciliations.reopenedAt),
    ),
  );
  return row;
}

/** The latest signed-off (not reopened) reconciliation of a bank account. */
export async function latestSignedOff(tx: Tx, scope: Scope, bankAccountId: string) {
  const [row] = await tx
    .select()
    .from(reconciliations)
    .where(
      inCompany(
        reconciliations,
        scope,
        eq(reconciliations.bankAccountId, bankAccountId),
        isNull(reconciliations.reopenedAt),
      ),
    )
    .orderBy(desc(reconciliations.statementDate))
    .limit(1);
  return row;
}

/** The latest signed-off date over every bank account of a book and currency; null when none. */
export async function reconciledThrough(tx: Tx, scope: Scope, book: Book, currency: string) {
  const [row] = await tx
    .select({ date: max(reconciliations.statementDate) })
    .from(reconciliations)
    .innerJoin(bankAccounts, eq(bankAccounts.id, reconciliations.bankAccountId))
    .where(
      inCompany(
        reconciliations,
        scope,
        isNull(reconciliations.reopenedAt),
        eq(bankAccounts.book, book),
        eq(bankAccounts.currency, currency),
      ),
    );
  return row?.date ?? null;
}

export async function insertReconciliation(tx: Tx, values: typeof reconciliations.$inferInsert) {
  const [row] = await tx.insert(reconciliations).values(values).returning({ id: reconciliations.id });
  return row!.id;
}

export async function markReopened(tx: Tx, scope: Scope, id: string, by: string, reason: string) {
  await tx
    .update(reconciliations)
    .set({ reopenedBy: by, reopenedAt: sql`now()`, reopenReason: reason })
    .where(inCompany(reconciliations, scope, eq(reconciliations.id, id), isNull(reconciliations.reopenedAt)));
}

/** A bank account's reconciliations, newest first (reopened ones too: the history keeps them). */
export async function listReconciliations(
  tx: Tx,
  scope: Scope,
  bankAccountId: string,
  page: { offset: number; limit: number },
) {
  const where = inCompany(reconciliations, scope, eq(reconciliations.bankAccountId, bankAccountId));
  const rows = await withNames(tx)
    .where(where)
    .orderBy(desc(reconciliations.statementDate), desc(reconciliations.signedOffAt))
    .offset(page.offset)
    .limit(page.limit);
  const [count] = await tx
    .select({ total: sql<string>`count(*)` })
    .from(reconciliations)
    .where(where);
  return { rows, total: Number(count?.total ?? 0) };
}

/**
 * Suspense items of a currency open at the end of `date`: their statement line is dated on or
 * before it, and they were not resolved by then.
 */
export async function suspenseOpenAt(tx: Tx, scope: Scope, currency: string, date: string) {
  return tx
    .select({
      id: suspenseItems.id,
      date: bankLines.lineDate,
      description: bankLines.description,
      counterparty: bankLines.counterparty,
      amount: suspenseItems.amountCents,
      note: suspenseItems.note,
      state: suspenseItems.state,
    })
    .from(suspenseItems)
    .innerJoin(bankLines, eq(bankLines.id, suspenseItems.bankLineId))
    .where(
      inCompany(
        suspenseItems,
        scope,
        eq(suspenseItems.currency, currency),
        lte(bankLines.lineDate, date),
        or(
          isNull(suspenseItems.resolvedAt),
          gt(sql`(${suspenseItems.resolvedAt} at time zone 'UTC')::date`, date),
        ),
      ),
    )
    .orderBy(asc(bankLines.lineDate), asc(suspenseItems.createdAt));
}
