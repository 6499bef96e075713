import { and, between, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AgentAccount,
  ArrearsRow,
  CommissionReport,
  DepositBalance,
  formatMajorUnits,
  formatMoney,
  Payout,
  RentCharge,
  Statement,
  StatementReply,
} from '@lintel/contracts';
import { ledgerLines } from '../../db/schema/index.ts';
import { readPdfText } from '../../lib/documents/read-pdf-text.ts';
import {
  addMember,
  createCompanyWithRoles,
  createTestApp,
  expectStatus,
  onTheDay,
  type SignedIn,
  type TestApp,
} from '../../test/harness.ts';
import {
  caller,
  createLetProperty,
  createOwnerOfUser,
  readPropertyAccount,
  readTrialBalance,
  readWholeStatement,
  recordPayment,
  rentBody,
  setFinanceSettings,
  terminateLease,
  type Company,
} from '../../test/money-fixtures.ts';

/**
 * The owner's share O = R − C − T of a rent payment R, worked by hand from PRODUCT.md's rule at
 * 10% commission and 15% VAT on it (e.g. 45655: C = 4566 half-up, T = 685, O = 40404).
 */
const OWNER_SHARES: Record<number, number> = {
  20000: 17700,
  30000: 26550,
  45655: 40404,
  50000: 44250,
  60000: 53100,
  80000: 70800,
  100000: 88500,
  150000: 132750,
};
function ownerShareOf(rent: number): number {
  const share = OWNER_SHARES[rent];
  if (share === undefined) throw new Error(`work out the owner share of ${rent} first`);
  return share;
}

