import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { companyInput } from '../test/harness.ts';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { companies } from './schema/index.ts';

// The embedded database is the default for every new user: its data must survive a restart.
describe('file-backed PGlite', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lintel-persist-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps what was written after close and reopen, and migrating again changes nothing', async () => {
    const first = await openDatabase({ dataDir });
    await migrateDatabase(first);
    const [written] = await first.db.insert(companies).values(companyInput('Durable Realty')).returning();
    await first.close();

    const second = await openDatabase({ dataDir });
    await migrateDatabase(second);
    const [read] = await second.db.select().from(companies).where(eq(companies.id, written!.id));
    await second.close();
    expect(read?.name).toBe('Durable Realty');
    expect(read?.version).toBe(0);
  });
});
