import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { refreshTokens, users } from '../../db/schema/index.ts';

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

/** Ends every refresh token the user holds, or every one outside the family that is kept. */
export async function revokeUserRefreshTokens(
  tx: Tx,
  userId: string,
  exceptFamilyId?: string,
): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        exceptFamilyId ? ne(refreshTokens.familyId, exceptFamilyId) : undefined,
      ),
    );
}

/**
 * Whether a token's user may still act: read on every session request, by user id alone (the
 * company is not yet known to be trusted), outside any company scope.
 */
export async function findSessionState(
  db: Db,
  userId: string,
): Promise<{ isActive: boolean; tokenVersion: number } | undefined> {
  const [row] = await db
    .select({ isActive: users.isActive, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
