import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { refreshTokens, users } from '../../db/schema/index.ts';

/** Ends every refresh token the user holds. */
export async function revokeUserRefreshTokens(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
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
