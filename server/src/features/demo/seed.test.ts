import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { companies, leases, properties, users } from '../../db/schema/index.ts';
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
});
