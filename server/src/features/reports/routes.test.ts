import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  agingBucketOf,
  AGING_BUCKETS,
  Lease,
  Property,
  REPORT_KINDS,
  REPORT_PERIOD_ORDER,
  Statement,
  type AgingBucket,
  type Report,
  type ReportKind,
} from '@lintel/contracts';
import { formatDocumentDate, formatDocumentMonth } from '../../lib/documents/index.ts';
import { readPdfText } from '../../lib/documents/read-pdf-text.ts';
import {
  createCompanyWithRoles,
  createOwnerRecord,
  createTestApp,
  expectStatus,
  type TestApp,
} from '../../test/harness.ts';
import {
  caller,
  createLetProperty,
  recordPayment,
  rentBody,
  setFinanceSettings,
  type Company,
} from '../../test/money-fixtures.ts';
import {
  buildBooks,
  incomeFromLedger,
  creditSum,
  ledgerSum,
  parseCsv,
  readReport,
  type Books,
} from '../../test/report-fixtures.ts';
import { addMonths } from './index.ts';

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const rowOf = (report: Report, key: string, value: string) => {
  const row = report.rows.find((candidate) => candidate[key] === value);
  if (!row) throw new Error(`no row with ${key} = ${value} in ${JSON.stringify(report.rows)}`);
  return row;
};

