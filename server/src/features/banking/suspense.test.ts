import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Payment, SuspenseItemView, type TrialBalance } from '@lintel/contracts';
import { todayIso } from '../leases/index.ts';
import { insertBankAccount, insertStatementLines } from '../../test/bank-fixtures.ts';
import {
  createCompanyWithRoles,
  createTestApp,
  expectError,
  expectStatus,
  type TestApp,
} from '../../test/harness.ts';
import { lineOf } from '../../test/matching-fixtures.ts';
import {
  caller,
  createLetProperty,
  readPropertyAccount,
  readTrialBalance,
  setFinanceSettings,
  type Company,
} from '../../test/money-fixtures.ts';

// At 10% commission and 15% VAT on it, rent of 1,000.00 leaves the owner 885.00 and 115.00 due
// to the agency; of the 100.00 commission the agent's share is 60.00.
const RENT = 100000;

const balanceOf = (tb: TrialBalance, account: string) =>
  tb.accounts.find((row) => row.account === account)?.balance ?? 0;

describe('trust suspense', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
  });
  afterAll(() => t.close());

  const newCompany = async () => {
    const co = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, co);
    return co;
  };
  const park = (co: Company, lineId: string, note = 'Nobody knows this payer yet') =>
    call(co.accountant, 'POST', `/api/banking/lines/${lineId}/suspense`, { note });
  const parked = async (co: Company, lineId: string) =>
    SuspenseItemView.parse(expectStatus(await park(co, lineId), 201).data);
  const listSuspense = async (co: Company, query = '') =>
    SuspenseItemView.array().parse(
      expectStatus(await call(co.admin, 'GET', `/api/banking/suspense?pageSize=100${query}`), 200).data,
    );

  it('parks an unknown credit in suspense, then allocates it to a lease: the owner is credited and the commission split', async () => {
    const co = await newCompany();
    const account = await insertBankAccount(t, co);
    const { lease, property } = await createLetProperty(t, co, { rent: RENT, startDate: '2026-09-01' });
    const [credit] = await insertStatementLines(t, co, account, [
      { date: '2026-11-04', amount: RENT, description: 'EFT', reference: 'UNIT 4', counterparty: 'MR X' },
    ]);
    const before = await readTrialBalance(t, co);

    const item = await parked(co, credit!);
    expect(item).toMatchObject({
      bankLineId: credit,
      date: '2026-11-04',
      amount: RENT,
      currency: 'USD',
      state: 'open',
      counterparty: 'MR X',
      note: 'Nobody knows this payer yet',
      createdByName: expect.any(String),
    });
    expect(await lineOf(t, co, account, credit!)).toMatchObject({
      rule: 'suspense',
      suspenseItemId: item._id,
      entries: [expect.objectContaining({ amount: RENT, kind: 'suspense_in', date: '2026-11-04' })],
    });
    const inSuspense = await readTrialBalance(t, co);
    expect(balanceOf(inSuspense, 'trust:suspense')).toBe(-RENT);
    expect(inSuspense.trustBank).toBe(before.trustBank + RENT);
    expect(inSuspense.clientMoney).toBe(before.clientMoney + RENT);
    expectError(await park(co, credit!), 409, 'ALREADY_MATCHED');

    const allocate = () =>
      call(co.accountant, 'POST', `/api/banking/suspense/${item._id}/allocate`, {
        leaseId: lease._id,
        type: 'rent',
      });
    const allocated = SuspenseItemView.parse(expectStatus(await allocate(), 200).data);
    expect(allocated).toMatchObject({
      state: 'allocated',
      leaseId: lease._id,
      paymentId: expect.any(String),
      resolvedAt: expect.any(String),
    });
    const payment = Payment.parse(
      expectStatus(await call(co.accountant, 'GET', `/api/payments/${allocated.paymentId}`), 200).data,
    );
    expect(payment).toMatchObject({
      amount: RENT,
      paymentDate: todayIso(),
      reference: 'UNIT 4',
      payerName: 'MR X',
    });

    const after = await readTrialBalance(t, co);
    // The bank side was posted when it was parked: the allocation moves suspense to the owner and the agency.
    expect(after.trustBank).toBe(inSuspense.trustBank);
    expect(balanceOf(after, 'trust:suspense')).toBe(0);
    expect((await readPropertyAccount(t, co.accountant, property._id)).balance).toBe(88500);
    expect(after.dueToAgency).toBe(inSuspense.dueToAgency + 11500);
    expect(balanceOf(after, 'business:commission-income')).toBe(-10000);
    expect(after.books.map((book) => book.total)).toEqual([0, 0]);
    expectError(await allocate(), 409, 'SUSPENSE_RESOLVED');
  });

  it('refunds a suspense item: out of suspense and out of the bank, once', async () => {
    const co = await newCompany();
    const account = await insertBankAccount(t, co);
    const [credit] = await insertStatementLines(t, co, account, [
      { date: '2026-11-04', amount: 4200, description: 'WRONG ACCOUNT' },
    ]);
    const item = await parked(co, credit!);
    const refund = (body: Record<string, unknown>) =>
      call(co.accountant, 'POST', `/api/banking/suspense/${item._id}/refund`, body);

    expectError(await refund({ date: '2026-11-03' }), 422, 'REFUND_BEFORE_RECEIPT');
    const refunded = SuspenseItemView.parse(
      expectStatus(await refund({ date: '2026-11-10', reference: 'RF-0001' }), 200).data,
    );
    expect(refunded).toMatchObject({ state: 'refunded', resolution: 'Refunded on 2026-11-10' });
    const tb = await readTrialBalance(t, co);
    expect(balanceOf(tb, 'trust:suspense')).toBe(0);
    expect(tb.trustBank).toBe(0);
    expectError(await refund({ date: '2026-11-11' }), 409, 'SUSPENSE_RESOLVED');
    expectError(
      await call(co.accountant, 'POST', `/api/banking/suspense/${item._id}/allocate`, { leaseId: item._id }),
      409,
      'SUSPENSE_RESOLVED',
    );
    // The refund is a bank entry waiting for its debit on the next statement.
    const entries = expectStatus(
      await call(co.accountant, 'GET', `/api/banking/accounts/${account}/entries`),
      200,
    ).data;
    expect(entries).toEqual([
      expect.objectContaining({ amount: -4200, kind: 'suspense_refund', reference: 'RF-0001' }),
    ]);
  });

  it('lists open items first; refuses debits, business accounts, other roles and other companies', async () => {
    const co = await newCompany();
    const other = await newCompany();
    const account = await insertBankAccount(t, co);
    const business = await insertBankAccount(t, co, { book: 'business' });
    const [first, second, debit] = await insertStatementLines(t, co, account, [
      { date: '2026-11-02', amount: 1000 },
      { date: '2026-11-03', amount: 2000 },
      { date: '2026-11-03', amount: -300 },
    ]);
    const [businessCredit] = await insertStatementLines(t, co, business, [
      { date: '2026-11-03', amount: 500 },
    ]);
    expectError(await park(co, debit!), 422, 'WRONG_DIRECTION');
    expectError(await park(co, businessCredit!), 422, 'WRONG_BOOK');
    expectError(await call(co.admin, 'POST', `/api/banking/lines/${first}/suspense`, { note: 'x' }), 403);
    expectError(await call(co.agent, 'GET', '/api/banking/suspense'), 403);

    const one = await parked(co, first!);
    const two = await parked(co, second!);
    expectStatus(
      await call(co.accountant, 'POST', `/api/banking/suspense/${one._id}/refund`, { date: '2026-11-05' }),
      200,
    );
    expect((await listSuspense(co)).map((item) => [item._id, item.state])).toEqual([
      [two._id, 'open'],
      [one._id, 'refunded'],
    ]);
    expect((await listSuspense(co, '&state=open')).map((item) => item._id)).toEqual([two._id]);

    // Unmatched after parking, the line is not parked twice: its item still holds the money.
    const { matchId } = await lineOf(t, co, account, second!);
    expectStatus(await call(co.accountant, 'DELETE', `/api/banking/matches/${matchId}`), 200);
    expectError(await park(co, second!), 409, 'ALREADY_IN_SUSPENSE');

    expect(await listSuspense(other)).toEqual([]);
    expectError(
      await call(other.accountant, 'POST', `/api/banking/suspense/${two._id}/refund`, { date: '2026-11-05' }),
      404,
    );
    expectError(
      await call(other.accountant, 'POST', `/api/banking/suspense/${two._id}/allocate`, { leaseId: two._id }),
      404,
    );
    expectError(
      await call(co.accountant, 'POST', '/api/banking/suspense/not-an-id/refund', { date: '2026-11-05' }),
      404,
    );
  });
});
