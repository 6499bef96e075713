import { eq, inArray, like, or, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { loginFailures, passwordResets, refreshTokens } from '../../db/schema/index.ts';

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

/**
 * Removes the given failure rows and, when named, every failure of an email: its own key and its
 * keys per address (`email-ip:<email>|<address>`).
 */
export async function deleteLoginFailures(
  db: Db,
  ids: number[],
  email?: { email: string; emailPrefix: string },
): Promise<void> {
  // With nothing named, the condition would be empty: and delete every row.
  if (ids.length === 0 && email === undefined) return;
  await db
    .delete(loginFailures)
    .where(
      or(
        ids.length > 0 ? inArray(loginFailures.id, ids) : undefined,
        email === undefined
          ? undefined
          : or(
              eq(loginFailures.key, email.email),
              like(loginFailures.key, `${escapeLike(email.emailPrefix)}%`),
            ),
      ),
    );
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export async function insertPasswordReset(
  tx: Tx,
  values: typeof passwordResets.$inferInsert,
): Promise<string> {
  const [row] = await tx.insert(passwordResets).values(values).returning({ id: passwordResets.id });
  return row!.id;
}

/** Locked, so two uses of one link at once are decided one after the other. */
export async function findPasswordResetForUpdate(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, tokenHash))
    .for('update');
  return row;
}

/** Uses this link and every other unused link of the user: one new password ends them all. */
export async function usePasswordResets(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(sql`${passwordResets.userId} = ${userId} and ${passwordResets.usedAt} is null`);
}
