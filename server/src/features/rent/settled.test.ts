import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client.ts';
import { rentCharges } from '../../db/schema/index.ts';
import { systemTransact, transact } from '../../db/scope.ts';
import { createCompanyWithRoles, createTestApp, expectStatus, type TestApp } from '../../test/harness.ts';
import {
  caller,
  createLetProperty,
  recordPayment,
  rentBody,
  setFinanceSettings,
  type Company,
} from '../../test/money-fixtures.ts';
import { isOpen } from './outstanding.ts';
import { settledDisagreements } from './service.ts';

/*
 * What is settled on each rent charge (migration 0018) is kept by the database as allocations go
 * in and payments are reversed: a payment spread over charges, a part payment, a reversal and
 * payments at once all leave it equal to the allocations of completed payments.
 */
describe('what is settled on rent charges', () => {
  let t: TestApp;
  let co: Company;
  let lease: { _id: string; currency: string };

  beforeAll(async () => {
    t = await createTestApp();
    co = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, co);
    ({ lease } = await createLetProperty(t, co, { rent: 100000, startDate: '2026-08-01' }));
    expectStatus(await caller(t)(co.admin, 'POST', '/api/charges/generate'), 200);
  });
  afterAll(() => t.close());

  const scoped = <T>(work: (tx: Tx) => Promise<T>) =>
    transact({ db: t.database.db, companyId: co.companyId }, work);
  const system = <T>(work: (tx: Tx) => Promise<T>) => systemTransact(t.database.db, work);
  /** The first three charges (August to October) as [period, settled, still open]. */
  const settled = async () =>
    (
      await system((tx) =>
        tx
          .select({
            period: rentCharges.period,
            settled: rentCharges.settledCents,
            open: isOpen('rent_charges'),
          })
          .from(rentCharges)
          .where(eq(rentCharges.leaseId, lease._id))
          .orderBy(asc(rentCharges.dueDate))
          .limit(3),
      )
    ).map((row) => [row.period, row.settled, row.open]);
  const reverse = async (paymentId: string) =>
    expectStatus(
      await caller(t)(co.accountant, 'POST', `/api/payments/${paymentId}/reverse`, { reason: 'Bounced' }),
      200,
    );

  it('a payment spread over charges settles them; a part payment leaves its charge open', async () => {
    const spread = await recordPayment(t, co.accountant, rentBody(lease, 250000));
    expect(await settled()).toEqual([
      ['2026-08', 100000, false],
      ['2026-09', 100000, false],
      ['2026-10', 50000, true],
    ]);
    await recordPayment(t, co.accountant, rentBody(lease, 30000));
    expect(await settled()).toEqual([
      ['2026-08', 100000, false],
      ['2026-09', 100000, false],
      ['2026-10', 80000, true],
    ]);
    expect(await scoped((tx) => settledDisagreements(tx, co))).toEqual([]);

    // The reversed payment's allocations stay on record but no longer count.
    await reverse(spread._id);
    expect(await settled()).toEqual([
      ['2026-08', 0, true],
      ['2026-09', 0, true],
      ['2026-10', 30000, true],
    ]);
    expect(await scoped((tx) => settledDisagreements(tx, co))).toEqual([]);
  });

  it('payments recorded at once lose nothing', async () => {
    await Promise.all(
      Array.from({ length: 12 }, () => recordPayment(t, co.accountant, rentBody(lease, 10000))),
    );
    expect(await settled()).toEqual([
      ['2026-08', 100000, false],
      ['2026-09', 20000, true],
      ['2026-10', 30000, true],
    ]);
    expect(await scoped((tx) => settledDisagreements(tx, co))).toEqual([]);
  });

  it('the check finds a charge whose settled amount was changed behind the triggers', async () => {
    const [charge] = await system((tx) =>
      tx
        .update(rentCharges)
        .set({ settledCents: sql`${rentCharges.settledCents} + 1` })
        .where(and(eq(rentCharges.leaseId, lease._id), eq(rentCharges.period, '2026-09')))
        .returning({ id: rentCharges.id }),
    );
    expect(await scoped((tx) => settledDisagreements(tx, co))).toEqual([
      { chargeId: charge!.id, settled: 20001, allocated: 20000 },
    ]);
  });
});
