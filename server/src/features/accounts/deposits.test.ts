import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  DepositBalance,
  DepositInterest,
  DepositRelease,
  Lease,
  Statement,
} from '@lintel/contracts';
import { ledgerLines } from '../../db/schema/index.ts';
import { createCompanyWithRoles, createTestApp, expectStatus, type TestApp } from '../../test/harness.ts';
import {
  caller,
  createLetProperty,
  readPropertyAccount,
  readTrialBalance,
  recordPayment,
  rentBody,
  setFinanceSettings,
  terminateLease,
  type Company,
} from '../../test/money-fixtures.ts';
import { readReport } from '../../test/report-fixtures.ts';
import { todayIso } from '../leases/index.ts';
import { depositBalanceDays, largestRemainder } from './service.ts';

describe('deposits follow the tenancy', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  const today = todayIso();

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
  });
  afterAll(() => t.close());

  async function company(): Promise<Company> {
    const co = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, co);
    return co;
  }
  const held = async (co: Company, leaseId: string) =>
    DepositBalance.array()
      .parse(expectStatus(await call(co.accountant, 'GET', `/api/leases/${leaseId}/deposit`), 200).data)
      .reduce((sum, row) => sum + row.held, 0);
  const readLease = async (co: Company, leaseId: string) =>
    Lease.parse(expectStatus(await call(co.accountant, 'GET', `/api/leases/${leaseId}`), 200).data);
  const release = (co: Company, leaseId: string, body: Record<string, unknown>) =>
    call(co.accountant, 'POST', `/api/leases/${leaseId}/deposit/release`, { currency: 'USD', ...body });
  const depositsInLedger = async (co: Company) =>
    -(await readTrialBalance(t, co)).accounts
      .filter((row) => row.account.startsWith('deposits:'))
      .reduce((sum, row) => sum + row.balance, 0);

  it('a renewal taking over carries the deposit, which is then released only from the last lease', async () => {
    const co = await company();
    const { property, lease } = await createLetProperty(t, co, {
      deposit: 200000,
      startDate: '2025-01-01',
      endDate: '2026-12-31',
    });
    await recordPayment(t, co.accountant, { ...rentBody(lease, 200000), type: 'deposit' });
    expect((await readLease(co, lease._id)).depositHeld).toBe(true);

    const renewal = Lease.parse(
      expectStatus(
        await call(co.admin, 'POST', `/api/leases/${lease._id}/renew`, { endDate: '2027-12-31' }),
        201,
      ).data,
    );
    // The renewal is a draft: the deposit stays where it is, and the tenancy goes on.
    expect(await held(co, lease._id)).toBe(200000);
    expect((await readLease(co, renewal._id)).depositHeld).toBe(false);
    expect(expectStatus(await release(co, lease._id, { toTenant: 1000 }), 422).code).toBe(
      'DEPOSIT_FOLLOWS_RENEWAL',
    );

    // The old lease ends: the renewal takes over and the deposit moves to it, in one trust journal.
    await terminateLease(t, co, lease._id);
    expect((await readLease(co, renewal._id)).status).toBe('active');
    expect(await held(co, lease._id)).toBe(0);
    expect(await held(co, renewal._id)).toBe(200000);
    expect((await readLease(co, lease._id)).depositHeld).toBe(false);
    expect((await readLease(co, renewal._id)).depositHeld).toBe(true);
    const transfer = await t.database.db
      .select({ account: ledgerLines.account, amount: ledgerLines.amountCents, date: ledgerLines.entryDate })
      .from(ledgerLines)
      .where(eq(ledgerLines.kind, 'deposit_transfer'))
      .orderBy(asc(ledgerLines.seq));
    expect(
      transfer.filter((line) => line.account.endsWith(lease._id) || line.account.endsWith(renewal._id)),
    ).toEqual([
      { account: `deposits:${lease._id}`, amount: 200000, date: today },
      { account: `deposits:${renewal._id}`, amount: -200000, date: today },
    ]);

    // Held once, on the lease in force: the rent roll's deposits are the ledger's.
    const roll = await readReport(t, co.accountant, 'rent-roll', { to: '2027-01-15', currency: 'USD' });
    const rolled = roll.rows.reduce((sum, row) => sum + Number(row.depositHeld), 0);
    expect(rolled).toBe(200000);
    expect(rolled).toBe(await depositsInLedger(co));

    // A deposit paid on the old lease now is refused; the old lease has nothing to release.
    const late = await call(
      co.accountant,
      'POST',
      '/api/payments',
      { ...rentBody(lease, 5000), type: 'deposit' },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(expectStatus(late, 422).code).toBe('DEPOSIT_FOLLOWS_RENEWAL');
    expect(expectStatus(await release(co, lease._id, { toTenant: 1000 }), 422).code).toBe(
      'DEPOSIT_FOLLOWS_RENEWAL',
    );
    // Nor from the renewal while it runs.
    expect(expectStatus(await release(co, renewal._id, { toTenant: 1000 }), 422).code).toBe(
      'LEASE_NOT_ENDED',
    );

    // The tenancy ends: deductions to the owner and to a supplier, and the refund, a line each.
    await terminateLease(t, co, renewal._id);
    const future = await release(co, renewal._id, { toTenant: 1000, releaseDate: addDays(today, 1) });
    expect(expectStatus(future, 422).code).toBe('INVALID_RELEASE_DATE');
    const early = await release(co, renewal._id, { toTenant: 1000, releaseDate: '2024-12-31' });
    expect(expectStatus(early, 422).code).toBe('INVALID_RELEASE_DATE');
    const tooMuch = await release(co, renewal._id, {
      toTenant: 190000,
      deductions: [{ to: 'owner', amount: 10001, description: 'Carpet' }],
    });
    expect(expectStatus(tooMuch, 422).code).toBe('INSUFFICIENT_BALANCE');
    const settleDate = addDays(today, -3);
    const released = DepositRelease.parse(
      expectStatus(
        await release(co, renewal._id, {
          releaseDate: settleDate,
          reason: 'Tenant moved out',
          deductions: [
            { to: 'owner', amount: 30000, description: 'Burnt carpet replaced' },
            { to: 'supplier', supplier: 'CleanCo', amount: 20000, description: 'End-of-lease clean' },
          ],
          toTenant: 140000,
        }),
        200,
      ).data,
    );
    expect(released).toMatchObject({
      leaseId: renewal._id,
      currency: 'USD',
      held: 10000,
      released: 190000,
      releaseDate: settleDate,
      lines: [
        { to: 'owner', supplier: null, description: 'Burnt carpet replaced', amount: 30000 },
        { to: 'supplier', supplier: 'CleanCo', description: 'End-of-lease clean', amount: 20000 },
        { to: 'tenant', supplier: null, description: 'Refund to the tenant', amount: 140000 },
      ],
    });
    const journal = await t.database.db
      .select({ account: ledgerLines.account, amount: ledgerLines.amountCents, date: ledgerLines.entryDate })
      .from(ledgerLines)
      .where(eq(ledgerLines.journalId, released.journalId))
      .orderBy(asc(ledgerLines.seq));
    expect(journal).toEqual([
      { account: `deposits:${renewal._id}`, amount: 190000, date: settleDate },
      { account: `property:${property._id}`, amount: -30000, date: settleDate },
      { account: 'trust:bank', amount: -20000, date: settleDate },
      { account: 'trust:bank', amount: -140000, date: settleDate },
    ]);
    expect(await held(co, renewal._id)).toBe(10000);
    expect((await readPropertyAccount(t, co.accountant, property._id)).balance).toBe(30000);
    expect(await depositsInLedger(co)).toBe(10000);
    // The older form still works: the rest to the tenant.
    const rest = await release(co, renewal._id, { toTenant: 10000, reason: 'Balance' });
    expect(DepositRelease.parse(expectStatus(rest, 200).data).held).toBe(0);
    expect((await readLease(co, renewal._id)).depositHeld).toBe(false);
  });

  it('shares interest by balance × days to the cent, and the deposit statement shows it', async () => {
    const co = await company();
    const a = await createLetProperty(t, co, { deposit: 100000 });
    const b = await createLetProperty(t, co, { deposit: 300000 });
    await recordPayment(t, co.accountant, {
      ...rentBody(a.lease, 100000, { paymentDate: '2026-10-01' }),
      type: 'deposit',
    });
    await recordPayment(t, co.accountant, {
      ...rentBody(b.lease, 300000, { paymentDate: '2026-10-16' }),
      type: 'deposit',
    });
    const interest = (body: Record<string, unknown>) =>
      call(co.accountant, 'POST', '/api/ledger/deposit-interest', { currency: 'USD', ...body });
    expect(
      expectStatus(await interest({ amount: 1000, from: '2025-01-01', to: '2025-01-31' }), 422).code,
    ).toBe('NO_DEPOSITS_HELD');
    expect(
      expectStatus(
        await call(co.admin, 'POST', '/api/ledger/deposit-interest', {
          currency: 'USD',
          amount: 1000,
          from: '2026-10-01',
          to: '2026-10-31',
        }),
        403,
      ).code,
    ).toBeDefined();
    // A: 1,000.00 × 31 days = 3,100,000; B: 3,000.00 × 16 days (16th to 31st) = 4,800,000.
    // 10.00 × 31/79 = 3.924… and × 48/79 = 6.075…: floors 3.92 + 6.07, the cent left to B's larger remainder.
    const recorded = DepositInterest.parse(
      expectStatus(
        await interest({ amount: 1000, from: '2026-10-01', to: '2026-10-31', date: '2026-11-02' }),
        201,
      ).data,
    );
    const shareOf = (leaseId: string) => recorded.shares.find((share) => share.leaseId === leaseId);
    expect(shareOf(a.lease._id)).toEqual({ leaseId: a.lease._id, balanceDays: 3100000, amount: 392 });
    expect(shareOf(b.lease._id)).toEqual({ leaseId: b.lease._id, balanceDays: 4800000, amount: 608 });
    expect(await held(co, a.lease._id)).toBe(100392);
    expect(await held(co, b.lease._id)).toBe(300608);
    const trial = await readTrialBalance(t, co);
    expect(trial.books.every((book) => book.total === 0)).toBe(true);

    const statement = Statement.parse(
      expectStatus(
        await call(
          co.owner,
          'GET',
          `/api/leases/${a.lease._id}/deposit/statement?from=2026-10-01&to=2026-11-30&currency=USD`,
        ),
        404,
      ).code
        ? expectStatus(
            await call(
              co.accountant,
              'GET',
              `/api/leases/${a.lease._id}/deposit/statement?from=2026-10-01&to=2026-11-30&currency=USD`,
            ),
            200,
          ).data
        : null,
    );
    expect(statement).toMatchObject({
      title: 'Deposit statement',
      subject: a.tenant.name,
      openingBalance: 0,
      moneyIn: 100392,
      moneyOut: 0,
      closingBalance: 100392,
    });
    expect(statement.lines.map((line) => [line.date, line.kind, line.amount, line.balance])).toEqual([
      ['2026-10-01', 'payment_deposit', 100000, 100000],
      ['2026-11-02', 'deposit_interest', 392, 100392],
    ]);
    const csv = await call(
      co.accountant,
      'GET',
      `/api/leases/${a.lease._id}/deposit/statement?from=2026-10-01&to=2026-11-30&currency=USD&format=csv`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Interest on deposits');
  });

  it('balance × days and largest remainder, worked by hand', () => {
    expect(
      depositBalanceDays(
        [
          { account: 'deposits:a', day: '2026-10-01', change: -100 },
          { account: 'deposits:a', day: '2026-10-11', change: 40 },
          { account: 'deposits:b', day: '2026-10-31', change: -50 },
          { account: 'deposits:c', day: '2026-10-01', change: -10 },
          { account: 'deposits:c', day: '2026-10-02', change: 10 },
        ],
        { from: '2026-10-01', to: '2026-10-31' },
      ),
    ).toEqual(
      new Map([
        ['deposits:a', 100 * 10 + 60 * 21],
        ['deposits:b', 50],
        ['deposits:c', 10],
      ]),
    );
    expect(largestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(largestRemainder(10, [1, 2])).toEqual([3, 7]);
    expect(largestRemainder(1, [3, 5])).toEqual([0, 1]);
  });
});
