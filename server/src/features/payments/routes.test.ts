import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AMOUNT, PageMeta, Payment, PaymentInput, percentOf, TrialBalance } from '@lintel/contracts';
import { auditLog, journals, ledgerLines, payments } from '../../db/schema/index.ts';
import { transact } from '../../db/scope.ts';
import { readPdfText } from '../../lib/documents/read-pdf-text.ts';
import { LIST_COUNT_LIMIT } from '../../lib/list-query.ts';
import { createCompanyWithRoles, createTestApp, expectStatus, type TestApp } from '../../test/harness.ts';
import {
  caller,
  createLetProperty,
  recordPayment,
  rentBody,
  setFinanceSettings,
  type Company,
} from '../../test/money-fixtures.ts';
import { postPayments } from './index.ts';

describe('payments API', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let co: Company;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    co = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, co);
  });
  afterAll(() => t.close());

  const trialBalance = async (currency = 'USD') =>
    TrialBalance.parse(
      expectStatus(await call(co.accountant, 'GET', `/api/ledger/trial-balance?currency=${currency}`), 200)
        .data,
    );

  it('records rent with the split of PRODUCT.md, posts one balanced journal and audits it', async () => {
    const { lease, property } = await createLetProperty(t, co, { rent: 100000 });
    const payment = await recordPayment(t, co.accountant, rentBody(lease, 100000));
    // C = 10% = 10000; A = 60% of C = 6000; G = 4000; T = 15% of C = 1500; O = 100000 − 10000 − 1500.
    expect(payment.split).toEqual({
      commission: 10000,
      agentShare: 6000,
      agencyShare: 4000,
      vat: 1500,
      owner: 88500,
    });
    expect(payment.rates).toEqual({ commissionRateBp: 1000, agentShareBp: 6000, vatRateBp: 1500 });
    expect(payment).toMatchObject({
      status: 'completed',
      propertyId: property._id,
      receiptNumber: expect.stringMatching(/^RCT-\d{6}$/),
    });
    const lines = await t.database.db
      .select()
      .from(ledgerLines)
      .where(eq(ledgerLines.companyId, co.companyId));
    const mine = lines.filter((line) => line.entryDate === '2026-11-20');
    // Trust: bank in, the owner's share, and commission + VAT due to the agency. Business: what
    // trust owes it is commission income and VAT payable; the agent's share is agents payable.
    expect(
      Object.fromEntries(mine.map((line) => [`${line.book} ${line.account}`, line.amountCents])),
    ).toEqual({
      'trust trust:bank': 100000,
      [`trust property:${property._id}`]: -88500,
      'trust trust:due-to-agency': -11500,
      'business business:due-from-trust': 11500,
      'business business:commission-income': -10000,
      'business business:vat-payable': -1500,
      'business business:agents-commission': 6000,
      [`business agent:${property.agentId}`]: -6000,
    });
    const [businessJournal, trustJournal] = await t.database.db
      .select()
      .from(journals)
      .where(inArray(journals.id, [...new Set(mine.map((line) => line.journalId))]))
      .orderBy(journals.book);
    const [posted] = await t.database.db.select().from(payments).where(eq(payments.id, payment._id));
    expect(trustJournal).toMatchObject({ book: 'trust', id: posted!.journalId, linkedId: null });
    expect(businessJournal).toMatchObject({ book: 'business', linkedId: posted!.journalId });
    const balance = await trialBalance();
    expect(balance.total).toBe(0);
    expect(balance.trustBank).toBe(balance.heldForOthers);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, payment._id));
    expect(audits.map((row) => row.action)).toEqual(['payment.recorded']);
  });

  it('the same key and body returns the same payment; another body is 409', async () => {
    const { lease } = await createLetProperty(t, co);
    const key = randomUUID();
    const first = await recordPayment(t, co.accountant, rentBody(lease, 5000), key);
    const again = await recordPayment(t, co.accountant, rentBody(lease, 5000), key);
    expect(again._id).toBe(first._id);
    const other = await call(co.accountant, 'POST', '/api/payments', rentBody(lease, 5001), {
      'idempotency-key': key,
    });
    expect(expectStatus(other, 409).code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('50 concurrent copies of one request post one payment', async () => {
    const { lease } = await createLetProperty(t, co);
    const key = randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(co.accountant, 'POST', '/api/payments', rentBody(lease, 7000), { 'idempotency-key': key }),
      ),
    );
    const ids = new Set(replies.map((reply) => Payment.parse(expectStatus(reply, 201).data)._id));
    expect(ids.size).toBe(1);
    const list = expectStatus(await call(co.accountant, 'GET', `/api/payments?leaseId=${lease._id}`), 200);
    expect(list.meta.total).toBe(1);
  });

  it('20 concurrent posts get distinct, contiguous receipt numbers', async () => {
    const { lease } = await createLetProperty(t, co);
    const payments = await Promise.all(
      Array.from({ length: 20 }, () => recordPayment(t, co.accountant, rentBody(lease, 1000))),
    );
    const numbers = payments.map((payment) => Number(payment.receiptNumber.slice(4))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.at(-1)! - numbers[0]!).toBe(19);
  });

  it('reverses once with the exact opposite journal; a second reversal is 409', async () => {
    const { lease } = await createLetProperty(t, co);
    const payment = await recordPayment(t, co.accountant, rentBody(lease, 30000));
    const reversed = expectStatus(
      await call(co.accountant, 'POST', `/api/payments/${payment._id}/reverse`, { reason: 'Cheque bounced' }),
      200,
    ).data;
    expect(reversed).toMatchObject({ status: 'reversed', reversalReason: 'Cheque bounced' });
    const again = await call(co.accountant, 'POST', `/api/payments/${payment._id}/reverse`, {
      reason: 'Again',
    });
    expect(expectStatus(again, 409).code).toBe('ALREADY_REVERSED');
    expect((await trialBalance()).total).toBe(0);
  });

  it('serves a receipt PDF with the receipt number and amount', async () => {
    const { lease } = await createLetProperty(t, co);
    const payment = await recordPayment(t, co.accountant, rentBody(lease, 125050));
    const response = await call(co.owner, 'GET', `/api/payments/${payment._id}/receipt.pdf`);
    // The owner of this property is another owner record: not theirs.
    expect(response.statusCode).toBe(404);
    const pdf = await call(co.accountant, 'GET', `/api/payments/${payment._id}/receipt.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await readPdfText(pdf.rawPayload);
    expect(text).toContain(payment.receiptNumber);
    expect(text).toContain('$1,250.50');
  });

  it('refuses bad input with 4xx and writes nothing', async () => {
    const { lease } = await createLetProperty(t, co);
    for (const body of [
      rentBody(lease, 0),
      rentBody(lease, 10.5),
      rentBody(lease, -1),
      { ...rentBody(lease, 100), currency: 'ZAR' },
      { ...rentBody(lease, 100), companyId: randomUUID() },
      { ...rentBody(lease, 100), leaseId: undefined },
    ]) {
      const response = await call(co.accountant, 'POST', '/api/payments', body);
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    const list = expectStatus(await call(co.accountant, 'GET', `/api/payments?leaseId=${lease._id}`), 200);
    expect(list.meta.total).toBe(0);
  });

  // Found by the bad-input sweep: payments of Number.MAX_SAFE_INTEGER cents were taken, and then
  // every sum over them (statement, trial balance, reports) failed to serialize: a 500.
  it('takes amounts up to MAX_AMOUNT, whose sums still answer; a larger one is a 400', async () => {
    const { lease, property } = await createLetProperty(t, co, { rent: MAX_AMOUNT });
    const refused = await call(
      co.accountant,
      'POST',
      '/api/payments',
      rentBody(lease, Number.MAX_SAFE_INTEGER),
    );
    expect(expectStatus(refused, 400).message).toBe('Amount must be at most 9,999,999,999.99');
    for (let count = 0; count < 3; count += 1)
      await recordPayment(t, co.accountant, rentBody(lease, MAX_AMOUNT));
    const url = `/api/accounts/properties/${property._id}/statement?from=2026-11-01&to=2026-11-30&currency=USD`;
    const { moneyIn } = expectStatus(await call(co.accountant, 'GET', url), 200).data;
    // The owner's share of each: the rent less 10% commission and 15% VAT on that commission.
    const commission = percentOf(MAX_AMOUNT, 1000);
    expect(moneyIn).toBe(3 * (MAX_AMOUNT - commission - percentOf(commission, 1500)));
    expect((await trialBalance()).total).toBe(0);
  });

  it(`counts exactly up to ${LIST_COUNT_LIMIT} payments past the page, then gives a lower bound`, async () => {
    const big = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, big);
    const { lease } = await createLetProperty(t, big, { rent: 1000 });
    const count = LIST_COUNT_LIMIT + 30;
    // Through the service's batch post (one statement per table), so every row is a real
    // payment with its journal and receipt number.
    const ctx = {
      db: t.database.db,
      companyId: big.companyId,
      userId: big.accountant.user._id,
      role: 'accountant' as const,
      requestId: randomUUID(),
    };
    await transact(ctx, (tx) =>
      postPayments(
        tx,
        ctx,
        Array.from({ length: count }, () => PaymentInput.parse(rentBody(lease, 1000))),
        { notify: false },
      ),
    );
    const page = async (query: string) => {
      const body = expectStatus(
        await call(big.accountant, 'GET', `/api/payments?sort=receiptNumber&${query}`),
        200,
      );
      return {
        receipts: (body.data as Payment[]).map((row) => row.receiptNumber),
        meta: PageMeta.parse(body.meta),
      };
    };
    // Page 1 counts 1,001 payments and stops: "more than 1,000".
    const first = await page('pageSize=25');
    expect(first.meta).toEqual({ page: 1, pageSize: 25, total: LIST_COUNT_LIMIT, totalIsLowerBound: true });
    expect(first.receipts[0]).toBe('RCT-000001');
    // Near the end the window reaches past the last payment: exact again.
    const lastPage = Math.ceil(count / 25);
    const last = await page(`page=${lastPage}&pageSize=25`);
    expect(last.meta).toEqual({ page: lastPage, pageSize: 25, total: count });
    expect(last.receipts.at(-1)).toBe(`RCT-${String(count).padStart(6, '0')}`);
    // A search that matches fewer is exact (RCT-001000 to RCT-001030), and past its end still gives the total.
    expect((await page('q=RCT-0010')).meta).toEqual({ page: 1, pageSize: 25, total: 31 });
    expect((await page('q=RCT-0010&page=5')).meta).toEqual({ page: 5, pageSize: 25, total: 31 });
    // The agent sees them through the property's join, counted the same way.
    const agents = PageMeta.parse(expectStatus(await call(big.agent, 'GET', '/api/payments'), 200).meta);
    expect(agents).toEqual({ page: 1, pageSize: 25, total: LIST_COUNT_LIMIT, totalIsLowerBound: true });
    // The books still tie, and another company's list is not touched.
    const bigBalance = TrialBalance.parse(
      expectStatus(await call(big.accountant, 'GET', '/api/ledger/trial-balance?currency=USD'), 200).data,
    );
    expect(bigBalance.total).toBe(0);
    const ours = PageMeta.parse(expectStatus(await call(co.accountant, 'GET', '/api/payments'), 200).meta);
    expect(ours.totalIsLowerBound).toBeUndefined();
    expect(ours.total).toBeLessThan(LIST_COUNT_LIMIT);
  });
});
