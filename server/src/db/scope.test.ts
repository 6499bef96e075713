import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyInput, createTestApp, failure, type TestApp } from '../test/harness.ts';
import { companies, properties } from './schema/index.ts';
import { queryRows, transactionStartingWith, type Tx } from './client.ts';
import { systemTransact, transact } from './scope.ts';

/**
 * Row-level security is the database's own guard: even a query that forgot its company filter
 * sees only the scoped company's rows. Proven here on whichever database the suite runs.
 */
describe('transact (row-level security)', () => {
  let t: TestApp;
  let companyA: string;
  let companyB: string;
  let propertyB: string;

  beforeAll(async () => {
    t = await createTestApp();
    const made = await systemTransact(t.database.db, async (tx) => {
      const [a] = await tx.insert(companies).values(companyInput('RLS A')).returning();
      const [b] = await tx.insert(companies).values(companyInput('RLS B')).returning();
      await tx
        .insert(properties)
        .values({ companyId: a!.id, name: 'A house', address: '1 A St', type: 'house' });
      const [pb] = await tx
        .insert(properties)
        .values({ companyId: b!.id, name: 'B house', address: '1 B St', type: 'house' })
        .returning();
      return { a: a!.id, b: b!.id, pb: pb!.id };
    });
    companyA = made.a;
    companyB = made.b;
    propertyB = made.pb;
  });
  afterAll(() => t.close());

  const scopedTo = (companyId: string) => ({ db: t.database.db, companyId });

  it('hides other companies’ rows from an unfiltered select', async () => {
    const seen = await transact(scopedTo(companyA), (tx) => tx.select().from(properties));
    expect(seen.map((row) => row.name)).toEqual(['A house']);
    const seenCompanies = await transact(scopedTo(companyA), (tx) => tx.select().from(companies));
    expect(seenCompanies.map((row) => row.id)).toEqual([companyA]);
  });

  it('cannot update or delete another company’s row', async () => {
    const updated = await transact(scopedTo(companyA), (tx) =>
      tx.update(properties).set({ name: 'hijacked' }).where(eq(properties.id, propertyB)).returning(),
    );
    expect(updated).toEqual([]);
    await transact(scopedTo(companyA), (tx) => tx.delete(properties).where(eq(properties.id, propertyB)));
    const [stillThere] = await transact(scopedTo(companyB), (tx) =>
      tx.select().from(properties).where(eq(properties.id, propertyB)),
    );
    expect(stillThere?.name).toBe('B house');
  });

  it('refuses to insert a row for another company', async () => {
    await expect(
      transact(scopedTo(companyA), (tx) =>
        tx.insert(properties).values({ companyId: companyB, name: 'smuggled', address: 'x', type: 'land' }),
      ),
    ).rejects.toThrow();
    const smuggled = await systemTransact(t.database.db, (tx) =>
      tx.select().from(properties).where(eq(properties.name, 'smuggled')),
    );
    expect(smuggled).toEqual([]);
  });

  it('leaves no company or role behind after the transaction', async () => {
    await transact(scopedTo(companyA), async () => undefined);
    const result = await systemTransact(t.database.db, (tx) =>
      tx.execute(sql`select current_setting('app.company_id', true) as company, current_user as role`),
    );
    const [settings] = (result as { rows: { company: string | null; role: string }[] }).rows;
    expect(settings?.company ?? '').toBe('');
    expect(settings?.role).not.toBe('lintel_app');
  });

  const settingsOf = (tx: Tx) =>
    queryRows<{
      company: string;
      role: string;
      isolation: string;
      readOnly: string;
      parallelWorkers: string;
      jit: string;
    }>(
      tx,
      sql`select current_setting('app.company_id', true) as company, current_user as role,
             current_setting('transaction_isolation') as isolation,
             current_setting('transaction_read_only') as "readOnly",
             current_setting('max_parallel_workers_per_gather') as "parallelWorkers", current_setting('jit') as jit`,
    );

  it('starts scoped, with the transaction settings asked for', async () => {
    const [plain] = await transact(scopedTo(companyA), settingsOf);
    expect(plain).toEqual({
      company: companyA,
      role: 'lintel_app',
      isolation: 'read committed',
      readOnly: 'off',
      parallelWorkers: '0',
      jit: 'off',
    });
    const [snapshot] = await transact(scopedTo(companyB), settingsOf, {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
    expect(snapshot).toEqual({
      company: companyB,
      role: 'lintel_app',
      isolation: 'repeatable read',
      readOnly: 'on',
      parallelWorkers: '0',
      jit: 'off',
    });
  });

  it('runs none of the work when its first statement (the scope) fails, and the connection serves the next one clean', async () => {
    let read: unknown[] | undefined;
    expect(
      await failure(
        transactionStartingWith(t.database.db, 'select 1 / 0', async (tx) => {
          read = await tx.select({ name: properties.name }).from(properties);
        }),
      ),
    ).toContain('division by zero');
    expect(read).toBeUndefined();
    const [after] = await systemTransact(t.database.db, settingsOf);
    expect(after?.company ?? '').toBe('');
  });

  it('rolls back everything when the work throws, and the connection serves the next one clean', async () => {
    const [before] = await systemTransact(t.database.db, settingsOf);
    await expect(
      transact(scopedTo(companyA), async (tx) => {
        await tx
          .insert(properties)
          .values({ companyId: companyA, name: 'Rolled back', address: 'x', type: 'house' });
        throw new Error('work failed');
      }),
    ).rejects.toThrow('work failed');
    const names = await transact(scopedTo(companyA), (tx) =>
      tx.select({ name: properties.name }).from(properties),
    );
    expect(names.map((row) => row.name)).not.toContain('Rolled back');
    const [after] = await systemTransact(t.database.db, settingsOf);
    expect(after?.company ?? '').toBe('');
    expect(after?.role).not.toBe('lintel_app');
    // The setting is the transaction's: the connection goes back to the server's default.
    expect(after?.parallelWorkers).toBe(before?.parallelWorkers);
    expect(after?.jit).toBe(before?.jit);
  });

  it('keeps a statement a repo names (built or raw) prepared on a direct connection, every run scoped to its company', async () => {
    // Through a transaction-mode pooler (DATABASE_DIRECT_URL, test:pooler) names are dropped,
    // as the next transaction may run on a server connection that never parsed it; PGlite names none.
    const named = t.database.kind === 'postgres' && !process.env.DATABASE_DIRECT_URL;
    // Seven runs alternating companies: past the five custom plans PostgreSQL makes by default.
    for (const companyId of [companyA, companyB, companyA, companyB, companyA, companyB, companyA]) {
      const seen = await transact(
        scopedTo(companyId),
        async (tx) => ({
          rows: await tx
            .select({ companyId: properties.companyId })
            .from(properties)
            .prepare('scope_test')
            .execute(),
          // A report's raw SQL, named the same way.
          raw: await queryRows<{ company_id: string }>(
            tx,
            sql`select company_id from properties`,
            'scope_raw',
          ),
          prepared: await queryRows<{ name: string }>(
            tx,
            sql`select name from pg_prepared_statements where name like 'scope\_test\_%' or name like 'scope\_raw\_%'`,
          ),
          plans: (
            await queryRows<{ mode: string }>(tx, sql`select current_setting('plan_cache_mode') as mode`)
          )[0]!.mode,
        }),
        { genericPlans: true },
      );
      expect(new Set(seen.rows.map((row) => row.companyId))).toEqual(new Set([companyId]));
      expect(new Set(seen.raw.map((row) => row.company_id))).toEqual(new Set([companyId]));
      expect(seen.prepared).toHaveLength(named ? 2 : 0);
      expect(seen.plans).toBe(named ? 'force_generic_plan' : 'auto');
    }
  });

  it('refuses a company scope that is not a company id', async () => {
    await expect(transact(scopedTo("x'); drop table properties; --"), async () => 1)).rejects.toThrow(
      'A company scope needs a company id',
    );
  });
});
