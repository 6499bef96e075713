import { sql, type Subquery } from 'drizzle-orm';
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

/** The row limit for `countedRows`: one more than can be told exactly, so "more" shows. */
export const countLimitFor = (offset: number) => offset + LIST_COUNT_LIMIT + 1;

/** `count(*)` of a list's matching rows, already limited by `countLimitFor(offset)`. */
export const countedRows = (limited: Subquery) =>
  sql<number>`(select count(*) from ${limited})`.mapWith(Number);

/** A list's total from its bounded count: exact below the limit, a lower bound at it. */
export function boundedTotal(counted: number, offset: number): { total: number; totalIsLowerBound: boolean } {
  const limit = countLimitFor(offset);
  return counted >= limit
    ? { total: limit - 1, totalIsLowerBound: true }
    : { total: counted, totalIsLowerBound: false };
}
