import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, DueToAgency, FeeTransfer, Payment } from '@lintel/contracts';
import { financeSettings, ledgerLines } from '../../db/schema/index.ts';
import { createCompanyWithRoles, createTestApp, expectStatus, type TestApp } from '../../test/harness.ts';
import {
  caller,
  createLetProperty,
  readTrialBalance,
  recordPayment,
  rentBody,
  setFinanceSettings,
  type Company,
} from '../../test/money-fixtures.ts';
import { readReport } from '../../test/report-fixtures.ts';
import { todayIso } from '../leases/index.ts';
import { isTransferDay, runScheduledTransfers } from './service.ts';

describe('fee transfers: the agency money leaves trust', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
  });
  afterAll(() => t.close());

  const today = todayIso();

  async function newCompany() {
    const co = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, co);
    return co;
  }
  const due = async (co: Company) =>
    (expectStatus(await call(co.accountant, 'GET', '/api/ledger/due-to-agency'), 200).data as unknown[]).map(
      (row) => DueToAgency.parse(row),
    );
  const transfer = async (co: Company, body: Record<string, unknown> = {}) =>
    call(co.accountant, 'POST', '/api/ledger/transfers', body);
  const trustRows = async (co: Company) => {
    const report = await readReport(t, co.accountant, 'trust-reconciliation');
    return Object.fromEntries(
      [...report.rows, ...report.closingRows].map((row) => [String(row.key), Number(row.amount)]),
    );
  };
  const linesOf = (co: Company, journalId: string) =>
    t.database.db
      .select({ account: ledgerLines.account, book: ledgerLines.book, amount: ledgerLines.amountCents })
      .from(ledgerLines)
      .where(and(eq(ledgerLines.companyId, co.companyId), eq(ledgerLines.journalId, journalId)));

  it('problem 1: commission and VAT wait in trust due to the agency, and a transfer moves all of it to the business bank', async () => {
    const co = await newCompany();
    const { lease } = await createLetProperty(t, co);
    // C 100.00 + VAT 15.00 of 1,000.00 rent, and C 50.00 + VAT 7.50 of 500.00.
    await recordPayment(t, co.accountant, rentBody(lease, 100000, { paymentDate: addDays(today, -40) }));
    await recordPayment(t, co.accountant, rentBody(lease, 50000, { paymentDate: addDays(today, -3) }));
    const before = await trustRows(co);
    expect(before).toMatchObject({ owners: 132750, clientMoney: 132750, dueToAgency: 17250, difference: 0 });
    expect(before.trustBank).toBe(150000);
    const [usd] = await due(co);
    expect(usd).toEqual({
      currency: 'USD',
      amount: 17250,
      since: addDays(today, -40),
      ageDays: 40,
      limitDays: 31,
      overdue: true,
    });

    const made = (expectStatus(await transfer(co), 201).data as unknown[]).map((row) =>
      FeeTransfer.parse(row),
    );
    expect(made).toEqual([
      {
        journalId: expect.any(String),
        currency: 'USD',
        amount: 17250,
        reference: 'FT-000001',
        date: today,
        postedBy: co.accountant.user._id,
      },
    ]);
    // One event, two books: trust out, business in.
    expect(new Set((await linesOf(co, made[0]!.journalId)).map((line) => line.book))).toEqual(
      new Set(['trust']),
    );
    const after = await trustRows(co);
    expect(after).toMatchObject({ dueToAgency: 0, clientMoney: 132750, trustBank: 132750, difference: 0 });
    const balance = await readTrialBalance(t, co);
    expect(balance.books.map((book) => book.total)).toEqual([0, 0]);
    const business = Object.fromEntries(
      balance.books[1]!.accounts.map((account) => [account.account, account.balance]),
    );
    expect(business['business:bank']).toBe(17250);
    expect(business['business:due-from-trust'] ?? 0).toBe(0);
    expect((await due(co))[0]).toMatchObject({ amount: 0, since: null, overdue: false });

    const again = expectStatus(await transfer(co), 422);
    expect(again.code).toBe('NOTHING_DUE');
    const listed = expectStatus(await call(co.admin, 'GET', '/api/ledger/transfers'), 200);
    expect(listed.data).toEqual([made[0]]);
  });

  it('names its reference when given, moves only what was due by its date, and refuses the future', async () => {
    const co = await newCompany();
    const { lease } = await createLetProperty(t, co, { agent: null });
    await recordPayment(t, co.accountant, rentBody(lease, 100000, { paymentDate: addDays(today, -10) }));
    await recordPayment(t, co.accountant, rentBody(lease, 100000, { paymentDate: today }));
    expect(expectStatus(await transfer(co, { date: addDays(today, 1) }), 422).code).toBe('FUTURE_DATE');
    const [first] = expectStatus(
      await transfer(co, { currency: 'USD', reference: 'BANK-77', date: addDays(today, -1) }),
      201,
    ).data as FeeTransfer[];
    expect(first).toMatchObject({ amount: 11500, reference: 'BANK-77', date: addDays(today, -1) });
    expect((await due(co))[0]).toMatchObject({ amount: 11500, since: today, ageDays: 0, overdue: false });
  });

  it('after a payment is reversed once its commission left trust, the agency repays trust', async () => {
    const co = await newCompany();
    const { lease } = await createLetProperty(t, co);
    const payment = await recordPayment(t, co.accountant, rentBody(lease, 100000, { paymentDate: today }));
    expectStatus(await transfer(co), 201);
    expectStatus(
      await call(co.accountant, 'POST', `/api/payments/${Payment.parse(payment)._id}/reverse`, {
        reason: 'Bounced',
      }),
      200,
    );
    const [owed] = await due(co);
    expect(owed).toMatchObject({ amount: -11500, overdue: true });
    expect((await trustRows(co)).dueToAgency).toBe(-11500);
    const [repaid] = expectStatus(await transfer(co), 201).data as FeeTransfer[];
    expect(repaid!.amount).toBe(-11500);
    expect((await trustRows(co)).dueToAgency).toBe(0);
    const balance = await readTrialBalance(t, co);
    expect(balance.trustBank).toBe(balance.clientMoney);
    expect(balance.books.map((book) => book.total)).toEqual([0, 0]);
  });

  it('problem 2: an agent is paid from the business bank, and the agent accounts tie to the business book', async () => {
    const co = await newCompany();
    const { lease } = await createLetProperty(t, co);
    await recordPayment(t, co.accountant, rentBody(lease, 100000, { paymentDate: today }));
    const payout = expectStatus(
      await call(co.accountant, 'POST', '/api/payouts', {
        accountType: 'agent',
        accountId: co.agent.user._id,
        amount: 4000,
        currency: 'USD',
        method: 'bank_transfer',
      }),
      201,
    ).data as { journalId: string };
    expect(await linesOf(co, payout.journalId)).toEqual([
      { account: `agent:${co.agent.user._id}`, book: 'business', amount: 4000 },
      { account: 'business:bank', book: 'business', amount: -4000 },
    ]);
    const agents = expectStatus(await call(co.accountant, 'GET', '/api/accounts/agents?currency=USD'), 200)
      .data as { agentId: string; earned: number; paid: number; owed: number }[];
    expect(agents.find((row) => row.agentId === co.agent.user._id)).toMatchObject({
      earned: 6000,
      paid: 4000,
      owed: 2000,
    });
    const business = (await readTrialBalance(t, co)).books[1]!.accounts;
    expect(business.find((row) => row.account === `agent:${co.agent.user._id}`)?.balance).toBe(-2000);
    // Trust holds the agent's share as part of what is due to the agency, not as the agent's.
    expect((await trustRows(co)).dueToAgency).toBe(11500);
  });

  it('only the accountant transfers; admins read', async () => {
    const co = await newCompany();
    expectStatus(await call(co.admin, 'POST', '/api/ledger/transfers', {}), 403);
    expectStatus(await call(co.agent, 'GET', '/api/ledger/due-to-agency'), 403);
    expectStatus(await call(co.admin, 'GET', '/api/ledger/due-to-agency'), 200);
    expect(expectStatus(await transfer(co), 422).code).toBe('NOTHING_DUE');
  });

  it('a schedule falls due daily, a week after the last, or in a new month', () => {
    expect(isTransferDay('off', null, '2026-11-26')).toBe(false);
    expect(isTransferDay('daily', null, '2026-11-26')).toBe(true);
    expect(isTransferDay('daily', '2026-11-26', '2026-11-26')).toBe(false);
    expect(isTransferDay('daily', '2026-11-25', '2026-11-26')).toBe(true);
    expect(isTransferDay('weekly', '2026-11-20', '2026-11-26')).toBe(false);
    expect(isTransferDay('weekly', '2026-11-19', '2026-11-26')).toBe(true);
    expect(isTransferDay('monthly', '2026-11-01', '2026-11-30')).toBe(false);
    expect(isTransferDay('monthly', '2026-11-30', '2026-12-01')).toBe(true);
  });

  it('the scheduled job transfers once on its day, posted by no one, and not again that day', async () => {
    const co = await newCompany();
    await setFinanceSettings(t, co, { transferSchedule: 'weekly' });
    const { lease } = await createLetProperty(t, co, { agent: null });
    await recordPayment(t, co.accountant, rentBody(lease, 100000, { paymentDate: today }));
    await runScheduledTransfers(t.database.db, today, [co.companyId]);
    expect((await due(co))[0]!.amount).toBe(0);
    const [made] = expectStatus(await call(co.accountant, 'GET', '/api/ledger/transfers'), 200)
      .data as FeeTransfer[];
    expect(made).toMatchObject({ amount: 11500, postedBy: null, date: today });
    const [settings] = await t.database.db
      .select()
      .from(financeSettings)
      .where(eq(financeSettings.companyId, co.companyId));
    expect(settings!.lastScheduledTransfer).toBe(today);
    await recordPayment(t, co.accountant, rentBody(lease, 100000, { paymentDate: today }));
    await runScheduledTransfers(t.database.db, today, [co.companyId]);
    expect((await due(co))[0]!.amount).toBe(11500);
    await runScheduledTransfers(t.database.db, addDays(today, 7), [co.companyId]);
    expect((await due(co))[0]!.amount).toBe(0);
  });
});
