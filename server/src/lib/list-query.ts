import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.ts';
import { badRequest } from './errors.ts';

/**
 * A list's `sort` parameter (`name`, `-createdAt`) checked against the columns a repo allows.
 * Own keys only: `in` would also accept inherited names such as constructor or __proto__.
 */
export function parseSort<K extends string>(
  sort: string | undefined,
  columns: Record<K, unknown>,
  fallback: K,
): { sort: K; descending: boolean } {
  if (!sort) return { sort: fallback, descending: false };
  const descending = sort.startsWith('-');
  const key = descending ? sort.slice(1) : sort;
  if (!Object.hasOwn(columns, key)) {
    throw badRequest(
      'VALIDATION',
      `Sort must be one of: ${Object.keys(columns).join(', ')} (prefix - for descending)`,
    );
  }
  return { sort: key as K, descending };
}

/** `q` as an ILIKE pattern that matches the text anywhere, with %, _ and \ taken literally. */
export const containsPattern = (q: string | undefined) =>
  q ? `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : undefined;

/**
 * How many rows past a page's first a list counts. Beyond it the total is a lower bound ("more
 * than 1,000"): an exact count of a 10,000-row list cost 2 ms of database time per page, five
 * times the page itself, and a busy list screen asks for it on every page and refresh.
 */
export const LIST_COUNT_LIMIT = 1000;

/** A page of a list and its total, a lower bound when the count stopped at LIST_COUNT_LIMIT. */
export type CountedPage<T> = { items: T[]; total: number; totalIsLowerBound: boolean };

/** How many matching rows a page's count reads: one more than it can tell exactly, so "more" shows. */
const countLimitFor = (offset: number) => offset + LIST_COUNT_LIMIT + 1;

/** A list's total from its bounded count: exact below the limit, a lower bound at it. */
function boundedTotal(counted: number, offset: number): Omit<CountedPage<never>, 'items'> {
  const limit = countLimitFor(offset);
  return counted >= limit
    ? { total: limit - 1, totalIsLowerBound: true }
    : { total: counted, totalIsLowerBound: false };
}

/**
 * One page of a list with its bounded total in one statement. `matching` selects the list's rows
 * (any columns, its filters and the joins they need, no order or limit); `selectPage` runs the
 * page's query with `counted` among its columns and `limit`/`offset` applied. The count rides on
 * the page's rows, so only a page past the end needs a statement of its own.
 */
export async function selectCountedPage<Row extends { counted: number | string }>(
  tx: Pick<Tx, 'execute'>,
  paging: { page: number; pageSize: number },
  matching: SQLWrapper,
  selectPage: (window: { counted: SQL<number>; limit: number; offset: number }) => Promise<Row[]>,
): Promise<CountedPage<Omit<Row, 'counted'>>> {
  const { countLimit, limit, offset } = pageWindow(paging);
  const counted = sql<number>`(select count(*) from (${matching} limit ${countLimit}) as matching)`;
  return countedPage(
    paging,
    await selectPage({ counted: counted.mapWith(Number), limit, offset }),
    async () => (await queryRows<CountRow>(tx, sql`select ${counted} as counted`))[0],
  );
}

/**
 * The same for a list whose statements are built once with placeholders (db/client.ts
 * selectBuiltOnce): `counted` and the window are placeholders, and `values` binds them. `total`
 * is what the list counts: its `matching` rows, up to the limit, or an `exact` count kept
 * elsewhere (a one-row read: e.g. a company's properties, counted by a trigger).
 */
export async function selectBuiltCountedPage<Row extends { counted: number | string }>(
  tx: Pick<Tx, 'execute'>,
  paging: { page: number; pageSize: number },
  total: { matching: SQLWrapper } | { exact: SQL },
  selectPage: (
    window: { counted: SQL<number>; limit: Placeholder; offset: Placeholder },
    values: ReturnType<typeof pageWindow>,
  ) => Promise<Row[]>,
  values: Record<string, unknown>,
): Promise<CountedPage<Omit<Row, 'counted'>>> {
  const window = pageWindow(paging);
  const counted =
    'exact' in total
      ? sql<number>`(${total.exact})`
      : sql<number>`(select count(*) from (${total.matching} limit ${sql.placeholder('countLimit')}) as matching)`;
  const placeholders = { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') };
  return countedPage(
    paging,
    await selectPage({ counted: counted.mapWith(Number), ...placeholders }, window),
    async () =>
      (
        await queryRows<CountRow>(tx, sql`select ${counted} as counted`, undefined, { ...values, ...window })
      )[0],
    'exact' in total ? exactTotal : boundedTotal,
  );
}

const exactTotal = (counted: number): Omit<CountedPage<never>, 'items'> => ({
  total: counted,
  totalIsLowerBound: false,
});

type CountRow = { counted: number | string };

/** Where a page starts and ends, and how far its count reads. */
function pageWindow(paging: { page: number; pageSize: number }) {
  const offset = (paging.page - 1) * paging.pageSize;
  return { countLimit: countLimitFor(offset), limit: paging.pageSize, offset };
}

/** A page's rows without their count column, and its total: from the rows, or past the end counted alone. */
async function countedPage<Row extends CountRow>(
  paging: { page: number; pageSize: number },
  rows: Row[],
  countPastEnd: () => Promise<CountRow | undefined>,
  totalOf: (counted: number, offset: number) => Omit<CountedPage<never>, 'items'> = boundedTotal,
): Promise<CountedPage<Omit<Row, 'counted'>>> {
  const offset = (paging.page - 1) * paging.pageSize;
  const items = rows.map(({ counted: _counted, ...item }) => item);
  if (rows.length > 0) return { items, ...totalOf(Number(rows[0]!.counted), offset) };
  if (paging.page === 1) return { items, total: 0, totalIsLowerBound: false };
  return { items, ...totalOf(Number((await countPastEnd())?.counted ?? 0), offset) };
}
