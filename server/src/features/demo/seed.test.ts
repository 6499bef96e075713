import { readFileSync } from 'node:fs';
import { and, count, eq, gte, inArray, isNull, lte, sql, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  INVOICE_STATUSES,
  MAINTENANCE_STATUSES,
  TASK_STATUSES,
  type MaintenanceStatus,
} from '@lintel/contracts';
import { openDatabase, queryRows, type Database } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import {
  allocations,
  auditLog,
  bankAccounts,
  bankLines,
  bankMatches,
  companies,
  expenses,
  invoices,
  journals,
  leases,
  ledgerLines,
  levyCharges,
  levySchedules,
  mailMessages,
  maintenanceRequests,
  owners,
  payments,
  payouts,
  periodLocks,
  properties,
  reconciliations,
  rentCharges,
  suspenseItems,
  tasks,
  tenants,
  users,
} from '../../db/schema/index.ts';
import { createScratchDatabase } from '../../test/security/servers.ts';
import { getReconciliation } from '../banking/index.ts';
import { todayIso } from '../leases/index.ts';
import { seedDemoData } from './seed.ts';

const countBy = <T>(rows: T[], key: (row: T) => string) => {
  const counts: Record<string, number> = {};
  for (const row of rows) counts[key(row)] = (counts[key(row)] ?? 0) + 1;
  return counts;
};

