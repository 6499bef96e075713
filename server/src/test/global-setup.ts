import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';

/**
 * PGlite: migrate one database and dump it; every test file starts from a copy (a fresh,
 * private database each, without paying for migrations again). PostgreSQL: migrate the server's
 * database once; test files share it, each with companies of its own.
 */
export default async function setup() {
  const databaseUrl = process.env.DATABASE_URL;
  const database = await openDatabase({ databaseUrl });
  await migrateDatabase(database);
  if (databaseUrl) {
    await database.close();
    return;
  }
  const folder = mkdtempSync(path.join(os.tmpdir(), 'lintel-template-'));
  const file = path.join(folder, 'template.tar');
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  process.env.LINTEL_TEST_TEMPLATE = file;
  return () => rmSync(folder, { recursive: true, force: true });
}
