import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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
  const offset = (paging.page - 1) * paging.pageSize;
  const counted = sql<number>`(select count(*) from (${matching} limit ${countLimitFor(offset)}) as matching)`;
  const rows = await selectPage({ counted: counted.mapWith(Number), limit: paging.pageSize, offset });
  const items = rows.map(({ counted: _counted, ...item }) => item);
  if (rows.length > 0) return { items, ...boundedTotal(Number(rows[0]!.counted), offset) };
  if (paging.page === 1) return { items, total: 0, totalIsLowerBound: false };
  const [past] = await queryRows<{ counted: number | string }>(tx, sql`select ${counted} as counted`);
  return { items, ...boundedTotal(Number(past?.counted ?? 0), offset) };
}
