import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { BankFileFormat, CsvStatementMapping } from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../db/scope.ts';
import { bankAccounts, bankLines, bankStatements, reconciliations, users } from '../../db/schema/index.ts';
import { inCompany } from '../../db/scope.ts';
import { chunksOf } from '../../lib/chunks.ts';

type Scope = Pick<Ctx, 'companyId'>;

/** The bank account's balance after its last line (by date, then import, then bank order). */
export async function lastLineBalance(tx: Tx, scope: Scope, bankAccountId: string): Promise<number | null> {
  const [row] = await tx
    .select({ balance: bankLines.balanceCents })
    .from(bankLines)
    .where(inCompany(bankLines, scope, eq(bankLines.bankAccountId, bankAccountId)))
    .orderBy(desc(bankLines.lineDate), desc(bankLines.createdAt), desc(bankLines.position))
    .limit(1);
  return row ? Number(row.balance) : null;
}

/** Which of these identities the bank account already has (an earlier import's lines). */
export async function existingIdentities(
  tx: Tx,
  scope: Scope,
  bankAccountId: string,
  identities: string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (const chunk of chunksOf([...new Set(identities)], 1000)) {
    const rows = await tx
      .select({ identity: bankLines.identity })
      .from(bankLines)
      .where(
        inCompany(
          bankLines,
          scope,
          eq(bankLines.bankAccountId, bankAccountId),
          inArray(bankLines.identity, chunk),
        ),
      );
    for (const row of rows) found.add(row.identity);
  }
  return found;
}

export async function insertStatement(
  tx: Tx,
  scope: Scope,
  values: {
    bankAccountId: string;
    format: BankFileFormat;
    fileName: string;
    fromDate: string;
    toDate: string;
    openingCents: number;
    closingCents: number;
    lineCount: number;
    importedBy: string;
  },
): Promise<string> {
  const [row] = await tx
    .insert(bankStatements)
    .values({ ...values, companyId: scope.companyId, addedCount: 0 })
    .returning({ id: bankStatements.id });
  return row!.id;
}

export type NewLine = Omit<typeof bankLines.$inferInsert, 'companyId' | 'id' | 'matchId' | 'createdAt'>;

/**
 * The lines not yet on the account. Another import of an overlapping file at the same moment
 * may add some of them first: `on conflict do nothing` keeps each line once, and the count says
 * how many this import added.
 */
export async function insertNewLines(
  tx: Tx,
  scope: Scope,
  statementId: string,
  lines: NewLine[],
): Promise<number> {
  let added = 0;
  for (const chunk of chunksOf(lines, 1000)) {
    const rows = await tx
      .insert(bankLines)
      .values(chunk.map((line) => ({ ...line, companyId: scope.companyId })))
      .onConflictDoNothing({ target: [bankLines.bankAccountId, bankLines.identity] })
      .returning({ id: bankLines.id });
    added += rows.length;
  }
  await tx
    .update(bankStatements)
    .set({ addedCount: added })
    .where(inCompany(bankStatements, scope, eq(bankStatements.id, statementId)));
  return added;
}

/** The CSV mapping last used, offered (and used) on the next import. */
export async function saveMapping(tx: Tx, scope: Scope, bankAccountId: string, mapping: CsvStatementMapping) {
  await tx
    .update(bankAccounts)
    .set({ csvMapping: mapping, updatedAt: sql`now()`, version: sql`${bankAccounts.version} + 1` })
    .where(inCompany(bankAccounts, scope, eq(bankAccounts.id, bankAccountId)));
}

