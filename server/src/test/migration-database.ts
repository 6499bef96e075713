import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { migrationsFolder } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';

/** The committed migrations up to and including `last`, in a folder of their own. */
function migrationsUpTo(last: number): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'lintel-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/**
 * An empty database of its own: PGlite in a temporary folder, or on PostgreSQL (DATABASE_URL) a
 * database created on that server (a migration's ALTERs behave differently there), dropped after.
 */
async function openFreshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lintel-migration-'));
    const database = await openDatabase({ dataDir });
    return {
      database,
      drop: async () => {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `lintel_migration_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: own.toString() });
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * A fresh database migrated up to and including migration `last`, for a migration's test to write
 * data the old way before `migrateDatabase(database)` takes it to the latest. `drop` removes it.
 */
export async function openDatabaseMigratedTo(
  last: number,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const fresh = await openFreshDatabase();
  const folder = migrationsUpTo(last);
  try {
    await migrateDatabase(fresh.database, folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return fresh;
}
