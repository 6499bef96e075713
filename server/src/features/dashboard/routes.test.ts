import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  AGING_BUCKETS,
  Dashboard,
  Invoice,
  LevyCharge,
  ROLES,
  type AccountantDashboard,
  type AdminDashboard,
  type AgentDashboard,
  type OwnerDashboard,
  type GeneralDashboard,
  type Report,
  type Role,
} from '@lintel/contracts';
import { buildApp } from '../../app.ts';
import { openDatabase, queryRows, type Database } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import {
  createCompanyWithRoles,
  createTestApp,
  expectStatus,
  type SignedIn,
  type TestApp,
} from '../../test/harness.ts';
import { caller, createLetProperty, setFinanceSettings, type Company } from '../../test/money-fixtures.ts';
import {
  buildBooks,
  incomeFromLedger,
  creditSum,
  ledgerSum,
  readReport,
  type Books,
} from '../../test/report-fixtures.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from '../demo/index.ts';
import { todayIso } from '../leases/index.ts';
import { addMonths, monthEnd } from '../reports/index.ts';

type Dashboards = {
  accountant: AccountantDashboard;
  admin: AdminDashboard;
  agent: AgentDashboard;
  owner: OwnerDashboard;
  other: GeneralDashboard;
};

async function readDashboard<R extends Role>(
  t: Pick<TestApp, 'app'>,
  user: SignedIn,
  role: R,
  currency?: string,
): Promise<Dashboards[R]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/dashboard/${role}${currency ? `?currency=${currency}` : ''}`,
    headers: user.auth,
  });
  const dashboard = Dashboard.parse(expectStatus(response, 200).data);
  expect(dashboard.role).toBe(role);
  return dashboard as Dashboards[R];
}

const totalsOf = (report: Report) => report.totals!;
const agingOf = (report: Report) =>
  Object.fromEntries([...AGING_BUCKETS, 'total'].map((key) => [key, report.totals![key]]));
const countsOf = (report: Report) => {
  const { type: _label, ...counts } = report.totals!;
  return counts;
};

/**
 * Each role's dashboard against the reports it names, read by someone allowed to read them
 * (`reader`: an admin or accountant; the owner reads their own owner statements).
 */
async function expectDashboardsMatchReports(
  t: Pick<TestApp, 'app'>,
  users: Record<Role, SignedIn>,
  today: string,
) {
  const reader = users.accountant;
  const read = (kind: string, query: Record<string, string> = {}, user = reader) =>
    readReport(t, user, kind, query);
  const thisMonth = { from: `${today.slice(0, 7)}-01`, to: today };

  const accountant = await readDashboard(t, users.accountant, 'accountant');
  const income = await read('income');
  expect(accountant.incomeByMonth).toEqual(income.rows);
  expect(accountant.collectedThisMonth).toBe(income.rows.at(-1)!.collected);
  expect(accountant.collectedLastMonth).toBe(income.rows.at(-2)!.collected);
  expect(accountant.arrears).toEqual(agingOf(await read('arrears', { to: today })));
  const commissions = await read('commissions', thisMonth);
  expect(accountant.commissionThisMonth).toBe(totalsOf(commissions).commission);
  expect(accountant.commissionThisMonth).toBe(income.rows.at(-1)!.commission);
  const trust = await read('trust-reconciliation');
  expect(accountant.heldForOwners).toBe(trust.rows.find((row) => row.key === 'owners')!.amount);
  expect(trust.closingRows.find((row) => row.key === 'difference')!.amount).toBe(0);

  const admin = await readDashboard(t, users.admin, 'admin');
  expect(admin.properties).toEqual(countsOf(await read('occupancy')));
  expect(admin.incomeByMonth).toEqual(income.rows);
  expect(admin.paymentsThisMonth.amount).toBe(income.rows.at(-1)!.collected);
  expect(admin.auditActivity).toHaveLength(30);
  expect(admin.auditActivity.at(-1)!.day).toBe(today);

  const agentId = users.agent.user._id;
  const agent = await readDashboard(t, users.agent, 'agent');
  expect(agent.properties).toEqual(countsOf(await read('occupancy', { agentId })));
  expect(agent.arrears).toEqual(agingOf(await read('arrears', { to: today, agentId })));
  const earned = await read('commissions', { ...thisMonth, agentId });
  expect(agent.commissionThisMonth).toBe(totalsOf(earned).agentShare);
  expect(agent.commissionByMonth.map((month) => month.month)).toEqual(income.rows.map((row) => row.month));
  const earnedYear = await read('commissions', { agentId });
  expect(agent.commissionByMonth.reduce((sum, month) => sum + month.amount, 0)).toBe(
    totalsOf(earnedYear).agentShare,
  );

  const owner = await readDashboard(t, users.owner, 'owner');
  const ownStatements = (query: Record<string, string>) => read('owner-statements', query, users.owner);
  const moneyIn = (report: Report) => report.rows.reduce((sum, row) => sum + Number(row.moneyIn), 0);
  expect(owner.receivedThisMonth).toBe(moneyIn(await ownStatements(thisMonth)));
  expect(owner.receivedThisYear).toBe(moneyIn(await ownStatements({ from: `${today.slice(0, 4)}-01-01` })));
  expect(owner.receivedByMonth.reduce((sum, month) => sum + month.amount, 0)).toBe(
    moneyIn(await ownStatements({})),
  );
  const lastMonth = { from: addMonths(today, -1), to: monthEnd(addMonths(today, -1)) };
  const [latest] = (await ownStatements(lastMonth)).rows;
  expect(owner.latestStatement).toEqual({
    ...lastMonth,
    openingBalance: latest!.openingBalance,
    moneyIn: latest!.moneyIn,
    moneyOut: latest!.moneyOut,
    closingBalance: latest!.closingBalance,
  });

  const other = await readDashboard(t, users.other, 'other');
  const occupancy = await read('occupancy');
  expect(other.properties).toEqual(countsOf(occupancy));
  expect(other.propertiesByType).toEqual(
    occupancy.rows.map((row) => ({ type: row.typeKey, count: row.total })),
  );
  return { accountant, admin, agent, owner, other, income };
}

describe('dashboards on generated books', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let co: Company;
  let books: Books;
  let today: string;
  let users: Record<Role, SignedIn>;
  let overdueInvoice: Invoice;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    co = await createCompanyWithRoles(t.app);
    users = co;
    await setFinanceSettings(t, co);
    books = await buildBooks(t, co);
    today = books.today;
    // A lease of the agent's ending within 30 days, and one of theirs ending later (books' P1).
    await createLetProperty(t, co, {
      rent: 20000,
      startDate: addMonths(today, -3),
      endDate: addDays(today, 10),
    });
    // Open maintenance: on the agent's and own owner's P1 above the approval limit, on P3, and a finished one.
    for (const body of [
      { propertyId: books.p1.property._id, estimatedCost: 90000, title: 'Roof leak' },
      { propertyId: books.p3.property._id, estimatedCost: 1000, title: 'Door handle' },
    ]) {
      expectStatus(
        await call(co.admin, 'POST', '/api/maintenance', {
          ...body,
          description: 'Needs fixing',
          priority: 'high',
          currency: 'USD',
        }),
        201,
      );
    }
    for (const [title, dueDate] of [
      ['Inspect P1', today],
      ['Chase arrears', addDays(today, -1)],
      ['Renew lease', null],
      ['Call owner', addDays(today, 3)],
    ] as const) {
      expectStatus(
        await call(co.admin, 'POST', '/api/tasks', { title, dueDate, assigneeId: co.agent.user._id }),
        201,
      );
    }
    const draft = Invoice.parse(
      expectStatus(
        await call(co.accountant, 'POST', '/api/invoices', {
          clientType: 'other',
          clientName: 'Late Payer Ltd',
          currency: 'USD',
          issueDate: addDays(today, -40),
          dueDate: addDays(today, -10),
          lines: [{ description: 'Inspection', quantity: 1, unitPrice: 12500 }],
        }),
        201,
      ).data,
    );
    overdueInvoice = Invoice.parse(
      expectStatus(await call(co.accountant, 'POST', `/api/invoices/${draft._id}/issue`), 200).data,
    );
  });
  afterAll(() => t.close());

  it('gives every role the figures of its reports', async () => {
    await expectDashboardsMatchReports(t, users, today);
  });

  it("ties the accountant's money figures to the ledger", async () => {
    const dashboard = await readDashboard(t, co.accountant, 'accountant');
    expect(dashboard).toMatchObject({ role: 'accountant', currency: 'USD', asOf: today });
    for (const month of dashboard.incomeByMonth) {
      expect(month).toEqual(await incomeFromLedger(t, co.companyId, 'USD', month.month));
    }
    // By hand (report-fixtures' books): today 300.00 received and 1,000.00 reversed.
    expect(dashboard.collectedThisMonth).toBe(30000 - 100000);
    expect(dashboard.collectedLastMonth).toBe(150000);
    // Two months back: 1,000.00 rent and the 500.00 deposit; the deposit is not collected income.
    expect(dashboard.incomeByMonth.at(-3)).toMatchObject({
      collected: 100000,
      rent: 100000,
      deposits: 50000,
    });
    expect(dashboard.commissionThisMonth).toBe(3000 - 10000);
    expect(dashboard.heldForOwners).toBe(
      await creditSum(t, co.companyId, 'USD', sql`account like 'property:%'`),
    );
    // P1's owner holds 960.50, P3's 442.50; the lease ending soon has taken nothing yet.
    expect(dashboard.heldForOwners).toBe(96050 + 44250);
    expect(dashboard.arrears.total).toBe(170000 + 50000);
    const levies = LevyCharge.array().parse(
      expectStatus(await call(co.accountant, 'GET', '/api/levies/due'), 200).data,
    );
    const dueNow = levies.filter((levy) => levy.period === today.slice(0, 7) && levy.status !== 'paid');
    expect(dashboard.leviesDue).toEqual({ count: 1, amount: 7000 });
    expect(dueNow.map((levy) => levy.amount)).toEqual([7000]);
    expect(dashboard.overdueInvoices).toEqual({ count: 1, amount: overdueInvoice.total });
    const zwg = await readDashboard(t, co.accountant, 'accountant', 'ZWG');
    expect(zwg).toMatchObject({ currency: 'ZWG', collectedLastMonth: 70000, heldForOwners: 61950 });
  });

  it("counts the admin's properties, people, maintenance, payments and audit activity", async () => {
    const dashboard = await readDashboard(t, co.admin, 'admin');
    expect(dashboard.properties).toEqual({
      total: 7,
      occupied: 4,
      available: 1,
      underMaintenance: 1,
      inactive: 1,
      occupancyRateBp: 6667,
    });
    expect(dashboard.usersByRole).toEqual([
      { role: 'accountant', count: 1 },
      { role: 'admin', count: 1 },
      { role: 'agent', count: 2 },
      { role: 'other', count: 1 },
      { role: 'owner', count: 1 },
    ]);
    expect(dashboard.openMaintenance).toEqual({
      total: 2,
      byStatus: [
        { status: 'pending', count: 2 },
        { status: 'approved', count: 0 },
        { status: 'in_progress', count: 0 },
      ],
    });
    // Completed payments dated this month: the agent's 300.00 today (the reversed one was last month's).
    expect(dashboard.paymentsThisMonth).toEqual({ count: 1, amount: 30000 - 100000 });
    const [logged] = await queryRows<{ total: string }>(
      t.database.db,
      sql`select count(*) as total from audit_log where company_id = ${co.companyId}
        and created_at >= ${`${addDays(today, -29)}T00:00:00Z`}::timestamptz`,
    );
    expect(dashboard.auditActivity.reduce((sum, day) => sum + day.count, 0)).toBe(Number(logged!.total));
    expect(dashboard.auditActivity[0]!.day).toBe(addDays(today, -29));
    expect(dashboard.auditActivity.at(-1)!.count).toBeGreaterThan(20);
  });

  it('gives the agent their properties, leases ending, arrears, commission, tasks and maintenance', async () => {
    const dashboard = await readDashboard(t, co.agent, 'agent');
    // P1, P4 and the lease ending soon; P3 is the second agent's.
    expect(dashboard.properties).toMatchObject({ total: 3, occupied: 3 });
    expect(dashboard.leasesEndingSoon).toBe(1);
    const ending = expectStatus(await call(co.agent, 'GET', '/api/leases/ending?days=30'), 200).data;
    expect(ending).toHaveLength(dashboard.leasesEndingSoon);
    const agentLines = (month: string) =>
      ledgerSum(
        t,
        co.companyId,
        'USD',
        sql`account = ${`agent:${co.agent.user._id}`} and kind like 'payment\\_rent%' and to_char(entry_date, 'YYYY-MM') = ${month}`,
      );
    for (const { month, amount } of dashboard.commissionByMonth)
      expect(amount).toBe(0 - (await agentLines(month)));
    expect(dashboard.commissionThisMonth).toBe(1800 - 6000);
    expect(dashboard.tasks).toEqual({ open: 4, dueToday: 1, overdue: 1 });
    expect(dashboard.openMaintenance).toBe(1);
    // P1's arrears; P4's are in ZWG, and the lease ending soon has no charges raised yet.
    expect(dashboard.arrears.total).toBe(170000);
  });

  it('gives the owner what reached their property accounts and what waits for them', async () => {
    const dashboard = await readDashboard(t, co.owner, 'owner');
    expect(dashboard.properties).toMatchObject({ total: 1, occupied: 1, occupancyRateBp: 10000 });
    const credits = (from: string, to: string) =>
      ledgerSum(
        t,
        co.companyId,
        'USD',
        sql`account = ${`property:${books.p1.property._id}`} and amount_cents < 0 and entry_date between ${from} and ${to}`,
      );
    expect(dashboard.receivedThisMonth).toBe(0 - (await credits(`${today.slice(0, 7)}-01`, today)));
    expect(dashboard.receivedThisYear).toBe(0 - (await credits(`${today.slice(0, 4)}-01-01`, today)));
    // Owner shares by hand: 885.00 two months back, 885.00 last month, 265.50 today.
    expect(dashboard.receivedThisMonth).toBe(26550);
    expect(dashboard.receivedByMonth.slice(-3).map((month) => month.amount)).toEqual([88500, 88500, 26550]);
    expect(dashboard.latestStatement).toMatchObject({ moneyIn: 88500, moneyOut: 5000 });
    expect(dashboard.openMaintenance).toBe(1);
    expect(dashboard.approvalsWaiting).toBe(1);
  });

  it('refuses another role and a disabled currency', async () => {
    for (const role of ROLES) {
      for (const user of ROLES.filter((other) => other !== role)) {
        const response = await call(users[user], 'GET', `/api/dashboard/${role}`);
        expect(response.statusCode).toBe(403);
      }
    }
    expect(expectStatus(await call(co.admin, 'GET', '/api/dashboard/admin?currency=EUR'), 400).code).toBe(
      'CURRENCY_NOT_ENABLED',
    );
    expect((await call(co.admin, 'GET', '/api/dashboard/landlord')).statusCode).toBe(400);
  });

  it("shows an owner without an owner record nothing of anyone else's", async () => {
    const stranger = await createCompanyWithRoles(t.app);
    const dashboard = await readDashboard(t, stranger.owner, 'owner');
    expect(dashboard).toMatchObject({
      properties: { total: 0 },
      receivedThisYear: 0,
      latestStatement: null,
      approvalsWaiting: 0,
    });
    expect(dashboard.receivedByMonth).toHaveLength(12);
  });
});

describe('dashboards on demo data', () => {
  let database: Database;
  let app: FastifyInstance;
  const users = {} as Record<Role, SignedIn>;
  beforeAll(async () => {
    // Demo data is for an empty database: always a private embedded one.
    database = await openDatabase({});
    await migrateDatabase(database);
    expect(await seedDemoData(database.db)).toBe(true);
    app = await buildApp({
      database,
      config: {
        jwtSecret: 'test-signing-secret-that-is-long-enough',
        cookieSecure: false,
        logLevel: 'silent',
        prettyLogs: false,
      },
    });
    await app.ready();
    for (const person of DEMO_USERS) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: person.email, password: DEMO_PASSWORD },
      });
      const session = expectStatus(response, 200);
      users[person.role] = { ...session, auth: { authorization: `Bearer ${session.token}` } };
    }
    // Seeding the whole demo takes ~40 s on a quiet machine and passed 120 s when helpers shared the cores.
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('gives every role the figures of its reports, and the trust account balances', async () => {
    const today = todayIso();
    const { accountant, owner, income } = await expectDashboardsMatchReports({ app }, users, today);
    const [company] = await queryRows<{ id: string }>(
      database.db,
      sql`select company_id as id from users where email = 'admin@demo.test'`,
    );
    for (const month of income.rows) {
      expect(month).toEqual(await incomeFromLedger({ database }, company!.id, 'USD', String(month.month)));
    }
    expect(income.rows.some((month) => Number(month.collected) > 0)).toBe(true);
    expect(accountant.heldForOwners).toBeGreaterThan(0);
    expect(owner.properties.total).toBeGreaterThan(0);
  });
});
