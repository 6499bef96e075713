import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArrearsRow, CommissionReport, IMPORT_KINDS, Report } from '@lintel/contracts';
import { dataSync } from '../../test/data-sync-fixtures.ts';
import {
  createCompanyWithRoles,
  createTestApp,
  expectStatus,
  type SignedIn,
  type TestApp,
} from '../../test/harness.ts';
import {
  caller,
  createLetProperty,
  recordPayment,
  rentBody,
  setFinanceSettings,
  terminateLease,
  type Company,
} from '../../test/money-fixtures.ts';
import { balancesByKind, importExport, sortedRows } from '../../test/round-trip.ts';
import { todayIso } from '../leases/index.ts';

let t: TestApp;
let original: Company;
let copy: Company;
let sync: ReturnType<typeof dataSync>;
let exported: Record<string, string>;

/** Properties name their agent by email, and an email is one user's: the copy has its own agent. */
const agentEmails = () => [original.agent.user.email, copy.agent.user.email] as const;

beforeAll(async () => {
  t = await createTestApp();
  sync = dataSync(t);
  [original, copy] = await Promise.all([createCompanyWithRoles(t.app), createCompanyWithRoles(t.app)]);
  for (const company of [original, copy]) await setFinanceSettings(t, company);
  const call = caller(t);

  // Owners with an email, with only an ID number, and with a name alone; bank details on one.
  const grace = expectStatus(
    await call(original.admin, 'POST', '/api/owners', {
      name: 'Grace Moyo',
      email: 'grace@example.com',
      phone: '+263 77 210 4411',
      bankDetails: { bankName: 'CBZ', accountName: 'G Moyo', accountNumber: '0123456' },
    }),
    201,
  ).data._id as string;
  const trust = expectStatus(
    await call(original.admin, 'POST', '/api/owners', { name: 'Takura Trust', idNumber: 'MT 118/2009' }),
    201,
  ).data._id as string;

  const house = await createLetProperty(t, original, {
    ownerId: grace,
    rent: 120000,
    deposit: 240000,
    startDate: '2025-01-01',
    commissionRateBp: 1250,
  });
  const flat = await createLetProperty(t, original, {
    ownerId: trust,
    rent: 65000,
    startDate: '2025-03-01',
    agent: null,
  });
  const cottage = await createLetProperty(t, original, {
    currency: 'ZWG',
    rent: 40000,
    startDate: '2025-06-01',
  });
  const ended = await createLetProperty(t, original, {
    rent: 50000,
    startDate: '2024-01-01',
    endDate: '2026-12-31',
  });

  await recordPayment(
    t,
    original.accountant,
    rentBody(house.lease, 240000, { type: 'deposit', paymentDate: '2025-01-01', reference: 'DEP-1' }),
  );
  for (const [month, lease, amount] of [
    ['01', house.lease, 120000],
    ['02', house.lease, 120000],
    ['03', house.lease, 60000],
    ['03', flat.lease, 65000],
    ['04', flat.lease, 65000],
    ['06', cottage.lease, 40000],
    ['01', ended.lease, 50000],
  ] as const) {
    await recordPayment(
      t,
      original.accountant,
      rentBody(lease, amount, { paymentDate: `2025-${month}-03`, reference: `R-${month}` }),
    );
  }
  // A payment to a property itself, and a bounced one reversed: it nets to nothing.
  await recordPayment(t, original.accountant, {
    type: 'other',
    propertyId: flat.property._id,
    amount: 5000,
    currency: 'USD',
    method: 'cash',
    paymentDate: '2025-04-10',
    payerName: 'Locksmith refund',
  });
  const bounced = await recordPayment(
    t,
    original.accountant,
    rentBody(house.lease, 120000, { method: 'cheque', paymentDate: '2025-04-03' }),
  );
  expectStatus(
    await call(original.accountant, 'POST', `/api/payments/${bounced._id}/reverse`, {
      reason: 'Cheque returned',
    }),
    200,
  );
  await terminateLease(t, original, ended.lease._id);

  exported = await sync.exportFiles(original.accountant);
  const [from, to] = agentEmails();
  await importExport(t, copy.accountant, exported, (name, csv) =>
    name === 'properties.csv' ? csv.replaceAll(from, to) : csv,
  );
  for (const company of [original, copy]) {
    expectStatus(await call(company.accountant, 'POST', '/api/charges/generate'), 200);
  }
}, 120_000);
afterAll(() => t.close());