export async function listStatements(
  tx: Tx,
  scope: Scope,
  bankAccountId: string,
  query: { page: number; pageSize: number },
) {
  const where = inCompany(bankStatements, scope, eq(bankStatements.bankAccountId, bankAccountId));
  const [total] = await tx.select({ value: count() }).from(bankStatements).where(where);
  const items = await tx
    .select({
      statement: bankStatements,
      importedByName: sql<string | null>`trim(${users.firstName} || ' ' || ${users.lastName})`,
    })
    .from(bankStatements)
    .leftJoin(users, eq(users.id, bankStatements.importedBy))
    .where(where)
    .orderBy(desc(bankStatements.createdAt), desc(bankStatements.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { items, total: Number(total?.value ?? 0) };
}

/**
 * Each bank account of the company with its statement state: the last line's date and balance,
 * how many lines are unmatched, and the latest signed-off (not reopened) reconciliation's date.
 */
export async function listAccountsWithState(tx: Tx, scope: Scope, onlyId?: string) {
  const accounts = await tx
    .select()
    .from(bankAccounts)
    .where(inCompany(bankAccounts, scope, onlyId ? eq(bankAccounts.id, onlyId) : undefined))
    .orderBy(bankAccounts.book, bankAccounts.currency, bankAccounts.name);
  if (accounts.length === 0) return [];
  const ids = accounts.map((account) => account.id);
  const unmatched = await tx
    .select({ id: bankLines.bankAccountId, value: count() })
    .from(bankLines)
    .where(inCompany(bankLines, scope, inArray(bankLines.bankAccountId, ids), isNull(bankLines.matchId)))
    .groupBy(bankLines.bankAccountId);
  const reconciled = await tx
    .select({
      id: reconciliations.bankAccountId,
      value: sql<string>`max(${reconciliations.statementDate})::text`,
    })
    .from(reconciliations)
    .where(
      inCompany(
        reconciliations,
        scope,
        inArray(reconciliations.bankAccountId, ids),
        isNull(reconciliations.reopenedAt),
      ),
    )
    .groupBy(reconciliations.bankAccountId);
  const lastLines = await tx
    .selectDistinctOn([bankLines.bankAccountId], {
      id: bankLines.bankAccountId,
      date: bankLines.lineDate,
      balance: bankLines.balanceCents,
    })
    .from(bankLines)
    .where(inCompany(bankLines, scope, inArray(bankLines.bankAccountId, ids)))
    .orderBy(
      bankLines.bankAccountId,
      desc(bankLines.lineDate),
      desc(bankLines.createdAt),
      desc(bankLines.position),
    );
  return accounts.map((account) => {
    const last = lastLines.find((row) => row.id === account.id);
    return {
      account,
      statementDate: last?.date ?? null,
      statementBalance: last ? Number(last.balance) : null,
      unmatchedLines: Number(unmatched.find((row) => row.id === account.id)?.value ?? 0),
      reconciledThrough: reconciled.find((row) => row.id === account.id)?.value ?? null,
    };
  });
}

/** Whether the company already has a bank account for this book and currency. */
export async function accountFor(tx: Tx, scope: Scope, book: string, currency: string) {
  const [row] = await tx
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(
      inCompany(
        bankAccounts,
        scope,
        sql`${bankAccounts.book} = ${book}`,
        eq(bankAccounts.currency, currency),
      ),
    );
  return row;
}

export async function insertAccount(
  tx: Tx,
  scope: Scope,
  values: Omit<typeof bankAccounts.$inferInsert, 'companyId'>,
) {
  const [row] = await tx
    .insert(bankAccounts)
    .values({ ...values, companyId: scope.companyId })
    .onConflictDoNothing()
    .returning({ id: bankAccounts.id });
  return row?.id;
}

export async function updateAccount(
  tx: Tx,
  scope: Scope,
  id: string,
  values: Partial<
    Pick<typeof bankAccounts.$inferInsert, 'name' | 'bankName' | 'accountNumber' | 'matchWindowDays'>
  >,
) {
  await tx
    .update(bankAccounts)
    .set({ ...values, updatedAt: sql`now()`, version: sql`${bankAccounts.version} + 1` })
    .where(and(inCompany(bankAccounts, scope), eq(bankAccounts.id, id)));
}