describe('accounts API', () => {
  // Written in November 2026: the charges it expects run up to that month.
  onTheDay('2026-11-26');
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let co: Company;
  let ownOwnerId: string;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    co = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, co);
    ownOwnerId = await createOwnerOfUser(t, co);
  });
  afterAll(() => t.close());

  const statementOf = async (user: SignedIn, url: string) =>
    Statement.parse(expectStatus(await call(user, 'GET', url), 200).data);
  const payout = (body: Record<string, unknown>) =>
    call(co.accountant, 'POST', '/api/payouts', { currency: 'USD', method: 'bank_transfer', ...body });
  const propertyBalance = async (propertyId: string) =>
    (await readPropertyAccount(t, co.accountant, propertyId)).balance;
  const agentAccounts = async (user: SignedIn) =>
    AgentAccount.array().parse(
      expectStatus(await call(user, 'GET', '/api/accounts/agents?currency=USD'), 200).data,
    );

  describe('property accounts', () => {
    it('holds the owner share, owes back-filled charges minus paid, and knows the last payment', async () => {
      const { property, lease } = await createLetProperty(t, co, { rent: 100000, startDate: '2026-09-01' });
      const late = await recordPayment(
        t,
        co.accountant,
        rentBody(lease, 150000, { paymentDate: '2026-11-10' }),
      );
      const early = await recordPayment(
        t,
        co.accountant,
        rentBody(lease, 20000, { paymentDate: '2026-10-05' }),
      );
      // 150000: C 15000, T 2250, O 132750. 20000: C 2000, T 300, O 17700.
      expect([late.split.owner, early.split.owner]).toEqual([132750, 17700]);
      const account = await readPropertyAccount(t, co.accountant, property._id);
      expect(account).toMatchObject({
        propertyId: property._id,
        currency: 'USD',
        balance: ownerShareOf(150000) + ownerShareOf(20000),
        // September, October and November are due (charges back-filled), 170000 of 300000 paid.
        arrears: 3 * 100000 - 170000,
        lastPaymentDate: '2026-11-10',
      });
    });

    it('filters by property and by currency', async () => {
      const usd = await createLetProperty(t, co, { rent: 50000, startDate: '2026-11-01' });
      const zwg = await createLetProperty(t, co, { currency: 'ZWG', rent: 70000, startDate: '2026-11-01' });
      await recordPayment(t, co.accountant, rentBody(usd.lease, 50000));
      await recordPayment(t, co.accountant, rentBody(zwg.lease, 30000));
      const all = expectStatus(
        await call(co.accountant, 'GET', '/api/accounts/properties?pageSize=100'),
        200,
      );
      const ids = all.data.map((row: { propertyId: string }) => row.propertyId);
      expect(ids).toEqual(expect.arrayContaining([usd.property._id, zwg.property._id]));
      expect(await readPropertyAccount(t, co.accountant, zwg.property._id)).toMatchObject({
        currency: 'ZWG',
        balance: ownerShareOf(30000),
        arrears: 40000,
      });
      // Asked for in the other currency: nothing is held or owed in it.
      expect(await readPropertyAccount(t, co.accountant, zwg.property._id, 'USD')).toMatchObject({
        currency: 'USD',
        balance: 0,
        arrears: 0,
        lastPaymentDate: null,
      });
      expect(await readPropertyAccount(t, co.accountant, usd.property._id, 'USD')).toMatchObject({
        balance: ownerShareOf(50000),
        arrears: 0,
        lastPaymentDate: '2026-11-20',
      });
    });
  });

  describe('statements', () => {
    it('property statement: opening + lines = closing, one line per posting, the period boundary holds', async () => {
      const { property, lease } = await createLetProperty(t, co, { rent: 100000, startDate: '2026-09-01' });
      const before = await recordPayment(
        t,
        co.accountant,
        rentBody(lease, 100000, { paymentDate: '2026-09-15' }),
      );
      await recordPayment(t, co.accountant, rentBody(lease, 100000, { paymentDate: '2026-10-10' }));
      await recordPayment(t, co.accountant, rentBody(lease, 45655, { paymentDate: '2026-10-20' }));
      expectStatus(
        await call(co.accountant, 'POST', '/api/expenses', {
          propertyId: property._id,
          supplier: 'Pipe Works',
          description: 'Fix the geyser',
          amount: 12345,
          currency: 'USD',
          method: 'cash',
          expenseDate: '2026-10-25',
        }),
        201,
      );
      // After the period: not in it.
      expectStatus(
        await payout({
          accountType: 'property',
          accountId: property._id,
          amount: 1000,
          payoutDate: '2026-11-05',
        }),
        201,
      );
      const base = `/api/accounts/properties/${property._id}/statement?from=2026-10-01&to=2026-10-31&currency=USD`;
      const statement = await statementOf(co.accountant, base);
      expect(statement.subject).toBe(property.name);
      expect(statement.openingBalance).toBe(before.split.owner);
      const sum = statement.lines.reduce((total, line) => total + line.amount, 0);
      expect(statement.closingBalance).toBe(statement.openingBalance + sum);
      expect(statement.lines.every((line) => line.date >= '2026-10-01' && line.date <= '2026-10-31')).toBe(
        true,
      );
      const posted = await t.database.db
        .select()
        .from(ledgerLines)
        .where(
          and(
            eq(ledgerLines.account, `property:${property._id}`),
            between(ledgerLines.entryDate, '2026-10-01', '2026-10-31'),
          ),
        );
      expect(statement.lines).toHaveLength(posted.length);
      expect(statement.lines.map((line) => line.amount).sort()).toEqual(
        posted.map((line) => -line.amountCents).sort(),
      );
      expect(statement.lines.map((line) => line.amount)).toEqual([
        ownerShareOf(100000),
        ownerShareOf(45655),
        -12345,
      ]);
      expect(statement.lines.at(-1)!.balance).toBe(statement.closingBalance);

      const csv = await call(co.accountant, 'GET', `${base}&format=csv`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      const rows = csv.body.trimEnd().split('\r\n');
      expect(rows[0]).toBe('Date,Description,Reference,Money in,Money out,Balance');
      expect(rows).toHaveLength(statement.lines.length + 3);
      expect(rows[1]).toBe(`2026-10-01,Opening balance,,,,${formatMajorUnits(statement.openingBalance)}`);
      expect(rows.at(-1)).toBe(`2026-10-31,Closing balance,,,,${formatMajorUnits(statement.closingBalance)}`);

      const pdf = await call(co.accountant, 'GET', `${base}&format=pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const { text } = await readPdfText(pdf.rawPayload);
      expect(statement.closingBalance).toBeGreaterThan(100000);
      expect(text).toContain(property.name);
      expect(text).toContain(formatMoney(statement.closingBalance, 'USD'));
    });

    it('the JSON is one page of lines: the figures cover the whole period, the pages chain and the CSV has every line', async () => {
      const { property, lease } = await createLetProperty(t, co, { rent: 50000, startDate: '2026-03-01' });
      await recordPayment(t, co.accountant, rentBody(lease, 50000, { paymentDate: '2026-03-20' }));
      const rents = [20000, 30000, 45655, 50000, 60000, 80000, 100000];
      for (const [index, rent] of rents.entries())
        await recordPayment(
          t,
          co.accountant,
          rentBody(lease, rent, { paymentDate: `2026-04-0${index + 1}` }),
        );
      const expense = { propertyId: property._id, supplier: 'Pipe Works', currency: 'USD', method: 'cash' };
      for (const [day, amount] of [
        ['03', 7000],
        ['09', 9100],
      ] as const)
        expectStatus(
          await call(co.accountant, 'POST', '/api/expenses', {
            ...expense,
            description: `Repair ${day}`,
            amount,
            expenseDate: `2026-04-${day}`,
          }),
          201,
        );
      const base = `/api/accounts/properties/${property._id}/statement?from=2026-04-01&to=2026-04-30&currency=USD`;

      // Three lines a page: 9 lines are pages of 3, 3 and 3, each starting from the balance before it.
      const { statement, pages } = await readWholeStatement(t, co.accountant, base, 3);
      expect(pages).toBe(3);
      expect(statement.openingBalance).toBe(ownerShareOf(50000));
      expect(statement.lines.map((line) => line.amount)).toEqual([
        ownerShareOf(20000),
        ownerShareOf(30000),
        ownerShareOf(45655),
        -7000,
        ownerShareOf(50000),
        ownerShareOf(60000),
        ownerShareOf(80000),
        ownerShareOf(100000),
        -9100,
      ]);
      const moneyIn = rents.reduce((sum, rent) => sum + ownerShareOf(rent), 0);
      expect(statement).toMatchObject({ moneyIn, moneyOut: 16100 });
      expect(statement.closingBalance).toBe(ownerShareOf(50000) + moneyIn - 16100);
      const second = StatementReply.parse(
        expectStatus(await call(co.accountant, 'GET', `${base}&page=2&pageSize=3`), 200),
      );
      expect(second.meta).toEqual({ page: 2, pageSize: 3, total: 9 });
      expect(second.data.lines).toEqual(statement.lines.slice(3, 6));

      // Without paging: the first 25 (here all 9); the files carry every line whatever the page.
      const firstPage = StatementReply.parse(expectStatus(await call(co.accountant, 'GET', base), 200));
      expect(firstPage.meta).toEqual({ page: 1, pageSize: 25, total: 9 });
      expect(firstPage.data).toEqual(statement);
      const csv = await call(co.accountant, 'GET', `${base}&format=csv&page=3&pageSize=1`);
      const rows = csv.body.trimEnd().split('\r\n');
      expect(rows).toHaveLength(statement.lines.length + 3);
      expect(rows.slice(2, -1).map((row) => row.split(',').at(-1))).toEqual(
        statement.lines.map((line) => formatMajorUnits(line.balance)),
      );

      for (const query of ['page=0', 'pageSize=0', 'pageSize=101', 'page=x']) {
        const refused = await call(co.accountant, 'GET', `${base}&${query}`);
        expect(expectStatus(refused, 400).code).toBe('VALIDATION');
      }
    });

    it('owner statement covers all their properties, by record id or user id; owners read only their own', async () => {
      const first = await createLetProperty(t, co, { ownerId: ownOwnerId, rent: 80000 });
      const second = await createLetProperty(t, co, { ownerId: ownOwnerId, rent: 60000 });
      const other = await createLetProperty(t, co, { rent: 90000 });
      await recordPayment(t, co.accountant, rentBody(first.lease, 80000, { paymentDate: '2026-06-10' }));
      await recordPayment(t, co.accountant, rentBody(second.lease, 60000, { paymentDate: '2026-06-11' }));
      await recordPayment(t, co.accountant, rentBody(other.lease, 90000, { paymentDate: '2026-06-12' }));
      const query = 'from=2026-06-01&to=2026-06-30&currency=USD';
      const byRecord = await statementOf(
        co.accountant,
        `/api/accounts/owners/${ownOwnerId}/statement?${query}`,
      );
      const byUser = await statementOf(
        co.accountant,
        `/api/accounts/owners/${co.owner.user._id}/statement?${query}`,
      );
      expect(byUser).toEqual(byRecord);
      expect(byRecord).toMatchObject({ subject: 'Olive Owner', openingBalance: 0 });
      expect(byRecord.lines.map((line) => line.amount)).toEqual([ownerShareOf(80000), ownerShareOf(60000)]);
      expect(byRecord.closingBalance).toBe(ownerShareOf(80000) + ownerShareOf(60000));
      expect(
        await statementOf(co.owner, `/api/accounts/owners/${co.owner.user._id}/statement?${query}`),
      ).toEqual(byRecord);
      expect(await statementOf(co.owner, `/api/accounts/owners/${ownOwnerId}/statement?${query}`)).toEqual(
        byRecord,
      );
      const foreign = await call(co.owner, 'GET', `/api/accounts/owners/${other.ownerId}/statement?${query}`);
      expect(expectStatus(foreign, 404).code).toBe('NOT_FOUND');
    });
  });

  describe('agents', () => {
    it('earned, paid and owed after payments, a reversal and a payout; agents see only their own', async () => {
      const agent = await addMember(t.app, co.admin, 'agent', 'Ann Agent');
      const { property, lease } = await createLetProperty(t, co, { agent, rent: 100000 });
      await recordPayment(t, co.accountant, rentBody(lease, 100000));
      const reversed = await recordPayment(t, co.accountant, rentBody(lease, 50000));
      expectStatus(
        await call(co.accountant, 'POST', `/api/payments/${reversed._id}/reverse`, { reason: 'Bounced' }),
        200,
      );
      const paid = expectStatus(
        await payout({ accountType: 'agent', accountId: agent.user._id, amount: 2000, reference: 'Nov' }),
        201,
      );
      expect(Payout.parse(paid.data)).toMatchObject({ accountName: 'Ann Agent', amount: 2000 });
      const mine = (await agentAccounts(co.accountant)).find((row) => row.agentId === agent.user._id);
      // 6000 + 3000 earned, 3000 taken back by the reversal, 2000 paid out.
      expect(mine).toEqual({
        agentId: agent.user._id,
        agentName: 'Ann Agent',
        currency: 'USD',
        earned: 6000,
        paid: 2000,
        owed: 4000,
      });
      expect(await agentAccounts(agent)).toEqual([mine]);

      const query = 'from=2026-11-01&to=2026-11-30&currency=USD';
      const statement = await statementOf(agent, `/api/accounts/agents/${agent.user._id}/statement?${query}`);
      expect(statement.lines.map((line) => line.amount).sort((a, b) => a - b)).toEqual([
        -3000, -2000, 3000, 6000,
      ]);
      expect(statement).toMatchObject({
        openingBalance: 0,
        closingBalance: 4000,
        moneyIn: 9000,
        moneyOut: 5000,
      });
      expect(
        await statementOf(co.admin, `/api/accounts/agents/${agent.user._id}/statement?${query}`),
      ).toEqual(statement);
      const foreign = await call(
        agent,
        'GET',
        `/api/accounts/agents/${co.agent.user._id}/statement?${query}`,
      );
      expect(expectStatus(foreign, 404).code).toBe('NOT_FOUND');
      expect(await propertyBalance(property._id)).toBe(ownerShareOf(100000));
    });

    it('commissions by agent, by month and in total tie to the agency ledger lines', async () => {
      const { lease } = await createLetProperty(t, co, { agent: null, rent: 33333 });
      await recordPayment(t, co.accountant, rentBody(lease, 33333, { paymentDate: '2026-07-03' }));
      const from = '2026-01-01';
      const to = '2026-11-30';
      const report = CommissionReport.parse(
        expectStatus(
          await call(co.accountant, 'GET', `/api/commissions?from=${from}&to=${to}&currency=USD`),
          200,
        ).data,
      );
      const ledgerSum = async (account: string) =>
        (
          await t.database.db
            .select()
            .from(ledgerLines)
            .where(
              and(
                eq(ledgerLines.companyId, co.companyId),
                eq(ledgerLines.account, account),
                eq(ledgerLines.currency, 'USD'),
                between(ledgerLines.entryDate, from, to),
              ),
            )
        ).reduce((sum, line) => sum + line.amountCents, 0);
      expect(report.totals.agencyShare).toBeGreaterThan(0);
      // The business book: commission income less the agents' commission is the agency's share.
      expect(report.totals.commission).toBe(-(await ledgerSum('business:commission-income')));
      expect(report.totals.agencyShare).toBe(
        -(await ledgerSum('business:commission-income')) - (await ledgerSum('business:agents-commission')),
      );
      expect(report.totals.vat).toBe(-(await ledgerSum('business:vat-payable')));
      const keys = ['collected', 'commission', 'agentShare', 'agencyShare', 'vat'] as const;
      for (const rows of [report.byAgent, report.byMonth]) {
        for (const key of keys) {
          expect(rows.reduce((sum, row) => sum + row[key], 0)).toBe(report.totals[key]);
        }
      }
      expect(report.totals.commission).toBe(report.totals.agentShare + report.totals.agencyShare);
      // The agency-only property: C 3333 (half-up), all of it the agency's.
      expect(report.byAgent.find((row) => row.agentId === null)).toMatchObject({
        agentName: 'No agent (agency)',
        collected: 33333,
        commission: 3333,
        agentShare: 0,
        agencyShare: 3333,
      });
      expect(report.byMonth.map((row) => row.month)).toEqual(expect.arrayContaining(['2026-07', '2026-11']));
      // An agent's report holds only their own commission.
      const agentView = CommissionReport.parse(
        expectStatus(await call(co.agent, 'GET', `/api/commissions?from=${from}&to=${to}&currency=USD`), 200)
          .data,
      );
      expect(agentView.byAgent.map((row) => row.agentId)).toEqual([co.agent.user._id]);
    });
    it('a payment reversed in a later month leaves each month tied to the ledger', async () => {
      const { lease } = await createLetProperty(t, co, { rent: 50001 });
      const payment = await recordPayment(
        t,
        co.accountant,
        rentBody(lease, 50001, { paymentDate: '2026-05-10' }),
      );
      expectStatus(
        await call(co.accountant, 'POST', `/api/payments/${payment._id}/reverse`, { reason: 'Bounced' }),
        200,
      );
      const reversalMonth = new Date().toISOString().slice(0, 7);
      for (const [from, to] of [
        ['2026-05-01', '2026-05-31'],
        [`${reversalMonth}-01`, `${reversalMonth}-28`],
        ['2026-01-01', '2027-12-31'],
      ] as const) {
        const report = CommissionReport.parse(
          expectStatus(
            await call(co.accountant, 'GET', `/api/commissions?from=${from}&to=${to}&currency=USD`),
            200,
          ).data,
        );
        const lines = await t.database.db
          .select()
          .from(ledgerLines)
          .where(
            and(
              eq(ledgerLines.companyId, co.companyId),
              eq(ledgerLines.currency, 'USD'),
              between(ledgerLines.entryDate, from, to),
            ),
          );
        const sumOf = (account: string) =>
          0 -
          lines.filter((line) => line.account === account).reduce((sum, line) => sum + line.amountCents, 0);
        expect(report.totals.agencyShare, `${from}..${to}`).toBe(
          sumOf('business:commission-income') + sumOf('business:agents-commission'),
        );
        expect(report.totals.vat, `${from}..${to}`).toBe(sumOf('business:vat-payable'));
      }
    });
  });

  describe('payouts', () => {
    it('never pays out more than the balance; the exact balance empties it', async () => {
      const { property, lease } = await createLetProperty(t, co, { rent: 100000 });
      await recordPayment(t, co.accountant, rentBody(lease, 100000));
      const balance = await propertyBalance(property._id);
      expect(balance).toBe(88500);
      const listed = async () =>
        expectStatus(await call(co.accountant, 'GET', `/api/payouts?accountId=${property._id}`), 200).meta
          .total;
      const tooMuch = expectStatus(
        await payout({ accountType: 'property', accountId: property._id, amount: balance + 1 }),
        422,
      );
      expect(tooMuch).toMatchObject({
        code: 'INSUFFICIENT_BALANCE',
        message: expect.stringContaining('$885.00'),
      });
      expect(await listed()).toBe(0);
      expect(await propertyBalance(property._id)).toBe(balance);
      const made = Payout.parse(
        expectStatus(await payout({ accountType: 'property', accountId: property._id, amount: balance }), 201)
          .data,
      );
      expect(made).toMatchObject({ accountType: 'property', accountId: property._id, amount: balance });
      expect(await propertyBalance(property._id)).toBe(0);
      const page = expectStatus(
        await call(co.accountant, 'GET', `/api/payouts?accountId=${property._id}`),
        200,
      );
      expect(page.data.map((row: Payout) => row._id)).toEqual([made._id]);
    });

    it('two simultaneous payouts of a whole property balance: one is paid, one refused', async () => {
      const { property, lease } = await createLetProperty(t, co, { rent: 100000 });
      await recordPayment(t, co.accountant, rentBody(lease, 100000));
      const body = { accountType: 'property', accountId: property._id, amount: 88500 };
      const replies = await Promise.all([payout(body), payout(body)]);
      expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 422]);
      expect(replies.find((reply) => reply.statusCode === 422)!.json().code).toBe('INSUFFICIENT_BALANCE');
      expect(await propertyBalance(property._id)).toBe(0);
    });

    it('agent payouts likewise, and the payout list shows them', async () => {
      const agent = await addMember(t.app, co.admin, 'agent', 'Pat Payee');
      const { lease } = await createLetProperty(t, co, { agent, rent: 100000 });
      await recordPayment(t, co.accountant, rentBody(lease, 100000));
      const body = { accountType: 'agent', accountId: agent.user._id };
      expect(expectStatus(await payout({ ...body, amount: 6001 }), 422).code).toBe('INSUFFICIENT_BALANCE');
      const replies = await Promise.all([
        payout({ ...body, amount: 6000 }),
        payout({ ...body, amount: 6000 }),
      ]);
      expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 422]);
      const [account] = await agentAccounts(agent);
      expect(account).toMatchObject({ earned: 6000, paid: 6000, owed: 0 });
      const page = expectStatus(
        await call(co.admin, 'GET', `/api/payouts?accountType=agent&accountId=${agent.user._id}`),
        200,
      );
      expect(page.data).toHaveLength(1);
      expect(Payout.parse(page.data[0])).toMatchObject({ accountName: 'Pat Payee', amount: 6000 });
    });
  });

  describe('expenses', () => {
    it("pays a supplier out of a property's account, never more than it holds", async () => {
      const { property, lease } = await createLetProperty(t, co, { rent: 100000 });
      await recordPayment(t, co.accountant, rentBody(lease, 100000));
      const body = {
        propertyId: property._id,
        supplier: 'Sparks Ltd',
        description: 'Rewire the kitchen',
        currency: 'USD',
        method: 'bank_transfer',
      };
      const paid = expectStatus(
        await call(co.accountant, 'POST', '/api/expenses', { ...body, amount: 10000 }),
        201,
      );
      expect(paid.data).toMatchObject({ propertyName: property.name, amount: 10000, supplier: 'Sparks Ltd' });
      expect(await propertyBalance(property._id)).toBe(78500);
      const refused = await call(co.accountant, 'POST', '/api/expenses', { ...body, amount: 78501 });
      expect(expectStatus(refused, 422).code).toBe('INSUFFICIENT_BALANCE');
      expect(await propertyBalance(property._id)).toBe(78500);
    });
  });

  describe('deposits', () => {
    it('is held apart from the owner and released only after the lease ends', async () => {
      const { property, lease } = await createLetProperty(t, co, { rent: 100000, deposit: 200000 });
      await recordPayment(t, co.accountant, { ...rentBody(lease, 200000), type: 'deposit' });
      const held = async () =>
        DepositBalance.array().parse(
          expectStatus(await call(co.accountant, 'GET', `/api/leases/${lease._id}/deposit`), 200).data,
        );
      expect(await held()).toEqual([{ leaseId: lease._id, currency: 'USD', held: 200000 }]);
      expect(await propertyBalance(property._id)).toBe(0);
      const release = (body: Record<string, unknown>) =>
        call(co.accountant, 'POST', `/api/leases/${lease._id}/deposit/release`, {
          currency: 'USD',
          reason: 'Lease ended',
          ...body,
        });
      expect(expectStatus(await release({ toTenant: 1000 }), 422).code).toBe('LEASE_NOT_ENDED');
      await terminateLease(t, co, lease._id);
      const released = expectStatus(await release({ toTenant: 150000, toProperty: 30000 }), 200);
      expect(released.data).toMatchObject({ leaseId: lease._id, currency: 'USD', held: 20000 });
      expect(await held()).toEqual([{ leaseId: lease._id, currency: 'USD', held: 20000 }]);
      expect(await propertyBalance(property._id)).toBe(30000);
      expect(expectStatus(await release({ toTenant: 20001 }), 422).code).toBe('INSUFFICIENT_BALANCE');
      expect(await held()).toEqual([{ leaseId: lease._id, currency: 'USD', held: 20000 }]);
    });
  });

  describe('rent charges and arrears', () => {
    it('generates once, settles oldest first, re-opens on reversal and reports arrears every way', async () => {
      const { property, tenant, lease, ownerId } = await createLetProperty(t, co, {
        rent: 100000,
        startDate: '2026-08-01',
      });
      const generated = expectStatus(await call(co.admin, 'POST', '/api/charges/generate'), 200);
      expect(generated.data.created).toBeGreaterThanOrEqual(4);
      expect(expectStatus(await call(co.accountant, 'POST', '/api/charges/generate'), 200).data).toEqual({
        created: 0,
      });
      const charges = async () =>
        RentCharge.array().parse(
          expectStatus(await call(co.accountant, 'GET', `/api/leases/${lease._id}/charges`), 200).data,
        );
      const outstanding = async () => (await charges()).map((charge) => [charge.period, charge.outstanding]);
      expect(await outstanding()).toEqual([
        ['2026-08', 100000],
        ['2026-09', 100000],
        ['2026-10', 100000],
        ['2026-11', 100000],
      ]);
      const payment = await recordPayment(t, co.accountant, rentBody(lease, 150000));
      expect(
        (await charges()).map((charge) => [charge.dueDate, charge.allocated, charge.outstanding]),
      ).toEqual([
        ['2026-08-01', 100000, 0],
        ['2026-09-01', 50000, 50000],
        ['2026-10-01', 0, 100000],
        ['2026-11-01', 0, 100000],
      ]);
      const arrears = async (by: string) =>
        ArrearsRow.array()
          .parse(
            expectStatus(await call(co.accountant, 'GET', `/api/arrears?by=${by}&currency=USD`), 200).data,
          )
          .filter((row) => [lease._id, property._id, tenant._id, ownerId].includes(row.id));
      expect(await arrears('lease')).toEqual([
        expect.objectContaining({
          id: lease._id,
          charged: 400000,
          paid: 150000,
          arrears: 250000,
          oldestDueDate: '2026-09-01',
        }),
      ]);
      expectStatus(
        await call(co.accountant, 'POST', `/api/payments/${payment._id}/reverse`, { reason: 'Bounced' }),
        200,
      );
      expect(await outstanding()).toEqual([
        ['2026-08', 100000],
        ['2026-09', 100000],
        ['2026-10', 100000],
        ['2026-11', 100000],
      ]);
      const expected = {
        currency: 'USD',
        charged: 400000,
        paid: 0,
        arrears: 400000,
        oldestDueDate: '2026-08-01',
      };
      expect(await arrears('lease')).toEqual([{ id: lease._id, name: expect.any(String), ...expected }]);
      expect(await arrears('property')).toEqual([{ id: property._id, name: property.name, ...expected }]);
      expect(await arrears('tenant')).toEqual([{ id: tenant._id, name: tenant.name, ...expected }]);
      expect(await arrears('owner')).toEqual([{ id: ownerId, name: expect.any(String), ...expected }]);
    });
  });

  it('after all of the above the books balance: total 0 and the bank equals what is held for others', async () => {
    for (const currency of ['USD', 'ZWG']) {
      const balance = await readTrialBalance(t, co, currency);
      expect(balance.trustBank).toBeGreaterThan(0);
      expect(balance.total).toBe(0);
      expect(balance.trustBank).toBe(balance.heldForOthers);
    }
  });
});
