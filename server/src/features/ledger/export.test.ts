import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { Ctx } from '../../db/scope.ts';
import { createCompanyWithRoles, createTestApp, expectStatus, type TestApp } from '../../test/harness.ts';
import { createLetProperty, recordPayment, rentBody, setFinanceSettings } from '../../test/money-fixtures.ts';
import { exportLedger } from './general.ts';
import type * as generalRepo from './general-repo.ts';

/** Runs once the export has read this many slices (a test sets it). */
const midway = vi.hoisted(() => ({ slices: 0, atSlice: 0, work: undefined as (() => void) | undefined }));
vi.mock('./general-repo.ts', async (original) => {
  const repo = await original<typeof generalRepo>();
  return {
    ...repo,
    exportLines: (...args: Parameters<typeof repo.exportLines>) => {
      if (++midway.slices === midway.atSlice) midway.work?.();
      return repo.exportLines(...args);
    },
  };
});

/**
 * The export reads the ledger in slices (on PGlite each slice is a transaction of its own, so
 * other requests are answered between them). Tiny slices here make a handful of lines take many.
 */
describe('general ledger export in slices', () => {
  let t: TestApp;
  let co: Awaited<ReturnType<typeof createCompanyWithRoles>>;
  let let1: Awaited<ReturnType<typeof createLetProperty>>;
  let ctx: Ctx;

  /** Every line of the company as the database holds it, in posting order. */
  const linesInDatabase = () =>
    queryRows<{ journal_id: string; account: string; amount_cents: string }>(
      t.database.db,
      sql`select journal_id, account, amount_cents from ledger_lines
          where company_id = ${co.companyId} order by entry_date, seq`,
    );
  const exported = async (linesPerSlice: number) => {
    const file = await exportLedger(ctx, { format: 'csv' }, linesPerSlice);
    return parse<Record<string, string>>(String(file.body), { columns: true });
  };

  beforeAll(async () => {
    t = await createTestApp();
    co = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, co);
    let1 = await createLetProperty(t, co, { currency: 'USD', rent: 100000 });
    for (const [day, amount] of [
      ['2026-10-03', 40000],
      ['2026-10-01', 30000],
      ['2026-10-02', 30000],
    ] as const) {
      await recordPayment(t, co.accountant, rentBody(let1.lease, amount, { paymentDate: day }));
    }
    ctx = {
      db: t.database.db,
      companyId: co.companyId,
      userId: co.accountant.user._id,
      role: 'accountant',
      requestId: randomUUID(),
    };
  }, 60_000);
  afterAll(() => t.close());

  it('writes every line once, in posting order, under one header row, whatever the slice size', async () => {
    const expected = await linesInDatabase();
    expect(expected.length).toBeGreaterThan(6);
    const whole = await exported(10_000);
    for (const rows of [whole, await exported(1), await exported(4)]) {
      expect(rows.map((row) => [row.Journal, row.Account])).toEqual(
        expected.map((line) => [line.journal_id, line.account]),
      );
    }
    expect(whole.filter((row) => row.Date === 'Date')).toEqual([]);
  });

  it('leaves out what is posted while it runs, so every journal in the file is whole', async () => {
    const before = await linesInDatabase();
    // One line per slice, and a payment posted from the fifth slice on: between two slices on
    // PGlite, beside the export's one snapshot on PostgreSQL.
    let posting: Promise<unknown> | undefined;
    Object.assign(midway, {
      slices: 0,
      atSlice: 5,
      work: () => {
        posting = recordPayment(t, co.accountant, rentBody(let1.lease, 5000, { paymentDate: '2026-10-04' }));
      },
    });
    const rows = await exported(1);
    await posting;
    const after = await linesInDatabase();
    expect(after.length).toBeGreaterThan(before.length);
    expect(rows).toHaveLength(before.length);
    const linesOf = (journal: string) => after.filter((line) => line.journal_id === journal).length;
    for (const journal of new Set(rows.map((row) => row.Journal))) {
      expect(rows.filter((row) => row.Journal === journal).length, journal).toBe(linesOf(journal!));
    }
  });

  it('is the bookkeepers’ only', async () => {
    await expect(exportLedger({ ...ctx, role: 'agent' }, { format: 'csv' })).rejects.toMatchObject({
      statusCode: 403,
    });
    expectStatus(
      await t.app.inject({ method: 'GET', url: '/api/ledger/export', headers: co.agent.auth }),
      403,
    );
  });
});
