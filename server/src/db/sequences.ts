import { sql } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { numberSequences } from './schema/index.ts';
import type { Ctx } from './scope.ts';

/**
 * The next number of a gapless per-company sequence (receipts, invoices). The row lock queues
 * concurrent callers and a rollback returns the number, so numbers are contiguous and never
 * repeat. Take it as late as possible in a transaction: the lock lasts until commit.
 */
export async function nextNumber(tx: Tx, scope: Pick<Ctx, 'companyId'>, name: string): Promise<number> {
  const [row] = await tx
    .insert(numberSequences)
    .values({ companyId: scope.companyId, name, lastValue: 1 })
    .onConflictDoUpdate({
      target: [numberSequences.companyId, numberSequences.name],
      set: { lastValue: sql`${numberSequences.lastValue} + 1` },
    })
    .returning({ value: numberSequences.lastValue });
  return row!.value;
}
