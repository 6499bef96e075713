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