describe('reports API', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let co: Company;
  let books: Books;
  let today: string;
  let months: [string, string, string];
  let period: { from: string; to: string };
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    co = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, co);
    books = await buildBooks(t, co);
    today = books.today;
    period = { from: addMonths(today, -2), to: today };
    months = [addMonths(today, -2).slice(0, 7), addMonths(today, -1).slice(0, 7), today.slice(0, 7)];
  });
  afterAll(() => t.close());

  describe('income', () => {
    it('nets a reversal made in the period of a payment received before it', async () => {
      // Today alone: the 300.00 received today less the 1,000.00 received last month, reversed today.
      const report = await readReport(t, co.accountant, 'income', { from: today, to: today });
      expect(report.rows).toEqual([
        expect.objectContaining({ month: months[2], rent: -70000, commission: -7000, vat: -1050 }),
      ]);
    });

    it('has every month, nets the reversal on its own day, and ties to the ledger', async () => {
      const report = await readReport(t, co.accountant, 'income', period);
      expect(report).toMatchObject({ report: 'income', currency: 'USD', ...period });
      // By hand: 10% commission, VAT 15% of it; the 1,000.00 paid last month is reversed today.
      expect(report.rows).toEqual([
        {
          month: months[0],
          collected: 100000,
          rent: 100000,
          deposits: 50000,
          ownerTopUps: 0,
          otherIncome: 0,
          commission: 10000,
          vat: 1500,
          levies: 0,
          expenses: 0,
        },
        {
          month: months[1],
          collected: 150000,
          rent: 150000,
          deposits: 0,
          ownerTopUps: 0,
          otherIncome: 0,
          commission: 15000,
          vat: 2250,
          levies: 0,
          expenses: 5000,
        },
        {
          month: months[2],
          collected: -70000,
          rent: -70000,
          deposits: 0,
          ownerTopUps: 0,
          otherIncome: 0,
          commission: -7000,
          vat: -1050,
          levies: 14000,
          expenses: 0,
        },
      ]);
      for (const month of months) {
        expect(rowOf(report, 'month', month)).toEqual(await incomeFromLedger(t, co.companyId, 'USD', month));
      }
      expect(report.totals).toMatchObject({
        month: 'Total',
        collected: 180000,
        deposits: 50000,
        commission: 18000,
      });
      expect(report.chart).toMatchObject({ type: 'bar', xKey: 'month' });
    });

    it('defaults to the twelve months up to today in the default currency, zeros included', async () => {
      const report = await readReport(t, co.accountant, 'income');
      expect(report).toMatchObject({ from: addMonths(today, -11), to: today, currency: 'USD' });
      expect(report.rows.map((row) => row.month)).toEqual(
        Array.from({ length: 12 }, (_, index) => addMonths(today, index - 11).slice(0, 7)),
      );
      expect(report.rows[0]).toMatchObject({ collected: 0, rent: 0, expenses: 0 });
    });

    it('is kept per currency', async () => {
      const report = await readReport(t, co.accountant, 'income', { ...period, currency: 'ZWG' });
      expect(rowOf(report, 'month', months[1])).toMatchObject({ collected: 70000, commission: 7000 });
      expect(rowOf(report, 'month', months[1])).toEqual(
        await incomeFromLedger(t, co.companyId, 'ZWG', months[1]),
      );
    });

    it('narrows to a property, an owner or an agent', async () => {
      const byProperty = await readReport(t, co.accountant, 'income', {
        ...period,
        propertyId: books.p3.property._id,
      });
      const byAgent = await readReport(t, co.accountant, 'income', {
        ...period,
        agentId: books.secondAgent.user._id,
      });
      const byOwner = await readReport(t, co.accountant, 'income', { ...period, ownerId: books.ownOwnerId });
      expect(byProperty.totals).toMatchObject({ collected: 50000, commission: 5000, levies: 0 });
      expect(byAgent.rows).toEqual(byProperty.rows);
      expect(byOwner.totals).toMatchObject({
        collected: 130000,
        deposits: 50000,
        commission: 13000,
        levies: 14000,
        expenses: 5000,
      });
    });

    it('comes as CSV with decimal amounts and the totals row', async () => {
      const response = await call(
        co.accountant,
        'GET',
        `/api/reports/income?${new URLSearchParams({ ...period, format: 'csv' })}`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="income-${period.from}-${period.to}.csv"`,
      );
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      const [heading, ...rows] = parseCsv(response.body);
      expect(heading).toEqual([
        'Month',
        'Collected income (USD)',
        'Rent (USD)',
        'Other income (USD)',
        'Deposits (USD)',
        'Owner top-ups (USD)',
        'Commission (USD)',
        'VAT (USD)',
        'Levies (USD)',
        'Expenses (USD)',
      ]);
      expect(rows).toEqual([
        [months[0], '1000.00', '1000.00', '0.00', '500.00', '0.00', '100.00', '15.00', '0.00', '0.00'],
        [months[1], '1500.00', '1500.00', '0.00', '0.00', '0.00', '150.00', '22.50', '0.00', '50.00'],
        [months[2], '-700.00', '-700.00', '0.00', '0.00', '0.00', '-70.00', '-10.50', '140.00', '0.00'],
        ['Total', '1800.00', '1800.00', '0.00', '500.00', '0.00', '180.00', '27.00', '140.00', '50.00'],
      ]);
    });

    it('comes as a PDF with the letterhead, figures, totals and page numbers', async () => {
      const response = await call(
        co.accountant,
        'GET',
        `/api/reports/income?${new URLSearchParams({ ...period, format: 'pdf' })}`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      const { text, pages } = await readPdfText(response.rawPayload);
      expect(text).toContain('Income by month');
      expect(text).toContain(
        `Period: ${formatDocumentDate(period.from)} to ${formatDocumentDate(period.to)} · Currency: USD`,
      );
      expect(text).toMatch(/Collected income \$1,800\.00/);
      expect(text).toContain('-$700.00');
      expect(text).toMatch(/Total \$1,800\.00 \$1,800\.00 \$0\.00 \$500\.00 \$0\.00 \$180\.00/);
      // Months as people say them ("Nov 2026"); the CSV keeps "2026-11".
      for (const month of months) {
        expect(text).toContain(formatDocumentMonth(month));
        expect(text).not.toContain(month);
      }
      expect(text).toContain(`${formatDocumentMonth(months[2])} -$700.00`);
      expect(text).toContain(`Page 1 of ${pages}`);
    });
  });

  describe('income is income (issue 16)', () => {
    let fresh: Company;
    let let1: Awaited<ReturnType<typeof createLetProperty>>;
    const may = { from: '2025-05-01', to: '2025-06-30' };
    beforeAll(async () => {
      fresh = await createCompanyWithRoles(t.app);
      await setFinanceSettings(t, fresh);
      let1 = await createLetProperty(t, fresh, { rent: 135000, deposit: 135000, startDate: '2025-05-01' });
      const { lease, property, ownerId, tenant } = let1;
      // The issue's May 2025: rent 1,350.00 and a 1,350.00 deposit.
      await recordPayment(t, fresh.accountant, rentBody(lease, 135000, { paymentDate: '2025-05-03' }));
      await recordPayment(t, fresh.accountant, {
        ...rentBody(lease, 135000, { paymentDate: '2025-05-02' }),
        type: 'deposit',
      });
      // June: an owner's top-up, and agency invoices of 230.00 + 34.50 VAT paid each way, and a
      // 45.00 recharge on the owner's behalf paid by a receipt.
      await recordPayment(t, fresh.accountant, {
        type: 'other',
        propertyId: property._id,
        amount: 20000,
        currency: 'USD',
        method: 'cash',
        paymentDate: '2025-06-10',
      });
      const invoice = async (body: Record<string, unknown>) => {
        const draft = expectStatus(
          await call(fresh.accountant, 'POST', '/api/invoices', {
            clientType: 'owner',
            clientId: ownerId,
            currency: 'USD',
            issueDate: '2025-06-01',
            dueDate: '2025-06-30',
            lines: [{ description: 'Letting fee', quantity: 1, unitPrice: 23000 }],
            ...body,
          }),
          201,
        ).data as { _id: string };
        expectStatus(await call(fresh.accountant, 'POST', `/api/invoices/${draft._id}/issue`), 200);
        return draft._id;
      };
      const markPaid = async (id: string, body: unknown) =>
        expectStatus(
          await call(fresh.accountant, 'POST', `/api/invoices/${id}/mark-paid`, body as never),
          200,
        );
      const receipt = async (amount: number) =>
        (
          await recordPayment(t, fresh.accountant, {
            ...rentBody(lease, amount, { paymentDate: '2025-06-12' }),
            type: 'other',
          })
        )._id;
      await markPaid(await invoice({}), { paymentId: await receipt(26450) });
      await markPaid(await invoice({}), {
        paidFrom: 'owner_account',
        propertyId: property._id,
        date: '2025-06-20',
      });
      await markPaid(await invoice({}), { paidFrom: 'business_bank', method: 'cash', date: '2025-06-21' });
      const recharge = await invoice({
        kind: 'on_behalf',
        clientType: 'tenant',
        clientId: tenant._id,
        lines: [{ description: 'Water', quantity: 1, unitPrice: 4500 }],
      });
      await markPaid(recharge, { paymentId: await receipt(4500) });
    });

    it('collects rent and other income only; deposits and owner top-ups have their own columns', async () => {
      const report = await readReport(t, fresh.accountant, 'income', may);
      expect(report.rows).toEqual([
        {
          month: '2025-05',
          collected: 135000,
          rent: 135000,
          deposits: 135000,
          ownerTopUps: 0,
          otherIncome: 0,
          commission: 13500,
          vat: 2025,
          levies: 0,
          expenses: 0,
        },
        {
          month: '2025-06',
          // Three agency fees of 230.00 (VAT is payable, not income) and the 45.00 recharge.
          collected: 73500,
          rent: 0,
          deposits: 0,
          ownerTopUps: 20000,
          otherIncome: 73500,
          commission: 0,
          vat: 0,
          levies: 0,
          expenses: 0,
        },
      ]);
      for (const month of ['2025-05', '2025-06']) {
        expect(rowOf(report, 'month', month)).toEqual(
          await incomeFromLedger(t, fresh.companyId, 'USD', month),
        );
      }
      // Narrowed to the property: the invoice paid into the business bank names no property.
      const mine = await readReport(t, fresh.accountant, 'income', { ...may, propertyId: let1.property._id });
      expect(rowOf(mine, 'month', '2025-06')).toMatchObject({
        otherIncome: 23000 + 23000 + 4500,
        ownerTopUps: 20000,
      });
    });
  });

  describe('rent roll', () => {
    it('lists the leases in force on `to` with deposit held and arrears', async () => {
      const report = await readReport(t, co.accountant, 'rent-roll', period);
      expect(report.rows).toHaveLength(2);
      expect(rowOf(report, 'property', books.p1.property.name)).toMatchObject({
        tenant: books.p1.tenant.name,
        startDate: books.p1.lease.startDate,
        endDate: books.p1.lease.endDate,
        rent: 100000,
        depositHeld: 50000,
        // Three months charged; the first month's and today's payments settled 1,300.00.
        arrears: 170000,
      });
      expect(rowOf(report, 'property', books.p3.property.name)).toMatchObject({
        agent: 'Second Agent',
        arrears: 50000,
      });
      expect(report.totals).toMatchObject({ rent: 150000, depositHeld: 50000, arrears: 220000 });
      expect(
        await creditSum(t, co.companyId, 'USD', sql`account = ${`deposits:${books.p1.lease._id}`}`),
      ).toBe(50000);
      const beforeP3 = await readReport(t, co.accountant, 'rent-roll', {
        to: addDays(books.p3.lease.startDate, -1),
      });
      expect(beforeP3.rows.map((row) => row.property)).toEqual([books.p1.property.name]);
      const ofOwner = await readReport(t, co.accountant, 'rent-roll', { ownerId: books.thirdOwnerId });
      expect(ofOwner.rows.map((row) => row.property)).toEqual([books.p3.property.name]);
    });

    it('comes as CSV and as a landscape PDF', async () => {
      const csv = await call(co.accountant, 'GET', '/api/reports/rent-roll?format=csv');
      const [heading, ...rows] = parseCsv(csv.body);
      expect(heading).toContain('Deposit held (USD)');
      expect(rows.at(-1)).toEqual(['Total', '', '', '', '', '', '1500.00', '500.00', '2200.00']);
      const pdf = await call(co.accountant, 'GET', '/api/reports/rent-roll?format=pdf');
      const { text } = await readPdfText(pdf.rawPayload);
      expect(text).toContain('Rent roll');
      expect(text).toContain(`As of ${formatDocumentDate(today)} · Currency: USD`);
      expect(text).toContain(`Rent roll as of ${formatDocumentDate(today)} (USD)`);
      expect(text).toContain(books.p1.tenant.name);
      expect(text).toMatch(/Total \$1,500\.00 \$500\.00 \$2,200\.00/);
    });
  });

  describe('arrears', () => {
    const bucketOfDue = (dueDate: string) => agingBucketOf(daysBetween(dueDate, today));

    it('ages what each tenant owes as of `to`, with totals keyed like AgingTotals', async () => {
      const report = await readReport(t, co.accountant, 'arrears', { to: today });
      const own = rowOf(report, 'name', books.p1.tenant.name);
      const expected = Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, 0])) as Record<
        AgingBucket,
        number
      >;
      expected[bucketOfDue(addMonths(today, -1))] += 70000;
      expected[bucketOfDue(addMonths(today, 0))] += 100000;
      expect(own).toMatchObject({ ...expected, total: 170000 });
      expect(rowOf(report, 'name', books.p3.tenant.name)).toMatchObject({ total: 50000 });
      expect(report.totals).toMatchObject({ name: 'Total', total: 220000 });
      expect(AGING_BUCKETS.reduce((sum, bucket) => sum + Number(report.totals![bucket]), 0)).toBe(220000);
      expect(report.chart).toMatchObject({ stacked: true, xKey: 'name' });
    });

    it('groups by property, owner and agent, and narrows to an agent', async () => {
      const byOwner = await readReport(t, co.accountant, 'arrears', { groupBy: 'owner' });
      expect(byOwner.columns[0]).toEqual({ key: 'name', label: 'Owner', type: 'text' });
      expect(byOwner.rows.map((row) => [row.name, row.total])).toEqual([
        [expect.stringMatching(/^Olive Own/), 170000],
        ['Thandi Third', 50000],
      ]);
      const byAgent = await readReport(t, co.accountant, 'arrears', { groupBy: 'agent' });
      expect(byAgent.rows.map((row) => [row.name, row.total])).toEqual([
        ['agent person', 170000],
        ['Second Agent', 50000],
      ]);
      const byProperty = await readReport(t, co.accountant, 'arrears', {
        groupBy: 'property',
        agentId: books.secondAgent.user._id,
      });
      expect(byProperty.rows.map((row) => [row.name, row.total])).toEqual([[books.p3.property.name, 50000]]);
    });

    it('comes as CSV and PDF', async () => {
      const csv = await call(co.accountant, 'GET', '/api/reports/arrears?format=csv&groupBy=property');
      const [heading, ...rows] = parseCsv(csv.body);
      expect(heading).toEqual([
        'Property',
        'Current (USD)',
        '1–30 days (USD)',
        '31–60 days (USD)',
        '61–90 days (USD)',
        '90+ days (USD)',
        'Total (USD)',
      ]);
      expect(rows.map((row) => [row[0], row.at(-1)])).toEqual([
        [books.p1.property.name, '1700.00'],
        [books.p3.property.name, '500.00'],
        ['Total', '2200.00'],
      ]);
      const pdf = await call(co.accountant, 'GET', '/api/reports/arrears?format=pdf');
      const { text } = await readPdfText(pdf.rawPayload);
      expect(text).toContain('Arrears aging');
      expect(text).toContain('Total arrears $2,200.00');
    });
  });

  describe('commissions', () => {
    it('splits by agent, matches the income commission and the ledger', async () => {
      const report = await readReport(t, co.accountant, 'commissions', period);
      expect(rowOf(report, 'agent', 'agent person')).toMatchObject({
        agentId: co.agent.user._id,
        collected: 130000,
        commission: 13000,
        agentShare: 7800,
        agencyShare: 5200,
        vat: 1950,
      });
      expect(rowOf(report, 'agent', 'Second Agent')).toMatchObject({ collected: 50000, agentShare: 3000 });
      const income = await readReport(t, co.accountant, 'income', period);
      expect(report.totals!.commission).toBe(income.totals!.commission);
      const inPeriod = sql`entry_date between ${period.from} and ${period.to} and kind like 'payment\\_rent%'`;
      expect(report.totals!.agentShare).toBe(
        await creditSum(t, co.companyId, 'USD', sql`${inPeriod} and account like 'agent:%'`),
      );
      expect(report.totals!.agencyShare).toBe(
        await creditSum(
          t,
          co.companyId,
          'USD',
          sql`${inPeriod} and account in ('business:commission-income', 'business:agents-commission')`,
        ),
      );
      const mine = await readReport(t, co.accountant, 'commissions', {
        ...period,
        agentId: co.agent.user._id,
      });
      expect(mine.rows.map((row) => row.agent)).toEqual(['agent person']);
    });

    it('comes as CSV and PDF', async () => {
      const query = new URLSearchParams({ ...period, format: 'csv' });
      const [heading, ...rows] = parseCsv(
        (await call(co.accountant, 'GET', `/api/reports/commissions?${query}`)).body,
      );
      expect(heading?.[0]).toBe('Agent');
      expect(rows.at(-1)).toEqual(['Total', '1800.00', '180.00', '108.00', '72.00', '27.00']);
      query.set('format', 'pdf');
      const { text } = await readPdfText(
        (await call(co.accountant, 'GET', `/api/reports/commissions?${query}`)).rawPayload,
      );
      expect(text).toContain('Commissions');
      expect(text).toContain('Second Agent');
    });
  });

  describe('occupancy', () => {
    it('counts properties by type and status with the rate and the rent lost to vacancy', async () => {
      const report = await readReport(t, co.accountant, 'occupancy');
      expect(report.totals).toEqual({
        type: 'Total',
        total: 6,
        occupied: 3,
        available: 1,
        underMaintenance: 1,
        inactive: 1,
        occupancyRateBp: 6000,
      });
      expect(report.rows.map((row) => [row.type, row.total, row.occupancyRateBp])).toEqual([
        ['Apartment', 2, 0],
        ['House', 3, 10000],
        ['Office', 1, null],
      ]);
      expect(report.summary).toEqual(
        expect.arrayContaining([
          { label: 'Vacant properties', value: 1, type: 'count' },
          { label: 'Monthly rent lost to vacancy', value: 80000, type: 'money' },
          { label: 'Occupancy', value: 6000, type: 'percent' },
        ]),
      );
      const second = await readReport(t, co.accountant, 'occupancy', { agentId: books.secondAgent.user._id });
      expect(second.totals).toMatchObject({ total: 1, occupied: 1, occupancyRateBp: 10000 });
    });

    it('comes as CSV with percentages and as PDF', async () => {
      const [heading, ...rows] = parseCsv(
        (await call(co.accountant, 'GET', '/api/reports/occupancy?format=csv')).body,
      );
      expect(heading?.at(-1)).toBe('Occupancy');
      expect(rows).toContainEqual(['Total', '6', '3', '1', '1', '1', '60.00%']);
      expect(rows).toContainEqual(['Office', '1', '0', '0', '0', '1', '']);
      const { text } = await readPdfText(
        (await call(co.accountant, 'GET', '/api/reports/occupancy?format=pdf')).rawPayload,
      );
      expect(text).toContain('Monthly rent lost to vacancy $800.00');
      expect(text).toContain('60.00%');
    });
  });

  describe('trust reconciliation', () => {
    it('holds in the bank exactly what it holds for others', async () => {
      const report = await readReport(t, co.accountant, 'trust-reconciliation');
      const amount = (key: string) => rowOf(report, 'key', key).amount;
      // The sum and the difference close the table as totals, apart from the accounts.
      expect(report.closingRows.map((row) => row.key)).toEqual(['totalHeld', 'difference']);
      const [totalHeld, difference] = report.closingRows.map((row) => row.amount);
      expect(amount('trustBank')).toBe(await ledgerSum(t, co.companyId, 'USD', sql`account = 'trust:bank'`));
      expect(amount('owners')).toBe(await creditSum(t, co.companyId, 'USD', sql`account like 'property:%'`));
      expect(amount('dueToAgency')).toBe(
        await creditSum(t, co.companyId, 'USD', sql`account = 'trust:due-to-agency'`),
      );
      expect(amount('deposits')).toBe(50000);
      // By hand: owners 960.50 + 442.50; due to the agency: the agents' 78.00 + 30.00, the agency's
      // 72.00 and VAT 27.00, all of it the agency's money until it is transferred out of trust.
      expect([amount('owners'), amount('clientMoney'), amount('dueToAgency')]).toEqual([
        140300, 190300, 20700,
      ]);
      expect(report.rows.map((row) => row.key)).not.toContain('agents');
      expect(amount('trustBank')).toBe(211000);
      expect(totalHeld).toBe(211000);
      expect(difference).toBe(0);
      expect(report.rows.some((row) => row.key === 'other')).toBe(false);
      const before = await readReport(t, co.accountant, 'trust-reconciliation', {
        to: addDays(period.from, -1),
      });
      expect(rowOf(before, 'key', 'trustBank').amount).toBe(0);
    });

    it('comes as CSV and PDF', async () => {
      const rows = parseCsv(
        (await call(co.accountant, 'GET', '/api/reports/trust-reconciliation?format=csv')).body,
      );
      expect(rows.at(-1)).toEqual(['Difference', '0.00']);
      const { text } = await readPdfText(
        (await call(co.accountant, 'GET', '/api/reports/trust-reconciliation?format=pdf')).rawPayload,
      );
      expect(text).toContain('Trust bank account $2,110.00');
    });
  });

  describe('owner statements', () => {
    it("gives each owner's statement figures, as the owner statement does", async () => {
      const report = await readReport(t, co.accountant, 'owner-statements', period);
      expect(report.rows.map((row) => row.ownerId)).toEqual([
        books.ownOwnerId,
        books.otherOwnerId,
        books.thirdOwnerId,
      ]);
      const own = rowOf(report, 'ownerId', books.ownOwnerId);
      expect(own).toMatchObject({
        openingBalance: 0,
        moneyIn: 203550,
        moneyOut: 107500,
        closingBalance: 96050,
      });
      const statement = Statement.parse(
        expectStatus(
          await call(
            co.accountant,
            'GET',
            `/api/accounts/owners/${books.ownOwnerId}/statement?from=${period.from}&to=${period.to}&currency=USD`,
          ),
          200,
        ).data,
      );
      expect(own).toMatchObject({
        openingBalance: statement.openingBalance,
        moneyIn: statement.moneyIn,
        moneyOut: statement.moneyOut,
        closingBalance: statement.closingBalance,
      });
      expect(rowOf(report, 'ownerId', books.thirdOwnerId)).toMatchObject({
        moneyIn: 44250,
        closingBalance: 44250,
      });
      expect(report.totals).toMatchObject({ closingBalance: 96050 + 44250 });
    });

    it("comes as CSV, and as a PDF with every owner's full statement", async () => {
      const query = new URLSearchParams({ ...period, format: 'csv' });
      const [, ...rows] = parseCsv(
        (await call(co.accountant, 'GET', `/api/reports/owner-statements?${query}`)).body,
      );
      expect(rows.at(-1)).toEqual(['Total', '0.00', '2478.00', '1075.00', '1403.00']);
      query.set('format', 'pdf');
      const pdf = await call(co.accountant, 'GET', `/api/reports/owner-statements?${query}`);
      const { text, pages } = await readPdfText(pdf.rawPayload);
      expect(pages).toBeGreaterThanOrEqual(4);
      expect(text.match(/Owner statement /g)?.length).toBeGreaterThanOrEqual(3);
      // Each statement's pages say whose they are.
      expect(text).toContain(
        `Owner statement: Oscar Other, ${formatDocumentDate(period.from)} to ${formatDocumentDate(period.to)}`,
      );
      expect(text).toContain('Thandi Third');
      expect(text).toContain('Burst geyser');
      expect(text).toContain(`Page ${pages} of ${pages}`);
    });
  });

  describe('access', () => {
    it('is for admins and accountants; agents and other staff get 403', async () => {
      for (const kind of REPORT_KINDS) {
        expect((await call(co.admin, 'GET', `/api/reports/${kind}`)).statusCode).toBe(200);
        expect((await call(co.agent, 'GET', `/api/reports/${kind}`)).statusCode).toBe(403);
        expect((await call(co.other, 'GET', `/api/reports/${kind}`)).statusCode).toBe(403);
        expect((await call(null, 'GET', `/api/reports/${kind}`)).statusCode).toBe(401);
      }
    });

    it('gives an owner only their own owner statements', async () => {
      for (const kind of REPORT_KINDS.filter(
        (kind): kind is Exclude<ReportKind, 'owner-statements'> => kind !== 'owner-statements',
      )) {
        expect((await call(co.owner, 'GET', `/api/reports/${kind}`)).statusCode).toBe(403);
      }
      const own = await readReport(t, co.owner, 'owner-statements', period);
      expect(own.rows.map((row) => row.ownerId)).toEqual([books.ownOwnerId]);
      const named = await readReport(t, co.owner, 'owner-statements', {
        ...period,
        ownerId: books.ownOwnerId,
      });
      expect(named.rows).toEqual(own.rows);
      const other = await call(
        co.owner,
        'GET',
        `/api/reports/owner-statements?ownerId=${books.otherOwnerId}`,
      );
      expect(expectStatus(other, 404).message).toBe('Owner not found');
      const pdf = await call(co.owner, 'GET', `/api/reports/owner-statements?format=pdf&from=${period.from}`);
      const { text } = await readPdfText(pdf.rawPayload);
      expect(text).not.toContain('Oscar Other');
      expect(text).toContain('Burst geyser');
    });

    it('refuses a backwards period, a bad or disabled currency and an unknown report with 400', async () => {
      const backwards = await call(
        co.accountant,
        'GET',
        `/api/reports/income?from=${today}&to=${addDays(today, -1)}`,
      );
      expect(expectStatus(backwards, 400).message).toContain(REPORT_PERIOD_ORDER);
      const afterToday = await call(co.accountant, 'GET', `/api/reports/income?from=${addDays(today, 1)}`);
      expect(expectStatus(afterToday, 400).message).toBe(REPORT_PERIOD_ORDER);
      expect(
        expectStatus(await call(co.accountant, 'GET', '/api/reports/income?currency=usd'), 400).message,
      ).toMatch(/three-letter code/);
      const disabled = expectStatus(
        await call(co.accountant, 'GET', '/api/reports/income?currency=EUR'),
        400,
      );
      expect(disabled).toMatchObject({
        code: 'CURRENCY_NOT_ENABLED',
        message: expect.stringContaining('EUR'),
      });
      expect((await call(co.accountant, 'GET', '/api/reports/profit')).statusCode).toBe(400);
      expect((await call(co.accountant, 'GET', '/api/reports/income?from=2026-02-30')).statusCode).toBe(400);
    });
  });

  describe('tenant isolation and aging boundaries', () => {
    let other: Company;
    /** Days late → the bucket the contract says (0 = due today). */
    const BOUNDARIES: [number, AgingBucket][] = [
      [0, 'current'],
      [1, 'days1to30'],
      [30, 'days1to30'],
      [31, 'days31to60'],
      [60, 'days31to60'],
      [61, 'days61to90'],
      [90, 'days61to90'],
      [91, 'days90plus'],
    ];
    const AS_OF = '2026-06-15';
    let tenants: { name: string; daysLate: number; bucket: AgingBucket; rent: number }[];
    let otherIds: { propertyId: string; ownerId: string; agentId: string };

    beforeAll(async () => {
      other = await createCompanyWithRoles(t.app);
      const ownerId = await createOwnerRecord(t.database, other.companyId, { name: 'Bea Other Company' });
      tenants = [];
      for (const [index, [daysLate, bucket]] of BOUNDARIES.entries()) {
        // A one-month lease whose only charge falls due `daysLate` days before AS_OF.
        const due = addDays(AS_OF, -daysLate);
        const rent = (index + 1) * 1000;
        const property = Property.parse(
          expectStatus(
            await call(other.admin, 'POST', '/api/properties', {
              name: `Late ${daysLate}`,
              address: '9 Far Street',
              type: 'cottage',
              ownerId,
              agentId: other.agent.user._id,
              rentAmount: rent,
            }),
            201,
          ).data,
        );
        const name = `Tenant ${daysLate} days ${randomUUID().slice(0, 4)}`;
        const tenant = expectStatus(await call(other.admin, 'POST', '/api/tenants', { name }), 201).data;
        const lease = Lease.parse(
          expectStatus(
            await call(other.admin, 'POST', '/api/leases', {
              propertyId: property._id,
              tenantId: tenant._id,
              startDate: `${due.slice(0, 7)}-01`,
              endDate: addDays(addMonths(due, 1), -1),
              rentAmount: rent,
              rentDueDay: Number(due.slice(8)),
            }),
            201,
          ).data,
        );
        expectStatus(await call(other.admin, 'POST', `/api/leases/${lease._id}/activate`), 200);
        tenants.push({ name, daysLate, bucket, rent });
        otherIds = { propertyId: property._id, ownerId, agentId: other.agent.user._id };
      }
      expectStatus(await call(other.accountant, 'POST', '/api/charges/generate'), 200);
    });

    it('puts charges exactly 0, 1, 30, 31, 60, 61, 90 and 91 days late in the right buckets', async () => {
      const report = await readReport(t, other.accountant, 'arrears', { to: AS_OF });
      expect(report.rows).toHaveLength(BOUNDARIES.length);
      for (const { name, bucket, rent } of tenants) {
        const row = rowOf(report, 'name', name);
        for (const key of AGING_BUCKETS) expect(row[key]).toBe(key === bucket ? rent : 0);
        expect(row.total).toBe(rent);
      }
      const expected = Object.fromEntries(
        AGING_BUCKETS.map((bucket) => [
          bucket,
          tenants.filter((tenant) => tenant.bucket === bucket).reduce((sum, tenant) => sum + tenant.rent, 0),
        ]),
      );
      expect(report.totals).toEqual({ name: 'Total', ...expected, total: 36000 });
      // A day earlier, the charge due on AS_OF is not due yet.
      const dayBefore = await readReport(t, other.accountant, 'arrears', { to: addDays(AS_OF, -1) });
      expect(dayBefore.rows.map((row) => row.name)).not.toContain(tenants[0]!.name);
    });

    it("answers another company's property, owner and agent with 404 and never mixes the books", async () => {
      const { propertyId, ownerId, agentId } = otherIds;
      const notFound = async (query: string, message: string) =>
        expect(
          expectStatus(await call(co.accountant, 'GET', `/api/reports/income?${query}`), 404).message,
        ).toBe(message);
      await notFound(`propertyId=${propertyId}`, 'Property not found');
      await notFound(`ownerId=${ownerId}`, 'Owner not found');
      await notFound(`agentId=${agentId}`, 'Agent not found');
      await notFound(`agentId=${randomUUID()}`, 'Agent not found');
      expect(
        (await call(other.owner, 'GET', `/api/reports/owner-statements?ownerId=${books.ownOwnerId}`))
          .statusCode,
      ).toBe(404);

      const theirIncome = await readReport(t, other.accountant, 'income');
      expect(theirIncome.totals).toMatchObject({ collected: 0, commission: 0, levies: 0 });
      const theirOwners = await readReport(t, other.accountant, 'owner-statements');
      expect(theirOwners.rows.map((row) => row.owner)).toEqual(['Bea Other Company']);
      const theirRoll = await readReport(t, other.accountant, 'rent-roll', { to: AS_OF });
      expect(theirRoll.rows.every((row) => String(row.property).startsWith('Late '))).toBe(true);
      const theirTrust = await readReport(t, other.accountant, 'trust-reconciliation');
      expect([...theirTrust.rows, ...theirTrust.closingRows].every((row) => row.amount === 0)).toBe(true);
      const ours = await readReport(t, co.accountant, 'arrears', { to: AS_OF });
      expect(ours.rows).toEqual([]);
    });
  });
});
