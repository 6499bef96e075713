import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../db/scope.ts';
import { bankAccounts, bankLines } from '../../db/schema/index.ts';
import { inCompany, isUuid } from '../../db/scope.ts';

type Scope = Pick<Ctx, 'companyId'>;

export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type BankLineRow = typeof bankLines.$inferSelect;

/** A bank account of the company, or undefined (another company's is simply not there). */
export async function findBankAccount(tx: Tx, scope: Scope, id: string): Promise<BankAccountRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx
    .select()
    .from(bankAccounts)
    .where(and(inCompany(bankAccounts, scope), eq(bankAccounts.id, id)));
  return row;
}

/** A statement line of the company, or undefined. */
export async function findBankLine(tx: Tx, scope: Scope, id: string): Promise<BankLineRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx
    .select()
    .from(bankLines)
    .where(and(inCompany(bankLines, scope), eq(bankLines.id, id)));
  return row;
}
