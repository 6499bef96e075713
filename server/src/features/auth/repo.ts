import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { loginFailures, refreshTokens, users } from '../../db/schema/index.ts';

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

/**
 * Writes a failure row per key (each committed at once, so other instances count it) and drops
 * rows older than the window. Returns the new rows' ids.
 */
export async function insertLoginFailures(db: Db, keys: string[], windowMinutes: number): Promise<number[]> {
  await db
    .delete(loginFailures)
    .where(sql`${loginFailures.failedAt} < now() - make_interval(mins => ${windowMinutes})`);
  const rows = await db
    .insert(loginFailures)
    .values(keys.map((key) => ({ key })))
    .returning({ id: loginFailures.id });
  return rows.map((row) => row.id);
}

/** Per key: failures within the window, and seconds until the oldest of them leaves it. */
export async function recentLoginFailures(
  db: Db,
  keys: string[],
  windowMinutes: number,
): Promise<Map<string, { count: number; secondsLeft: number }>> {
  const rows = await queryRows<{ key: string; count: number; seconds_left: number }>(
    db,
    sql`select key, count(*)::int as count,
          extract(epoch from min(failed_at) + make_interval(mins => ${windowMinutes}) - now())::float8 as seconds_left
        from login_failures
        where key in ${keys} and failed_at > now() - make_interval(mins => ${windowMinutes})
        group by key`,
  );
  return new Map(rows.map((row) => [row.key, { count: row.count, secondsLeft: row.seconds_left }]));
}

/** Removes the given failure rows, and every failure of `key` when one is named. */
export async function deleteLoginFailures(db: Db, ids: number[], key?: string): Promise<void> {
  await db
    .delete(loginFailures)
    .where(or(inArray(loginFailures.id, ids), key === undefined ? undefined : eq(loginFailures.key, key)));
}
