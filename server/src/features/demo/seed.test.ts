import { count, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import {
  allocations,
  companies,
  expenses,
  leases,
  ledgerLines,
  payments,
  payouts,
  properties,
  rentCharges,
  users,
} from '../../db/schema/index.ts';
import { seedDemoData } from './seed.ts';

// Always on a private embedded database: demo data is for an empty database only.
describe('demo data', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
    await migrateDatabase(database);
  });
  afterAll(() => database.close());

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

    const today = new Date().toISOString().slice(0, 10);
    const inThirtyDays = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(active.every((lease) => lease.startDate <= today && lease.endDate >= today)).toBe(true);
    expect(active.some((lease) => lease.endDate <= inThirtyDays)).toBe(true);
  });

  it('posts a history of deposits, rent, a reversal, payouts and a repair that ties to the ledger', async () => {
    const db = database.db;
    const all = await db.select().from(payments);
    expect(all.filter((payment) => payment.type === 'rent').length).toBeGreaterThan(50);
    expect(all.filter((payment) => payment.type === 'deposit').length).toBeGreaterThan(10);
    expect(all.filter((payment) => payment.status === 'reversed')).toHaveLength(1);
    expect(all.some((payment) => payment.receivedBy !== all[0]!.receivedBy)).toBe(true);
    expect((await db.select().from(payouts)).length).toBeGreaterThan(3);
    expect(await db.select().from(expenses)).toHaveLength(1);
    const balances = await db
      .select({ currency: ledgerLines.currency, total: sum(ledgerLines.amountCents) })
      .from(ledgerLines)
      .groupBy(ledgerLines.currency);
    expect(balances).toEqual([{ currency: 'USD', total: '0' }]);
    // Some tenants are behind: rent charged and due exceeds what was settled.
    const charged = await db.select({ total: sum(rentCharges.amountCents) }).from(rentCharges);
    const settled = await db.select({ total: sum(allocations.amountCents) }).from(allocations);
    expect(Number(charged[0]!.total)).toBeGreaterThan(Number(settled[0]!.total));
  });
});
