import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  expectStatus,
  injectAs,
  signupAdmin,
  type SignedIn,
  type TestApp,
} from '../test/harness.ts';
import { queryRows } from './client.ts';
import { transact } from './scope.ts';
import { properties } from './schema/index.ts';

/**
 * Connections are shared between companies: by the app's own pool everywhere, and under
 * `npm run test:pooler` by PgBouncer in transaction mode, where a handful of server connections
 * (POOLER_POOL_SIZE) serve every client in turn. The company scope must live and die with each
 * transaction: set at session level, it would stay on a connection for whoever comes next.
 */
describe('company scope on shared connections', () => {
  let t: TestApp;
  let a: SignedIn;
  let b: SignedIn;
  const own = new Map<string, string[]>();

  beforeAll(async () => {
    t = await createTestApp();
    [a, b] = await Promise.all([signupAdmin(t.app), signupAdmin(t.app)]);
    for (const user of [a, b]) {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const payload = { name: `House ${i}`, address: `${i} Pool Street`, type: 'house' };
        ids.push(expectStatus(await injectAs(t.app, user, 'POST', '/api/properties', payload), 201).data._id);
      }
      own.set(user.company._id, ids.sort());
    }
  });
  afterAll(() => t.close());

  interface Settings extends Record<string, unknown> {
    company: string | null;
    role: string;
    pid: number;
  }
  const settings = sql`select current_setting('app.company_id', true) as company, current_user as role,
                              pg_backend_pid() as pid`;
  /** One statement outside any transaction: what a connection carries between transactions. */
  const unscoped = async () => (await queryRows<Settings>(t.database.db, settings))[0]!;

  it('each company sees only its own rows while both hammer the same few connections', async () => {
    const listings = async (user: SignedIn) => {
      const body = expectStatus(await injectAs(t.app, user, 'GET', '/api/properties?pageSize=100'), 200);
      return { company: user.company._id, ids: (body.data as { _id: string }[]).map((p) => p._id).sort() };
    };
    const scoped = (user: SignedIn) =>
      transact({ db: t.database.db, companyId: user.company._id }, async (tx) => {
        const [inside] = await queryRows<Settings>(tx, settings);
        const names = await tx.select({ id: properties.id }).from(properties);
        return { expected: user.company._id, inside: inside!, ids: names.map((row) => row.id).sort() };
      });

    // Waves of six at once: more than the pooler's server connections, fewer than the app's pool
    // (more would wait out the pool's connect limit on a loaded machine, and test that instead).
    const lists: Awaited<ReturnType<typeof listings>>[] = [];
    const transactions: Awaited<ReturnType<typeof scoped>>[] = [];
    const between: Settings[] = [];
    for (let wave = 0; wave < 8; wave++) {
      const [listed, done, seen] = await Promise.all([
        Promise.all([listings(a), listings(b)]),
        Promise.all([scoped(a), scoped(b)]),
        Promise.all([unscoped(), unscoped()]),
      ]);
      lists.push(...listed);
      transactions.push(...done);
      between.push(...seen);
    }
    // And one after the other, as a quiet moment hands the connection just released to the next.
    transactions.push(await scoped(a), await scoped(b));

    for (const list of lists) expect(list.ids).toEqual(own.get(list.company));
    for (const done of transactions) {
      expect(done.inside).toMatchObject({ company: done.expected, role: 'lintel_app' });
      expect(done.ids).toEqual(own.get(done.expected));
    }
    // Between transactions, on whichever server connection answered: no company, not the app role.
    for (const seen of [...between, ...(await Promise.all([unscoped(), unscoped(), unscoped()]))]) {
      expect(seen.company ?? '').toBe('');
      expect(seen.role).not.toBe('lintel_app');
    }

    // The connections really were shared: some server process served both companies.
    const companiesByPid = new Map<number, Set<string>>();
    for (const done of transactions) {
      const served = companiesByPid.get(done.inside.pid) ?? new Set<string>();
      companiesByPid.set(done.inside.pid, served.add(done.expected));
    }
    expect([...companiesByPid.values()].some((served) => served.size === 2)).toBe(true);
    const poolSize = Number(process.env.POOLER_POOL_SIZE);
    if (poolSize) expect(companiesByPid.size).toBeLessThanOrEqual(poolSize);
  });
});
