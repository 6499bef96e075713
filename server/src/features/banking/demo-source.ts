import { and, asc, eq, lte } from 'drizzle-orm';
import { ledgerLines } from '../../db/schema/index.ts';
import { inCompany, transact, type Ctx } from '../../db/scope.ts';
import { notFound } from '../../lib/errors.ts';
import { findBankAccount } from './repo.ts';

/** One entry of a bank account's ledger account, in posting order. */
export interface BankLedgerEntry {
  seq: number;
  date: string;
  amount: number;
  kind: string;
  description: string;
  reference: string | null;
}

/**
 * Every entry of a bank account's ledger account up to a day, oldest first: what a bank statement
 * of that account should show (the demo writes its statements from it).
 */
export const bankLedgerEntries = (ctx: Ctx, bankAccountId: string, upTo: string) =>
  transact(ctx, async (tx): Promise<BankLedgerEntry[]> => {
    const account = await findBankAccount(tx, ctx, bankAccountId);
    if (!account) throw notFound('Bank account not found');
    return tx
      .select({
        seq: ledgerLines.seq,
        date: ledgerLines.entryDate,
        amount: ledgerLines.amountCents,
        kind: ledgerLines.kind,
        description: ledgerLines.description,
        reference: ledgerLines.reference,
      })
      .from(ledgerLines)
      .where(
        and(
          inCompany(ledgerLines, ctx),
          eq(ledgerLines.account, `${account.book}:bank`),
          eq(ledgerLines.currency, account.currency),
          lte(ledgerLines.entryDate, upTo),
        ),
      )
      .orderBy(asc(ledgerLines.entryDate), asc(ledgerLines.seq));
  });
