import { and, eq, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Role } from '@lintel/contracts';
import {
  answersConcurrently,
  transactionStartingWith,
  type Db,
  type TransactionOptions,
  type Tx,
} from './client.ts';

/** Who is acting, for which company: built only by plugins/tenant.ts from the verified token. */
export interface Ctx {
  db: Db;
  companyId: string;
  userId: string;
  role: Role;
  requestId: string;
}

/**
 * The one way company-scoped work reaches the database: a transaction running as lintel_app
 * with app.company_id set, so row-level security hides every other company's rows.
 */
export async function transact<T>(
  ctx: Pick<Ctx, 'db' | 'companyId'>,
  work: (tx: Tx) => Promise<T>,
  /** E.g. one repeatable-read snapshot for a read spanning many tables (an export). */
  config?: TransactionOptions,
): Promise<T> {
  // Inlined rather than bound, so BEGIN and the scope travel as one simple query; a company id
  // only ever comes from a verified token, and is checked here all the same.
  //
  // No parallel plans and no JIT: a scoped request reads one company's rows. The planner goes
  // parallel only when it expects to read a large share of a table, which with hundreds of
  // companies means theirs (issue 20: a parallel scan of every company's properties, 100,000
  // rows, to find 500, when it misjudged a join), and under many requests the extra workers only
  // compete for the cores; it compiles a plan whose estimate is high (a subquery never run
  // counted for every row), which cost the income report 81 ms of its 107 at 200 companies.
  if (!isUuid(ctx.companyId)) throw new Error('A company scope needs a company id');
  return transactionStartingWith(
    ctx.db,
    `select set_config('role', 'lintel_app', true), set_config('app.company_id', '${ctx.companyId}', true),
      set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true)`,
    work,
    config,
  );
}

/**
 * A long read taken slice by slice, as it stood when it began. `begin` runs first and fixes that
 * moment (e.g. the last line posted); `slice` reads the rows after the last one read, and an
 * empty slice ends the read. PGlite answers one transaction at a time in the server's own thread,
 * so there each slice is a short transaction of its own and other requests are answered between
 * slices; on PostgreSQL, where reads do not queue, one read-only repeatable-read transaction (one
 * snapshot) reads every slice.
 */
export async function readInSlices<Row, Begun>(
  ctx: Pick<Ctx, 'db' | 'companyId'>,
  begin: (tx: Tx) => Promise<Begun>,
  slice: (tx: Tx, begun: Begun, last: Row | undefined) => Promise<Row[]>,
): Promise<Row[]> {
  const rows: Row[] = [];
  const readSlices = async (run: (work: (tx: Tx) => Promise<Row[]>) => Promise<Row[]>, begun: Begun) => {
    for (let last: Row | undefined; ;) {
      const part = await run((tx) => slice(tx, begun, last));
      if (part.length === 0) return rows;
      rows.push(...part);
      last = part.at(-1);
    }
  };
  if (answersConcurrently(ctx.db)) {
    return transact(ctx, async (tx) => readSlices((work) => work(tx), await begin(tx)), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
  }
  const begun = await transact(ctx, begin);
  return readSlices(async (work) => {
    // A turn of the event loop before each slice, so requests waiting on the socket get in first.
    await new Promise((resolve) => setImmediate(resolve));
    return transact(ctx, work);
  }, begun);
}

/**
 * Work that must see across companies before anyone is scoped: sign-in, sign-up, token refresh,
 * start-up seeding. Kept to the auth and demo features.
 */
export function systemTransact<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

/** Second guard beside row-level security: every repo query names its company. */
export function inCompany(
  table: { companyId: PgColumn },
  /** The company, or its placeholder in a statement built once (db/client.ts selectBuiltOnce). */
  ctx: { companyId: string | Placeholder },
  ...more: (SQL | undefined)[]
) {
  return and(eq(table.companyId, ctx.companyId), ...more);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids arrive in paths as free text: anything that is not a UUID cannot name a row. */
export const isUuid = (value: string) => UUID.test(value);