// Always on a private embedded database: demo data is for an empty database only.
describe('demo data', () => {
  let database: Database;
  const today = todayIso();
  beforeAll(async () => {
    const template = process.env.LINTEL_TEST_TEMPLATE;
    database = await openDatabase({ loadDataDir: template ? new Blob([readFileSync(template)]) : undefined });
    await migrateDatabase(database);
  });
  afterAll(() => database.close());

  const userId = async (email: string) =>
    (await database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

  it('creates Demo Realty once, with a user per role and every occupied property let', async () => {
    expect(await seedDemoData(database.db)).toBe(true);
    expect(await seedDemoData(database.db)).toBe(true);
    const db = database.db;
    expect((await db.select({ n: count() }).from(companies))[0]!.n).toBe(1);
    const roles = (await db.select({ role: users.role }).from(users)).map((row) => row.role).sort();
    expect(roles).toEqual(['accountant', 'admin', 'agent', 'agent', 'other', 'owner']);
    const all = await db.select().from(properties);
    expect(all).toHaveLength(25);
    const active = await db.select().from(leases).where(eq(leases.status, 'active'));
    const occupied = all.filter((property) => property.status === 'occupied');
    expect(active.map((lease) => lease.propertyId).sort()).toEqual(
      occupied.map((property) => property.id).sort(),
    );
    // Work in progress takes a property off the market.
    expect(all.filter((property) => property.status === 'under_maintenance')).toHaveLength(1);

    const inThirtyDays = addDays(today, 30);
    expect(active.every((lease) => lease.startDate <= today && lease.endDate >= today)).toBe(true);
    expect(active.some((lease) => lease.endDate <= inThirtyDays)).toBe(true);
  });

  it('has leases renewed with an escalation, expired, and one terminated early with its deposit released', async () => {
    const db = database.db;
    const all = await db.select().from(leases);
    const byId = new Map(all.map((lease) => [lease.id, lease]));
    expect(countBy(all, (lease) => lease.status)).toEqual({ active: 16, expired: 9, terminated: 1 });
    const renewals = all.filter((lease) => lease.renewedFromId);
    expect(renewals).toHaveLength(8);
    for (const renewal of renewals) {
      const old = byId.get(renewal.renewedFromId!)!;
      expect(renewal.status).toBe('active');
      expect(old.status).toBe('expired');
      expect(old.tenantId).toBe(renewal.tenantId);
      expect(renewal.startDate).toBe(addDays(old.endDate, 1));
      expect(renewal.rentCents).toBeGreaterThan(old.rentCents);
    }
    // Rent history of more than a year on the renewed properties.
    const oneYearAgo = addDays(today, -365);
    expect(renewals.every((renewal) => byId.get(renewal.renewedFromId!)!.startDate < oneYearAgo)).toBe(true);

    const [terminated] = all.filter((lease) => lease.status === 'terminated');
    expect(terminated!.terminationReason).toBeTruthy();
    expect(terminated!.endDate < today).toBe(true);
    const notRenewed = all.filter(
      (lease) => lease.status === 'expired' && !all.some((other) => other.renewedFromId === lease.id),
    );
    expect(notRenewed).toHaveLength(1);
    // Both ended leases' deposits are settled: nothing left held for them.
    for (const ended of [terminated!, notRenewed[0]!]) {
      const [held] = await db
        .select({ total: sum(ledgerLines.amountCents) })
        .from(ledgerLines)
        .where(eq(ledgerLines.account, `deposits:${ended.id}`));
      expect(Number(held!.total)).toBe(0);
    }
    expect(await db.select().from(journals).where(eq(journals.kind, 'deposit_release'))).toHaveLength(2);
    // Deposits follow the tenancy: a lease that was renewed holds none, its renewal holds it.
    for (const renewal of renewals) {
      const [old] = await db
        .select({ total: sum(ledgerLines.amountCents) })
        .from(ledgerLines)
        .where(eq(ledgerLines.account, `deposits:${renewal.renewedFromId!}`));
      expect(Number(old!.total ?? 0)).toBe(0);
      const [held] = await db
        .select({ total: sum(ledgerLines.amountCents) })
        .from(ledgerLines)
        .where(eq(ledgerLines.account, `deposits:${renewal.id}`));
      expect(-Number(held!.total)).toBe(byId.get(renewal.renewedFromId!)!.depositCents);
    }
  });

  it('posts rent with arrears, a reversal, payouts, levies and repairs that tie to the ledger', async () => {
    const db = database.db;
    const all = await db.select().from(payments);
    expect(all.filter((payment) => payment.type === 'rent').length).toBeGreaterThan(150);
    expect(all.filter((payment) => payment.type === 'deposit')).toHaveLength(18);
    expect(all.filter((payment) => payment.status === 'reversed')).toHaveLength(1);
    expect(all.some((payment) => payment.receivedBy !== all[0]!.receivedBy)).toBe(true);
    const allPayouts = await db.select().from(payouts);
    expect(countBy(allPayouts, (payout) => payout.accountType).agent).toBeGreaterThanOrEqual(4);
    expect(countBy(allPayouts, (payout) => payout.accountType).property).toBeGreaterThan(50);

    const balances = await db
      .select({ currency: ledgerLines.currency, total: sum(ledgerLines.amountCents) })
      .from(ledgerLines)
      .groupBy(ledgerLines.currency);
    expect(balances).toEqual([{ currency: 'USD', total: '0' }]);
    // Owners and agents are never paid more than they hold: the running balance of each of their
    // accounts, in statement order, never goes below zero.
    const lowest = await queryRows<{ account: string; lowest: string }>(
      db,
      sql`select account, min(held) as lowest from (
            select account, -sum(amount_cents) over (partition by account, currency order by entry_date, seq) as held
            from ledger_lines where account like 'property:%' or account like 'agent:%') running
          group by account`,
    );
    expect(lowest.length).toBeGreaterThan(20);
    expect(lowest.filter((row) => Number(row.lowest) < 0)).toEqual([]);

    // Each book balances on its own; the business bank, which pays the agents, never goes below
    // zero, as what is due to the agency leaves trust every month.
    const books = await db
      .select({ book: ledgerLines.book, total: sum(ledgerLines.amountCents) })
      .from(ledgerLines)
      .groupBy(ledgerLines.book);
    expect(books.map((row) => Number(row.total))).toEqual([0, 0]);
    const [businessBank] = await queryRows<{ lowest: string; transfers: string }>(
      db,
      sql`select min(running) as lowest,
                 (select count(*) from journals where kind = 'fee_transfer' and book = 'trust') as transfers
          from (select sum(amount_cents) over (order by entry_date, seq) as running
                from ledger_lines where account = 'business:bank') bank`,
    );
    expect(Number(businessBank!.lowest)).toBeGreaterThanOrEqual(0);
    expect(Number(businessBank!.transfers)).toBeGreaterThanOrEqual(12);
    // Trust never pays the agency more than it has earned: what is due to it ends no day below zero.
    const [dueToAgency] = await queryRows<{ lowest: string }>(
      db,
      sql`select min(due) as lowest from (
            select -sum(sum(amount_cents)) over (order by entry_date) as due
            from ledger_lines where account = 'trust:due-to-agency' group by entry_date) daily`,
    );
    expect(Number(dueToAgency!.lowest)).toBeGreaterThanOrEqual(0);
    const vatPaid = await db.select().from(journals).where(eq(journals.kind, 'vat_payment'));
    expect(vatPaid.length).toBeGreaterThanOrEqual(3);
    const agentPayoutLines = await db
      .select({ book: ledgerLines.book })
      .from(ledgerLines)
      .innerJoin(payouts, eq(payouts.journalId, ledgerLines.journalId))
      .where(eq(payouts.accountType, 'agent'));
    expect(new Set(agentPayoutLines.map((line) => line.book))).toEqual(new Set(['business']));

    // Some tenants are behind: rent charged and due exceeds what was settled.
    const charged = await db.select({ total: sum(rentCharges.amountCents) }).from(rentCharges);
    const settled = await db.select({ total: sum(allocations.amountCents) }).from(allocations);
    expect(Number(charged[0]!.total)).toBeGreaterThan(Number(settled[0]!.total));

    // Every payment was recorded through the payments service, which audits it.
    const audited = await db
      .select({ id: auditLog.entityId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'payment'), eq(auditLog.action, 'payment.recorded')));
    expect(new Set(audited.map((row) => row.id))).toEqual(new Set(all.map((payment) => payment.id)));
  });

  it('has levies for the apartments and townhouses, mostly paid, some due this month and one overdue', async () => {
    const db = database.db;
    const levied = await db
      .select()
      .from(properties)
      .where(sql`${properties.levyCents} > 0`);
    const schedules = await db.select().from(levySchedules);
    expect(schedules.map((schedule) => schedule.propertyId).sort()).toEqual(
      levied.map((property) => property.id).sort(),
    );
    const charges = await db.select().from(levyCharges);
    const thisMonth = today.slice(0, 7);
    expect(charges).toHaveLength(schedules.length * 12);
    const paid = charges.filter((charge) => charge.expenseId);
    expect(paid.length / charges.length).toBeGreaterThan(0.8);
    expect(charges.some((charge) => charge.period === thisMonth && !charge.expenseId)).toBe(true);
    expect(charges.filter((charge) => charge.period < thisMonth && !charge.expenseId)).toHaveLength(1);
    // Each paid levy is an expense out of its property account.
    const levyExpenses = await db
      .select()
      .from(expenses)
      .where(
        inArray(
          expenses.id,
          paid.map((charge) => charge.expenseId!),
        ),
      );
    expect(levyExpenses).toHaveLength(paid.length);
  });

  it('has invoices in every status, one of them overdue, the paid ones posted', async () => {
    const db = database.db;
    const all = await db.select().from(invoices);
    const statuses = countBy(all, (invoice) => invoice.status);
    expect(Object.keys(statuses).sort()).toEqual([...INVOICE_STATUSES].sort());
    expect(statuses.issued).toBeGreaterThanOrEqual(3);
    const overdue = all.filter((invoice) => invoice.status === 'issued' && invoice.dueDate! < today);
    expect(overdue).toHaveLength(1);
    const paid = all.filter((each) => each.status === 'paid');
    // Tenants' recharges by a receipt into trust (the owner's money); an owner's fee into the business bank.
    expect(new Set(paid.map((invoice) => `${invoice.kind} ${invoice.paidFrom}`))).toEqual(
      new Set(['on_behalf payment', 'agency business_bank']),
    );
    for (const invoice of paid) {
      expect(invoice.journalId).not.toBeNull();
      if (invoice.paidFrom === 'payment') {
        const [payment] = await db.select().from(payments).where(eq(payments.id, invoice.paymentId!));
        expect(payment).toMatchObject({ status: 'completed', amountCents: invoice.totalCents });
        expect(payment!.journalId).toBe(invoice.journalId);
        expect(invoice.vatCents).toBe(0);
      } else {
        const lines = await db
          .select()
          .from(ledgerLines)
          .where(eq(ledgerLines.journalId, invoice.journalId!));
        expect(Object.fromEntries(lines.map((line) => [line.account, line.amountCents]))).toEqual({
          'business:bank': invoice.totalCents,
          'business:fee-income': -invoice.subtotalCents,
          'business:vat-payable': -invoice.vatCents,
        });
      }
    }
  });

  it('has trust bank statements matched and reconciled to last month, and this month open with lines to work on', async () => {
    const db = database.db;
    const [trust] = await db.select().from(bankAccounts).where(eq(bankAccounts.book, 'trust'));
    expect(trust).toMatchObject({ currency: 'USD' });
    const lastMonthEnd = addDays(`${today.slice(0, 7)}-01`, -1);
    const signedOff = await db.select().from(reconciliations).orderBy(reconciliations.statementDate);
    expect(signedOff.length).toBeGreaterThan(12);
    expect(signedOff.at(-1)!.statementDate).toBe(lastMonthEnd);
    const [lock] = await db.select().from(periodLocks).where(eq(periodLocks.book, 'trust'));
    expect(lock!.closedThrough).toBe(lastMonthEnd);
    // Reconciled as the accountant sees it now: both differences nil, with owners' remittances
    // of the 25th not yet presented at some months' ends.
    const accountant = {
      db,
      companyId: trust!.companyId,
      userId: await userId('accountant@demo.test'),
      role: 'accountant' as const,
      requestId: 'test',
    };
    const months = await Promise.all(
      signedOff.map((row) => getReconciliation(accountant, trust!.id, row.statementDate)),
    );
    for (const month of months) {
      expect({ date: month.date, bank: month.bankDifference, ledger: month.ledgerDifference }).toEqual({
        date: month.date,
        bank: 0,
        ledger: 0,
      });
    }
    expect(months.some((month) => month.unpresentedPayments.length > 0)).toBe(true);
    // What only the bank knew: monthly fees posted as the agency's, a credit parked, a payout sent back.
    const matches = await db.select({ rule: bankMatches.rule }).from(bankMatches);
    const rules = countBy(matches, (match) => match.rule);
    expect(rules.bank_charge).toBe(signedOff.length);
    expect(rules.suspense).toBe(1);
    expect(rules.returned_payout).toBe(1);
    const suspense = await db.select().from(suspenseItems);
    expect(suspense.map((item) => [item.state, item.amountCents])).toEqual([['open', 25000]]);
    // This month is open: nothing closed in it, and lines left for someone to work on.
    const open = await db
      .select()
      .from(bankLines)
      .where(and(isNull(bankLines.matchId), gte(bankLines.lineDate, `${today.slice(0, 7)}-01`)));
    if (addDays(today, -1).slice(0, 7) === today.slice(0, 7)) {
      expect(open.map((line) => line.description)).toContain('EFT CREDIT MOYO J');
    }
    const unmatchedBefore = await db
      .select()
      .from(bankLines)
      .where(and(isNull(bankLines.matchId), lte(bankLines.lineDate, lastMonthEnd)));
    expect(unmatchedBefore).toEqual([]);
  });

  it('has maintenance in every state on the agent’s properties, raised by the agent and the owner, one waiting for the owner', async () => {
    const db = database.db;
    const all = await db.select().from(maintenanceRequests);
    const [agent, owner] = [await userId('agent@demo.test'), await userId('owner@demo.test')];
    const agentsProperties = await db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.agentId, agent));
    const onAgentsProperties = all.filter((request) =>
      agentsProperties.some((property) => property.id === request.propertyId),
    );
    expect(new Set(onAgentsProperties.map((request) => request.status))).toEqual(
      new Set<MaintenanceStatus>(MAINTENANCE_STATUSES),
    );
    expect(all.some((request) => request.requestedBy === agent)).toBe(true);
    expect(all.some((request) => request.requestedBy === owner)).toBe(true);

    const gracesProperties = await db
      .select({ id: properties.id })
      .from(properties)
      .innerJoin(owners, eq(owners.id, properties.ownerId))
      .where(eq(owners.userId, owner));
    const waiting = all.filter(
      (request) =>
        request.ownerApprovalRequired &&
        !request.ownerApprovedAt &&
        (request.status === 'pending' || request.status === 'approved'),
    );
    expect(waiting).toHaveLength(1);
    expect(gracesProperties.map((property) => property.id)).toContain(waiting[0]!.propertyId);

    // The actual cost of completed work is paid out of the property account.
    for (const request of all.filter((each) => each.status === 'completed')) {
      const [expense] = await db.select().from(expenses).where(eq(expenses.id, request.expenseId!));
      expect(expense).toMatchObject({ propertyId: request.propertyId, amountCents: request.actualCostCents });
    }
  });

  it('keeps a month of emailed receipts in Admin → Messages: one for each rent payment by a tenant with an email since receipts went on', async () => {
    const db = database.db;
    const receipts = await db
      .select({
        paymentId: sql<string>`substring(${mailMessages.dedupeKey} from 9)`,
        state: mailMessages.state,
      })
      .from(mailMessages)
      .where(eq(mailMessages.kind, 'receipt'));
    const rentWithEmail = (from: string) =>
      db
        .select({ id: payments.id })
        .from(payments)
        .innerJoin(tenants, eq(tenants.id, payments.tenantId))
        .where(
          and(
            eq(payments.type, 'rent'),
            gte(payments.paymentDate, from),
            lte(payments.paymentDate, today),
            sql`${tenants.email} is not null`,
          ),
        );
    const receiptIds = new Set(receipts.map((receipt) => receipt.paymentId));
    // Receipts went on 30 days ago (demo/money.ts): every rent payment after that day has one…
    const since = await rentWithEmail(addDays(today, -29));
    expect(since.length).toBeGreaterThanOrEqual(10);
    expect(since.filter((payment) => !receiptIds.has(payment.id))).toEqual([]);
    // …and none before it: the rent receipts are exactly the month's.
    const rentReceipts = (await rentWithEmail(addDays(today, -30))).filter((payment) =>
      receiptIds.has(payment.id),
    );
    const allRentReceipts = (await rentWithEmail('2000-01-01')).filter((payment) =>
      receiptIds.has(payment.id),
    );
    expect(allRentReceipts).toEqual(rentReceipts);
    // No SMTP_URL in tests: the messages are kept to be read, not sent.
    expect(new Set(receipts.map((receipt) => receipt.state))).toEqual(new Set(['queued']));
  });

  it('has tasks in every status for the agent, the accountant and the admin, some due today and some overdue', async () => {
    const db = database.db;
    const all = await db.select().from(tasks);
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(new Set(all.map((task) => task.status))).toEqual(new Set(TASK_STATUSES));
    const assignees = new Set(all.map((task) => task.assigneeId));
    for (const email of ['agent@demo.test', 'accountant@demo.test', 'admin@demo.test']) {
      expect(assignees.has(await userId(email)), email).toBe(true);
    }
    const open = all.filter((task) => task.status !== 'done');
    expect(open.filter((task) => task.dueDate === today).length).toBeGreaterThanOrEqual(2);
    expect(open.filter((task) => task.dueDate && task.dueDate < today).length).toBeGreaterThanOrEqual(2);
    expect(new Set(all.map((task) => task.linkType).filter(Boolean))).toEqual(
      new Set(['property', 'lease', 'payment', 'invoice', 'maintenance']),
    );
    // The agent's dashboard lists up to eight open tasks: theirs fit.
    const agent = await userId('agent@demo.test');
    expect(open.filter((task) => task.assigneeId === agent).length).toBeLessThan(8);
  });
});

