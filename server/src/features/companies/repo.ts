import { and, eq, sql } from 'drizzle-orm';
import type { CompanyInput, CompanyUpdateInput } from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';

export type CompanyRow = typeof companies.$inferSelect;

export async function findCompany(tx: Tx, companyId: string): Promise<CompanyRow | undefined> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, companyId));
  return row;
}

export async function insertCompany(tx: Tx, input: CompanyInput): Promise<CompanyRow> {
  const [row] = await tx
    .insert(companies)
    .values({ ...input, bankAccounts: input.bankAccounts ?? [] })
    .returning();
  return row!;
}

export async function setCompanyOwner(tx: Tx, companyId: string, userId: string): Promise<void> {
  await tx.update(companies).set({ ownerId: userId }).where(eq(companies.id, companyId));
}

/** Updates only when the stored version still matches; undefined means someone got there first. */
export async function updateCompanyIfVersion(
  tx: Tx,
  companyId: string,
  input: Omit<CompanyUpdateInput, '__v'>,
  expectedVersion: number,
): Promise<CompanyRow | undefined> {
  const [row] = await tx
    .update(companies)
    .set({ ...input, updatedAt: sql`now()`, version: sql`${companies.version} + 1` })
    .where(and(eq(companies.id, companyId), eq(companies.version, expectedVersion)))
    .returning();
  return row;
}
