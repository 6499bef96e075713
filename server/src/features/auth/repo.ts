import { eq, inArray, or, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { loginFailures, refreshTokens } from '../../db/schema/index.ts';

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
