import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema/index.ts';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(tx: Tx, values: typeof refreshTokens.$inferInsert): Promise<void> {
  await tx.insert(refreshTokens).values(values);
}

/** Locks the row: two refreshes with one token are decided one after the other. */
export async function findRefreshTokenForUpdate(
  tx: Tx,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await tx
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update');
  return row;
}

export async function markRotated(tx: Tx, id: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ rotatedAt: sql`now()` })
    .where(eq(refreshTokens.id, id));
}

export async function revokeFamily(tx: Tx, familyId: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(sql`${refreshTokens.familyId} = ${familyId} and ${refreshTokens.revokedAt} is null`);
}