/** A report row without the ids of records, which differ between the two companies. */
const withoutIds = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).filter(([key]) => !key.endsWith('Id')));

const read = async <T>(user: SignedIn, url: string, schema: { parse(value: unknown): T }) =>
  schema.parse(expectStatus(await caller(t)(user, 'GET', url), 200).data);

describe('an export imported into an empty company', () => {
  it('holds every kind of record, a README, and the payments that stand', () => {
    expect(Object.keys(exported).sort()).toEqual([
      'README.txt',
      'for-your-records/expenses.csv',
      'for-your-records/invoices.csv',
      'for-your-records/levies.csv',
      'for-your-records/maintenance.csv',
      'for-your-records/payouts.csv',
      'for-your-records/tasks.csv',
      'leases.csv',
      'opening-balances.csv',
      'owners.csv',
      'payments.csv',
      'properties.csv',
      'tenants.csv',
    ]);
    expect(exported['README.txt']).toContain('A reversed payment and its reversal net to');
    // 1 deposit, 7 rent, 1 other; the reversed cheque is left out.
    expect(sortedRows(exported['payments.csv']!)).toHaveLength(1 + 9);
    expect(exported['payments.csv']).not.toContain('cheque');
  });

  it('recreates the same records: its own export is the same files', async () => {
    expect(await sync.counts(copy.companyId)).toEqual({
      ...(await sync.counts(original.companyId)),
      payments: 9,
    });
    const again = await sync.exportFiles(copy.accountant);
    const [from, to] = agentEmails();
    for (const name of IMPORT_KINDS.map((kind) => `${kind}.csv`)) {
      const copied = name === 'properties.csv' ? again[name]!.replaceAll(to, from) : again[name]!;
      expect({ name, rows: sortedRows(copied) }).toEqual({ name, rows: sortedRows(exported[name]!) });
    }
  });

  it('gives the same figures: rent charged and arrears per lease, commission, the books', async () => {
    for (const currency of ['USD', 'ZWG']) {
      const arrears = async (user: SignedIn) =>
        (await read(user, `/api/arrears?by=lease&currency=${currency}`, ArrearsRow.array())).map(
          ({ id: _id, ...row }) => row,
        );
      expect(await arrears(copy.accountant)).toEqual(await arrears(original.accountant));
      const commissions = async (user: SignedIn) => {
        const report = await read(
          user,
          `/api/commissions?from=2024-01-01&to=${todayIso()}&currency=${currency}`,
          CommissionReport,
        );
        // Not by month: the reversal sits in the month it was posted, which the copy never had.
        return { totals: report.totals, byAgent: report.byAgent.map(({ agentId: _id, ...row }) => row) };
      };
      expect(await commissions(copy.accountant)).toEqual(await commissions(original.accountant));
      expect(await balancesByKind(t, copy.accountant, currency)).toEqual(
        await balancesByKind(t, original.accountant, currency),
      );
    }
    // Something was owed and something collected, so the comparisons above compared figures.
    const owed = await read(original.accountant, '/api/arrears?by=lease&currency=USD', ArrearsRow.array());
    expect(owed.reduce((sum, row) => sum + row.arrears, 0)).toBeGreaterThan(0);
  });

  it('gives the same report figures', async () => {
    const report = async (user: SignedIn, name: string, query = '') =>
      read(user, `/api/reports/${name}?from=2024-01-01&to=${todayIso()}&currency=USD${query}`, Report);
    const figures = async (user: SignedIn) => ({
      income: (await report(user, 'income')).totals,
      rentRoll: (await report(user, 'rent-roll')).rows.map(withoutIds),
      arrears: (await report(user, 'arrears', '&groupBy=tenant')).summary,
      commissions: (await report(user, 'commissions')).totals,
      occupancy: (await report(user, 'occupancy')).rows,
    });
    const copied = await figures(copy.accountant);
    expect(copied).toEqual(await figures(original.accountant));
    expect(copied.income?.collected).toBeGreaterThan(0);
  });
});
