import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AgentAccount,
  DueToAgency,
  FeeTransfer,
  NOTHING_DUE,
  Payout,
  VatPayment,
  VatRate,
  VatReport,
} from '@lintel/contracts';
import { journals, ledgerLines } from '../../db/schema/index.ts';
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
import { transact } from '../../db/scope.ts';
import { runScheduledTransfers, scheduleDue } from './index.ts';
import { oldestUnpaidDay } from './service.ts';

// At 10% commission and 15% VAT on it, rent of 1,000.00 leaves 100.00 commission and 15.00 VAT
// due to the agency (the agent's 60.00 of the commission is paid from the business bank).
const RENT = 100000;
const DUE = 11500;
const TODAY = new Date().toISOString().slice(0, 10);

describe('fee transfers, due to the agency, VAT', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
  });
  afterAll(() => t.close());

  const newCompany = async (settings: Record<string, unknown> = {}) => {
    const co = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, co, settings);
    return co;
  };
  const dueOf = async (co: Company, currency = 'USD') => {
    const rows = DueToAgency.array().parse(
      expectStatus(await call(co.accountant, 'GET', '/api/ledger/due-to-agency'), 200).data,
    );
    return rows.find((row) => row.currency === currency)!;
  };
  const transfer = (co: Company, body: Record<string, unknown> = {}) =>
    call(co.accountant, 'POST', '/api/ledger/transfers', body);
  const linesOf = (journalId: string) =>
    t.database.db
      .select({ account: ledgerLines.account, amount: ledgerLines.amountCents, book: ledgerLines.book })
      .from(ledgerLines)
      .where(eq(ledgerLines.journalId, journalId));
  const pairOf = async (journalId: string) => {
    const linked = await t.database.db.select().from(journals).where(eq(journals.linkedId, journalId));
    expect(linked).toHaveLength(1);
    return [...(await linesOf(journalId)), ...(await linesOf(linked[0]!.id))];
  };

  it('shows what is due and since when, moves it all to the business bank, and trust then owes the agency nothing', async () => {
    const co = await newCompany();
    const { lease } = await createLetProperty(t, co, { rent: RENT, startDate: '2026-09-01' });
    await recordPayment(t, co.accountant, rentBody(lease, RENT, { paymentDate: '2026-10-01' }));
    await recordPayment(t, co.accountant, rentBody(lease, RENT, { paymentDate: '2026-11-02' }));
    const due = await dueOf(co);
    const age = Math.round((Date.parse(TODAY) - Date.parse('2026-10-01')) / 86_400_000);
    expect(due).toEqual({
      currency: 'USD',
      amount: 2 * DUE,
      since: '2026-10-01',
      ageDays: age,
      limitDays: 31,
      overdue: age > 31,
    });
    // Agents and owners cannot see it; accountants only make transfers.
    expectStatus(await call(co.agent, 'GET', '/api/ledger/due-to-agency'), 403);
    expectStatus(await transfer(co).then((r) => r), 201);
    // (the admin's view)
    const adminView = DueToAgency.array().parse(
      expectStatus(await call(co.admin, 'GET', '/api/ledger/due-to-agency'), 200).data,
    );
    expect(adminView.find((row) => row.currency === 'USD')).toMatchObject({
      amount: 0,
      since: null,
      overdue: false,
    });
    const [made] = FeeTransfer.array().parse(
      expectStatus(await call(co.accountant, 'GET', '/api/ledger/transfers'), 200).data,
    );
    expect(made).toMatchObject({
      currency: 'USD',
      amount: 2 * DUE,
      direction: 'to_business',
      reference: 'FT-000001',
      date: TODAY,
      postedBy: co.accountant.user._id,
      postedByName: `${co.accountant.user.firstName} ${co.accountant.user.lastName}`.trim(),
    });
    expect((await pairOf(made!.journalId)).sort((a, b) => a.account.localeCompare(b.account))).toEqual([
      { account: 'business:bank', amount: 2 * DUE, book: 'business' },
      { account: 'business:due-from-trust', amount: -2 * DUE, book: 'business' },
      { account: 'trust:bank', amount: -2 * DUE, book: 'trust' },
      { account: 'trust:due-to-agency', amount: 2 * DUE, book: 'trust' },
    ]);
    const reconciliation = await readReport(t, co.accountant, 'trust-reconciliation');
    expect(reconciliation.rows.find((row) => row.key === 'dueToAgency')?.amount ?? 0).toBe(0);
    expect(reconciliation.closingRows.find((row) => row.key === 'difference')?.amount).toBe(0);
    const trial = await readTrialBalance(t, co);
    expect(trial.dueToAgency).toBe(0);
    // Nothing left: a second transfer is refused.
    const again = expectStatus(await transfer(co), 422);
    expect(again.message).toBe(NOTHING_DUE);
    const audit = expectStatus(await call(co.admin, 'GET', '/api/audit?action=fee_transfer.created'), 200);
    expect(JSON.stringify(audit.data)).toContain(made!.journalId);
  });

  it('moves only what was due as of its date, with the reference given, and refuses a future date', async () => {
    const co = await newCompany();
    const { lease } = await createLetProperty(t, co, { rent: RENT, startDate: '2026-09-01' });
    await recordPayment(t, co.accountant, rentBody(lease, RENT, { paymentDate: '2026-10-01' }));
    await recordPayment(t, co.accountant, rentBody(lease, RENT, { paymentDate: '2026-11-02' }));
    expectStatus(await transfer(co, { date: '2099-01-01' }), 422);
    expectStatus(await transfer(co, { currency: 'ZWG' }), 422);
    const [made] = FeeTransfer.array().parse(
      expectStatus(await transfer(co, { date: '2026-10-15', reference: 'BANK-7' }), 201).data,
    );
    expect(made).toMatchObject({ amount: DUE, reference: 'BANK-7', date: '2026-10-15' });
    // The October money left; November's is still due, and has waited since November.
    expect(await dueOf(co)).toMatchObject({ amount: DUE, since: '2026-11-02' });
  });

  it('goes the other way when a payment is reversed after its fees left trust: the business repays trust', async () => {
    const co = await newCompany();
    const { lease } = await createLetProperty(t, co, { rent: RENT, startDate: '2026-09-01' });
    const payment = await recordPayment(
      t,
      co.accountant,
      rentBody(lease, RENT, { paymentDate: '2026-11-02' }),
    );
    expectStatus(await transfer(co), 201);
    expectStatus(
      await call(co.accountant, 'POST', `/api/payments/${payment._id}/reverse`, { reason: 'Cheque bounced' }),
      200,
    );
    expect(await dueOf(co)).toMatchObject({ amount: -DUE, since: null, overdue: false });
    const [back] = FeeTransfer.array().parse(expectStatus(await transfer(co), 201).data);
    expect(back).toMatchObject({ amount: DUE, direction: 'to_trust', reference: 'FT-000002' });
    expect((await pairOf(back!.journalId)).find((line) => line.account === 'trust:bank')?.amount).toBe(DUE);
    expect((await dueOf(co)).amount).toBe(0);
    const trial = await readTrialBalance(t, co);
    expect(trial.dueToAgency).toBe(0);
  });

  it('ages what is due by the oldest credit still unpaid: reversals and transfers pay the oldest first', async () => {
    const co = await newCompany();
    const { lease } = await createLetProperty(t, co, { rent: RENT, startDate: '2026-08-01' });
    const paid = [];
    for (const paymentDate of ['2026-08-03', '2026-09-03', '2026-10-03', '2026-11-03'])
      paid.push(await recordPayment(t, co.accountant, rentBody(lease, RENT, { paymentDate })));
    expectStatus(await transfer(co, { date: '2026-09-10' }), 201);
    expect(await dueOf(co)).toMatchObject({ amount: 2 * DUE, since: '2026-10-03' });
    // October's receipt reversed: its fees leave the account and pay off the oldest still due.
    expectStatus(
      await call(co.accountant, 'POST', `/api/payments/${paid[2]!._id}/reverse`, {
        reason: 'Cheque bounced',
      }),
      200,
    );
    expect(await dueOf(co)).toMatchObject({ amount: DUE, since: '2026-11-03' });
    // Read back one credit at a time, the same day is found for what the newest two add up to.
    const scope = { db: t.database.db, companyId: co.companyId };
    const day = await transact(scope, (tx) => oldestUnpaidDay(tx, scope, 'USD', TODAY, 2 * DUE, 1));
    expect(day).toBe('2026-10-03');
  });

  it("flags money left due longer than the company's limit", async () => {
    const co = await newCompany({ transferLimitDays: 10 });
    const { lease } = await createLetProperty(t, co, { rent: RENT, startDate: '2026-01-01' });
    await recordPayment(t, co.accountant, rentBody(lease, RENT, { paymentDate: '2026-01-05' }));
    expect(await dueOf(co)).toMatchObject({ amount: DUE, since: '2026-01-05', limitDays: 10, overdue: true });
  });

  it('runs each company’s schedule once when due, posted by nobody', async () => {
    expect(scheduleDue('daily', null, '2026-11-05')).toBe(true);
    expect(scheduleDue('daily', '2026-11-05', '2026-11-05')).toBe(false);
    expect(scheduleDue('weekly', '2026-11-05', '2026-11-11')).toBe(false);
    expect(scheduleDue('weekly', '2026-11-05', '2026-11-12')).toBe(true);
    expect(scheduleDue('monthly', '2026-11-30', '2026-11-30')).toBe(false);
    expect(scheduleDue('monthly', '2026-10-31', '2026-11-01')).toBe(true);
    expect(scheduleDue('monthly', '2026-11-01', '2026-11-30')).toBe(false);
    expect(scheduleDue('off', '2026-01-01', '2026-11-30')).toBe(false);

    const co = await newCompany({ transferSchedule: 'weekly' });
    const { lease } = await createLetProperty(t, co, { rent: RENT, startDate: '2026-09-01' });
    await recordPayment(t, co.accountant, rentBody(lease, RENT, { paymentDate: '2026-11-01' }));
    const transfers = async () =>
      FeeTransfer.array().parse(
        expectStatus(await call(co.accountant, 'GET', '/api/ledger/transfers'), 200).data,
      );
    // First sight starts the week; a week later it runs; the same day again, or days later, not.
    await runScheduledTransfers(t.database.db, '2026-11-05', [co.companyId]);
    expect(await transfers()).toEqual([]);
    await runScheduledTransfers(t.database.db, '2026-11-12', [co.companyId]);
    await runScheduledTransfers(t.database.db, '2026-11-12', [co.companyId]);
    await runScheduledTransfers(t.database.db, '2026-11-18', [co.companyId]);
    const made = await transfers();
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      amount: DUE,
      date: '2026-11-12',
      postedBy: null,
      postedByName: null,
      direction: 'to_business',
    });
    expect((await dueOf(co)).amount).toBe(0);
  });

  it('pays agents from the business bank, and agent accounts tie to the business book', async () => {
    const co = await newCompany();
    const { lease } = await createLetProperty(t, co, { rent: RENT, startDate: '2026-09-01' });
    await recordPayment(t, co.accountant, rentBody(lease, RENT, { paymentDate: '2026-11-02' }));
    const payout = Payout.parse(
      expectStatus(
        await call(co.accountant, 'POST', '/api/payouts', {
          accountType: 'agent',
          accountId: co.agent.user._id,
          amount: 4000,
          currency: 'USD',
          method: 'bank_transfer',
        }),
        201,
      ).data,
    );
    const lines = await linesOf(payout.journalId);
    expect(lines.sort((a, b) => a.account.localeCompare(b.account))).toEqual([
      { account: `agent:${co.agent.user._id}`, amount: 4000, book: 'business' },
      { account: 'business:bank', amount: -4000, book: 'business' },
    ]);
    expect(
      await t.database.db.select().from(journals).where(eq(journals.linkedId, payout.journalId)),
    ).toEqual([]);
    const [account] = AgentAccount.array().parse(
      expectStatus(await call(co.accountant, 'GET', '/api/accounts/agents?currency=USD'), 200).data,
    );
    expect(account).toMatchObject({ agentId: co.agent.user._id, earned: 6000, paid: 4000, owed: 2000 });
    const agentLines = await t.database.db
      .select({ amount: ledgerLines.amountCents, book: ledgerLines.book })
      .from(ledgerLines)
      .where(
        and(eq(ledgerLines.companyId, co.companyId), eq(ledgerLines.account, `agent:${co.agent.user._id}`)),
      );
    expect(agentLines.every((line) => line.book === 'business')).toBe(true);
    expect(-agentLines.reduce((sum, line) => sum + line.amount, 0)).toBe(account!.owed);
    const business = (await readTrialBalance(t, co)).books.find((book) => book.book === 'business')!;
    expect(business.total).toBe(0);
    expect(business.accounts.find((row) => row.account === `agent:${co.agent.user._id}`)?.balance).toBe(
      -2000,
    );
  });

  it('reports output VAT by receipt, records VAT paid, and refuses more than is owed', async () => {
    const co = await newCompany();
    const { lease } = await createLetProperty(t, co, { rent: RENT, startDate: '2026-09-01' });
    const october = await recordPayment(
      t,
      co.accountant,
      rentBody(lease, RENT, { paymentDate: '2026-10-20' }),
    );
    const november = await recordPayment(
      t,
      co.accountant,
      rentBody(lease, RENT, { paymentDate: '2026-11-02' }),
    );
    const report = async (from: string, to: string) =>
      VatReport.parse(
        expectStatus(
          await call(co.accountant, 'GET', `/api/ledger/vat?from=${from}&to=${to}&currency=USD`),
          200,
        ).data,
      );
    const nov = await report('2026-11-01', '2026-11-30');
    expect(nov).toMatchObject({ openingOwed: 1500, outputVat: 1500, paid: 0, closingOwed: 3000 });
    expect(nov.bySource).toEqual({ receipt: 1500, invoice: 0, other: 0 });
    expect(nov.lines).toEqual([
      expect.objectContaining({
        source: 'receipt',
        reference: november.receiptNumber,
        amount: 1500,
        date: '2026-11-02',
      }),
    ]);
    expect(october.receiptNumber).not.toBe(november.receiptNumber);
    expectStatus(
      await call(co.agent, 'GET', '/api/ledger/vat?from=2026-11-01&to=2026-11-30&currency=USD'),
      403,
    );

    const tooMuch = expectStatus(
      await call(co.accountant, 'POST', '/api/ledger/vat-payments', { amount: 3001, currency: 'USD' }),
      422,
    );
    expect(tooMuch.code).toBe('MORE_THAN_OWED');
    expectStatus(
      await call(co.admin, 'POST', '/api/ledger/vat-payments', { amount: 100, currency: 'USD' }),
      403,
    );
    const paid = VatPayment.parse(
      expectStatus(
        await call(co.accountant, 'POST', '/api/ledger/vat-payments', {
          amount: 2000,
          currency: 'USD',
          date: '2026-11-10',
          reference: 'ZIMRA-1',
          period: '2026-10',
        }),
        201,
      ).data,
    );
    expect(paid).toMatchObject({ amount: 2000, owedAfter: 1000, period: '2026-10', reference: 'ZIMRA-1' });
    expect((await linesOf(paid.journalId)).sort((a, b) => a.account.localeCompare(b.account))).toEqual([
      { account: 'business:bank', amount: -2000, book: 'business' },
      { account: 'business:vat-payable', amount: 2000, book: 'business' },
    ]);
    const after = await report('2026-11-01', '2026-11-30');
    expect(after).toMatchObject({ openingOwed: 1500, outputVat: 1500, paid: 2000, closingOwed: 1000 });
    expect(after.payments).toEqual([expect.objectContaining({ amount: 2000, reference: 'ZIMRA-1' })]);
  });

  it('takes the VAT rate in force on the payment date; a change leaves earlier payments alone', async () => {
    const co = await newCompany();
    const { lease } = await createLetProperty(t, co, { rent: RENT, startDate: '2026-09-01' });
    const earlier = await recordPayment(
      t,
      co.accountant,
      rentBody(lease, RENT, { paymentDate: '2026-11-10' }),
    );
    await setFinanceSettings(t, co, { vatRateBp: 2000, vatRateEffectiveFrom: '2026-11-15' });
    const before = await recordPayment(
      t,
      co.accountant,
      rentBody(lease, RENT, { paymentDate: '2026-11-14' }),
    );
    const after = await recordPayment(t, co.accountant, rentBody(lease, RENT, { paymentDate: '2026-11-15' }));
    expect([earlier.split.vat, before.split.vat, after.split.vat]).toEqual([1500, 1500, 2000]);
    const rates = VatRate.array().parse(
      expectStatus(await call(co.admin, 'GET', '/api/settings/finance/vat-rates'), 200).data,
    );
    expect(rates.map((rate) => [rate.effectiveFrom, rate.rateBp])).toEqual([
      ['2026-11-15', 2000],
      ['1900-01-01', 1500],
    ]);
    expect(rates[0]!.createdBy).toBe(co.accountant.user._id);
  });
});
