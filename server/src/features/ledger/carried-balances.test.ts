import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@lintel/contracts';
import { queryRows, type Tx } from '../../db/client.ts';
import { accountMonthBalances, accountWholeBalances, ledgerLines } from '../../db/schema/index.ts';
import { systemTransact, transact } from '../../db/scope.ts';
import { createCompanyWithRoles, createTestApp, failure, type TestApp } from '../../test/harness.ts';
import { ledgerAccount } from './accounts.ts';
import { accountBalanceSql, readsBackwards } from './balance-sql.ts';
import { accountBalances, carriedBalanceDisagreements, postJournal } from './service.ts';

/*
 * Balances carried per account and month (migration 0016) are kept by the database as lines are
 * inserted: concurrent and backdated postings to one account, then every balance at a date read
 * through them equals the sum of the lines before it.
 */
describe('balances carried per account and month', () => {
  let t: TestApp;
  let companyId: string;
  const property = ledgerAccount.property(randomUUID());
  /** Out of order on purpose: later postings fall in earlier months, two share a month. */
  const DATES = ['2026-05-10', '2026-02-28', '2026-05-01', '2025-12-31', '2026-03-15', '2026-02-01'];

  beforeAll(async () => {
    t = await createTestApp();
    companyId = (await createCompanyWithRoles(t.app)).companyId;
  });
  afterAll(() => t.close());

  const scoped = <T>(work: (tx: Tx) => Promise<T>) => transact({ db: t.database.db, companyId }, work);
  const system = <T>(work: (tx: Tx) => Promise<T>) => systemTransact(t.database.db, work);
  const rent = (entryDate: string, amountCents: number) => (tx: Tx) =>
    postJournal(
      tx,
      { companyId },
      {
        kind: 'rent',
        description: 'Rent',
        entryDate,
        postedBy: null,
        lines: [
          { account: ledgerAccount.trustBank, currency: 'USD', amountCents },
          { account: property, currency: 'USD', amountCents: -amountCents },
        ],
      },
    );

  /** The balance before a day as it was read before issue 20: the sum of every earlier line. */
  const summedBefore = async (account: string, day: string) => {
    const [row] = await system((tx) =>
      tx
        .select({ sum: sql<string>`coalesce(sum(${ledgerLines.amountCents}), 0)` })
        .from(ledgerLines)
        .where(
          and(
            eq(ledgerLines.companyId, companyId),
            eq(ledgerLines.account, account),
            sql`${ledgerLines.entryDate} < ${day}`,
          ),
        ),
    );
    return Number(row!.sum);
  };

  it('concurrent, backdated postings to one account lose nothing', async () => {
    // Sixty transactions at once, each posting to the trust bank and the property account: on
    // PostgreSQL they overlap; every one must land in its month's carried movement.
    await Promise.all(
      Array.from({ length: 60 }, (_, index) => scoped(rent(DATES[index % DATES.length]!, 1000 + index))),
    );
    expect(await scoped((tx) => carriedBalanceDisagreements(tx, { companyId }))).toEqual([]);
    const months = await system((tx) =>
      tx
        .select({ month: accountMonthBalances.month })
        .from(accountMonthBalances)
        .where(and(eq(accountMonthBalances.companyId, companyId), eq(accountMonthBalances.account, property)))
        .orderBy(accountMonthBalances.month),
    );
    expect(months.map((row) => row.month)).toEqual(['2025-12-01', '2026-02-01', '2026-03-01', '2026-05-01']);
  });

  /** The balance as another feature's query reads it, through `accountBalanceSql`. */
  const embedded = async (account: string, cutOff: { before?: string; upTo?: string }) => {
    const balance = accountBalanceSql({
      companyId: sql`${companyId}::uuid`,
      account: sql`${account}`,
      currency: 'USD',
      ...cutOff,
    });
    const [row] = await scoped((tx) => queryRows<{ sum: string }>(tx, sql`select ${balance} as sum`));
    return Number(row!.sum);
  };

  it('reads the same balance at any date as summing every line before it', async () => {
    const days = ['2025-12-01', '2025-12-31', '2026-01-01', '2026-02-01', '2026-02-28', '2026-03-01'];
    days.push('2026-04-30', '2026-05-01', '2026-05-02', '2026-05-10', '2026-05-11', '2027-01-01');
    for (const day of days) {
      for (const account of [property, ledgerAccount.trustBank]) {
        const [carried] = await scoped((tx) =>
          accountBalances(tx, { companyId }, { accounts: [account], currency: 'USD', before: day }),
        );
        expect(carried?.balance ?? 0, `${account} before ${day}`).toBe(await summedBefore(account, day));
        expect(await embedded(account, { before: day }), `embedded, ${account} before ${day}`).toBe(
          await summedBefore(account, day),
        );
        expect(await embedded(account, { upTo: day }), `embedded, ${account} up to ${day}`).toBe(
          await summedBefore(account, addDays(day, 1)),
        );
      }
    }
    expect(await embedded(property, {})).toBe(await summedBefore(property, '9999-01-01'));
    expect(await embedded(ledgerAccount.trustBank, {})).toBe(
      await summedBefore(ledgerAccount.trustBank, '9999-01-01'),
    );
    const [upTo] = await scoped((tx) =>
      accountBalances(tx, { companyId }, { accounts: [property], currency: 'USD', upTo: '2026-02-28' }),
    );
    expect(upTo!.balance).toBe(await summedBefore(property, '2026-03-01'));
    const [whole] = await scoped((tx) => accountBalances(tx, { companyId }, { accounts: [property] }));
    expect(whole!.balance).toBe(await summedBefore(property, '9999-01-01'));
  });

  it('reads a balance at a date in this month or later backwards from the whole balance, to the same figure', async () => {
    // Lines after the cut-off are what the backward reading takes off the whole balance: one
    // later today, one in two days, and one next month.
    const today = new Date().toISOString().slice(0, 10);
    const later = [today, addDays(today, 2), addDays(today, 40)];
    for (const [index, day] of later.entries()) await scoped(rent(day, 700 + index));
    expect(readsBackwards(today)).toBe(true);
    expect(readsBackwards(addDays(today, -40))).toBe(false);
    const days = [addDays(today, -40), today, addDays(today, 1), addDays(today, 2), addDays(today, 3)];
    days.push(addDays(today, 40), addDays(today, 41));
    for (const day of days) {
      for (const account of [property, ledgerAccount.trustBank]) {
        const expected = await summedBefore(account, day);
        const [before] = await scoped((tx) =>
          accountBalances(tx, { companyId }, { accounts: [account], currency: 'USD', before: day }),
        );
        expect(before?.balance ?? 0, `${account} before ${day}`).toBe(expected);
        expect(await embedded(account, { before: day }), `embedded, ${account} before ${day}`).toBe(expected);
      }
      // The trial balance's reading: every account of the company in the currency at once.
      const every = await scoped((tx) => accountBalances(tx, { companyId }, { currency: 'USD', upTo: day }));
      expect(every.map((row) => row.account).sort()).toEqual([ledgerAccount.trustBank, property].sort());
      for (const row of every) expect(row.balance).toBe(await summedBefore(row.account, addDays(day, 1)));
    }
    expect(await scoped((tx) => carriedBalanceDisagreements(tx, { companyId }))).toEqual([]);
  });

  it('the application cannot change carried balances; the check finds a change made behind it', async () => {
    const tamper = (tx: Tx) =>
      tx
        .update(accountMonthBalances)
        .set({ movementCents: sql`${accountMonthBalances.movementCents} + 1` })
        .where(
          and(
            eq(accountMonthBalances.companyId, companyId),
            eq(accountMonthBalances.account, property),
            eq(accountMonthBalances.month, '2026-03-01'),
          ),
        );
    expect(await failure(scoped(tamper))).toMatch(/permission denied/i);
    await system(tamper);
    const found = await scoped((tx) => carriedBalanceDisagreements(tx, { companyId }));
    expect(found).toEqual([
      {
        account: property,
        currency: 'USD',
        month: '2026-03-01',
        carried: found[0]!.lines + 1,
        lines: await summedBefore(property, '2026-04-01').then(
          async (through) => through - (await summedBefore(property, '2026-03-01')),
        ),
      },
    ]);
    const tamperWhole = (tx: Tx) =>
      tx
        .update(accountWholeBalances)
        .set({ balanceCents: sql`${accountWholeBalances.balanceCents} + 5` })
        .where(
          and(eq(accountWholeBalances.companyId, companyId), eq(accountWholeBalances.account, property)),
        );
    expect(await failure(scoped(tamperWhole))).toMatch(/permission denied/i);
    await system(tamperWhole);
    const whole = await summedBefore(property, '9999-01-01');
    expect((await scoped((tx) => carriedBalanceDisagreements(tx, { companyId }))).slice(1)).toEqual([
      { account: property, currency: 'USD', month: null, carried: whole + 5, lines: whole },
    ]);
  });
});
