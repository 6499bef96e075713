import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrationsFolder } from '../config.ts';
import type { Database } from './client.ts';

// Any fixed number: every instance that starts against the same server takes the same lock.
const MIGRATION_LOCK = 7_146_321;

/** Applies the committed migrations; a second run applies nothing. */
export async function migrateDatabase(database: Database, folder = migrationsFolder): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  // Several server instances may start at once against one PostgreSQL: migrate one at a time.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await migratePg(tx as unknown as NodePgDatabase, { migrationsFolder: folder });
  });
}
