import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { createCompanyWithRoles, createTestApp, type TestApp } from '../harness.ts';
import { readTrialBalance, setFinanceSettings, type Company } from '../money-fixtures.ts';
import { buildBooks, readReport } from '../report-fixtures.ts';
import { createScratchDatabase } from './servers.ts';

const BACKUP_SCRIPT = path.join(serverRoot, '..', 'scripts', 'backup.mjs');

/** The documented command: `node scripts/backup.mjs backup|restore <file>` with the server's settings. */
async function backupScript(command: 'backup' | 'restore', file: string, env: Record<string, string>) {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [BACKUP_SCRIPT, command, file], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', ...env },
    });
    return { ok: true, output: stdout };
  } catch (error) {
    return { ok: false, output: String((error as { stderr?: string }).stderr) };
  }
}

/** What a restored copy must answer the same: the trial balance in both currencies and two reports. */
async function figures(t: TestApp, co: Company) {
  const withoutTime = ({ generatedAt: _generatedAt, ...report }: { generatedAt: string }) => report;
  return {
    usd: await readTrialBalance(t, co, 'USD'),
    zwg: await readTrialBalance(t, co, 'ZWG'),
    trust: withoutTime(await readReport(t, co.admin, 'trust-reconciliation')),
    income: withoutTime(await readReport(t, co.admin, 'income')),
  };
}

/** A company with a few months of books: payments, a reversal, an expense, levies, two currencies. */
async function seedBooks(t: TestApp) {
  const co = await createCompanyWithRoles(t.app);
  await setFinanceSettings(t, co);
  await buildBooks(t, co);
  const seeded = await figures(t, co);
  // Not an empty ledger: the comparison below has something to compare.
  expect(seeded.usd.accounts.filter((account) => account.balance !== 0).length).toBeGreaterThan(3);
  expect(seeded.usd.trustBank).toBeGreaterThan(0);
  return { co, seeded };
}

const appOn = async (database: Database) => createTestApp({ database });

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'lintel-backup-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe.skipIf(Boolean(process.env.DATABASE_URL))(
  'backup and restore of the embedded database (PGlite)',
  () => {
    it('a copy of DATA_DIR taken with Lintel stopped, restored into a new folder, gives the same books', async () => {
      const dataDir = path.join(folder, 'data');
      const original = await appOn(await openDatabase({ dataDir }));
      const { co, seeded } = await seedBooks(original);

      const file = path.join(folder, 'lintel.tar.gz');
      // While the database is open the copy could be torn: the script refuses.
      const refused = await backupScript('backup', file, { DATA_DIR: dataDir });
      expect(refused).toMatchObject({ ok: false });
      expect(refused.output).toMatch(/is open: stop Lintel first/);
      await original.close();

      expect(await backupScript('backup', file, { DATA_DIR: dataDir })).toMatchObject({ ok: true });
      const restoredDir = path.join(folder, 'restored');
      expect(await backupScript('restore', file, { DATA_DIR: restoredDir })).toMatchObject({ ok: true });
      // Restoring over a database is refused: a restore never mixes two.
      const over = await backupScript('restore', file, { DATA_DIR: restoredDir });
      expect(over.output).toMatch(/is not empty/);

      const restored = await appOn(await openDatabase({ dataDir: restoredDir }));
      try {
        expect(await figures(restored, co)).toEqual(seeded);
      } finally {
        await restored.close();
      }
    });
  },
);

describe.skipIf(!process.env.DATABASE_URL)(
  'backup and restore on PostgreSQL (pg_dump -Fc, pg_restore)',
  () => {
    it('a dump taken while Lintel runs, restored into a new database, gives the same books', async () => {
      const source = await createScratchDatabase('backup_source');
      const copy = await createScratchDatabase('backup_copy');
      try {
        const original = await appOn(await openDatabase({ databaseUrl: source.url }));
        const file = path.join(folder, 'lintel.dump');
        let co: Company;
        let seeded: Awaited<ReturnType<typeof figures>>;
        try {
          ({ co, seeded } = await seedBooks(original));
          expect(await backupScript('backup', file, { DATABASE_URL: source.url })).toMatchObject({
            ok: true,
          });
        } finally {
          await original.close();
        }
        expect(await backupScript('restore', file, { DATABASE_URL: copy.url })).toMatchObject({ ok: true });
        const over = await backupScript('restore', file, { DATABASE_URL: copy.url });
        expect(over.output).toMatch(/is not empty/);

        const restored = await appOn(await openDatabase({ databaseUrl: copy.url }));
        try {
          expect(await figures(restored, co)).toEqual(seeded);
        } finally {
          await restored.close();
        }
      } finally {
        await source.drop();
        await copy.drop();
      }
    });
  },
);
