import { sql } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { numberSequences } from './schema/index.ts';
import type { Ctx } from './scope.ts';

/**
 * The next number of a gapless per-company sequence (receipts, invoices). The row lock queues
 * concurrent callers and a rollback returns the number, so numbers are contiguous and never
 * repeat. Take it as late as possible in a transaction: the lock lasts until commit.
 */
export const nextNumber = (tx: Tx, scope: Pick<Ctx, 'companyId'>, name: string): Promise<number> =>
  nextNumbers(tx, scope, name, 1);

/** `count` consecutive numbers of the sequence in one step (a batch of receipts): the first of them. */
export async function nextNumbers(
  tx: Tx,
  scope: Pick<Ctx, 'companyId'>,
  name: string,
  count: number,
): Promise<number> {
  const [row] = await tx
    .insert(numberSequences)
    .values({ companyId: scope.companyId, name, lastValue: count })
    .onConflictDoUpdate({
      target: [numberSequences.companyId, numberSequences.name],
      set: { lastValue: sql`${numberSequences.lastValue} + ${count}` },
    })
    .returning({ value: numberSequences.lastValue });
  return row!.value - count + 1;
}
