import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Book } from '@lintel/contracts';
import { transact } from '../db/scope.ts';
import { bankAccounts, bankLines, bankStatements } from '../db/schema/index.ts';
import type { Company } from './money-fixtures.ts';
import type { TestApp } from './harness.ts';

/**
 * Banking fixtures (issue 17) written straight into the tables, so matching and reconciliation
 * tests need not go through a statement file; the import's own tests go through real files.
 */
const scopeOf = (t: TestApp, co: Company) => ({ db: t.database.db, companyId: co.companyId });

export async function insertBankAccount(
  t: TestApp,
  co: Company,
  options: { book?: Book; currency?: string; matchWindowDays?: number } = {},
): Promise<string> {
  return transact(scopeOf(t, co), async (tx) => {
    const [row] = await tx
      .insert(bankAccounts)
      .values({
        companyId: co.companyId,
        book: options.book ?? 'trust',
        currency: options.currency ?? 'USD',
        name: `${options.book ?? 'trust'} ${options.currency ?? 'USD'}`,
        bankName: 'Test Bank',
        accountNumber: randomUUID().slice(0, 10),
        matchWindowDays: options.matchWindowDays ?? 5,
      })
      .returning({ id: bankAccounts.id });
    return row!.id;
  });
}

export interface FixtureLine {
  date: string;
  /** Credits (money in) positive. */
  amount: number;
  description?: string;
  reference?: string | null;
  counterparty?: string | null;
  bankTransactionId?: string | null;
}

/**
 * One statement of `lines` (in order) on a bank account; running balances carry on from the last
 * line already there (or `opening`). Returns the new lines' ids in order.
 */
export async function insertStatementLines(
  t: TestApp,
  co: Company,
  bankAccountId: string,
  lines: FixtureLine[],
  options: { opening?: number } = {},
): Promise<string[]> {
  return transact(scopeOf(t, co), async (tx) => {
    const [last] = await tx
      .select({ balance: bankLines.balanceCents })
      .from(bankLines)
      .where(and(eq(bankLines.companyId, co.companyId), eq(bankLines.bankAccountId, bankAccountId)))
      .orderBy(desc(bankLines.lineDate), desc(bankLines.createdAt), desc(bankLines.position))
      .limit(1);
    const opening = options.opening ?? last?.balance ?? 0;
    const dates = lines.map((line) => line.date).sort();
    const closing = opening + lines.reduce((sum, line) => sum + line.amount, 0);
    const [statement] = await tx
      .insert(bankStatements)
      .values({
        companyId: co.companyId,
        bankAccountId,
        format: 'csv',
        fileName: 'fixture.csv',
        fromDate: dates[0]!,
        toDate: dates.at(-1)!,
        openingCents: opening,
        closingCents: closing,
        lineCount: lines.length,
        addedCount: lines.length,
      })
      .returning({ id: bankStatements.id });
    let balance = opening;
    const rows = lines.map((line, index) => {
      balance += line.amount;
      return {
        companyId: co.companyId,
        bankAccountId,
        statementId: statement!.id,
        position: index + 1,
        lineDate: line.date,
        description: line.description ?? (line.amount > 0 ? 'Credit' : 'Debit'),
        reference: line.reference ?? null,
        counterparty: line.counterparty ?? null,
        amountCents: line.amount,
        balanceCents: balance,
        bankTransactionId: line.bankTransactionId ?? null,
        identity: line.bankTransactionId ? `id:${line.bankTransactionId}` : `fixture:${randomUUID()}`,
      };
    });
    const inserted = await tx.insert(bankLines).values(rows).returning({ id: bankLines.id });
    return inserted.map((row) => row.id);
  });
}