// Two instances starting together on one PostgreSQL once both seeded Demo Realty. PGlite is one
// process by nature, so this runs only when DATABASE_URL names a server.
describe.skipIf(!process.env.DATABASE_URL)('demo data, two instances starting at once on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  const instances: Database[] = [];
  beforeAll(async () => {
    scratch = await createScratchDatabase('seed');
    // Each instance has its own pool, as two processes do.
    for (let index = 0; index < 2; index += 1) {
      instances.push(await openDatabase({ databaseUrl: scratch.url }));
    }
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    await scratch?.drop();
  });

  it('seeds one Demo Realty with one user per demo login, and both find it', async () => {
    await Promise.all(instances.map((instance) => migrateDatabase(instance)));
    expect(await Promise.all(instances.map((instance) => seedDemoData(instance.db)))).toEqual([true, true]);
    const db = instances[0]!.db;
    expect(await db.select({ name: companies.name }).from(companies)).toEqual([{ name: 'Demo Realty' }]);
    const people = await db.select({ email: users.email, role: users.role }).from(users);
    expect(countBy(people, (person) => `${person.email} ${person.role}`)).toMatchObject({
      'admin@demo.test admin': 1,
      'agent@demo.test agent': 1,
      'owner@demo.test owner': 1,
      'accountant@demo.test accountant': 1,
      'staff@demo.test other': 1,
    });
    expect(people.map((person) => person.role).sort()).toEqual([
      'accountant',
      'admin',
      'agent',
      'agent',
      'other',
      'owner',
    ]);
  });
});
