import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { systemSettings } from '../../db/schema/index.ts';
import { systemTransact } from '../../db/scope.ts';

/**
 * The token signing key: JWT_SECRET when set; otherwise one generated on first start and kept in
 * the database, so restarts and every instance on the same database agree on it.
 */
export async function resolveSigningSecret(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const value = await systemTransact(db, async (tx) => {
    await tx
      .insert(systemSettings)
      .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await tx.select().from(systemSettings).where(eq(systemSettings.key, 'jwt_secret'));
    return row!.value;
  });
  return new TextEncoder().encode(value);
}
