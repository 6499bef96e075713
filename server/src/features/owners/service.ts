import type { OwnerQuery, OwnerSummary } from '@lintel/contracts';
import { transact, type Ctx } from '../../db/scope.ts';
import { badRequest } from '../../lib/errors.ts';
import { assertRole } from '../../lib/roles.ts';
import { toOwnerSummary } from './dto.ts';
import * as repo from './repo.ts';

function parseSort(sort: string | undefined): { sort: repo.OwnerSortKey; descending: boolean } {
  if (!sort) return { sort: 'name', descending: false };
  const descending = sort.startsWith('-');
  const key = descending ? sort.slice(1) : sort;
  // Own keys only: `in` would also accept inherited names such as constructor or __proto__.
  if (!Object.hasOwn(repo.ownerSortColumns, key)) {
    throw badRequest(
      'VALIDATION',
      `Sort must be one of: ${Object.keys(repo.ownerSortColumns).join(', ')} (prefix - for descending)`,
    );
  }
  return { sort: key as repo.OwnerSortKey, descending };
}

/**
 * Owner pickers (property create, edit, transfer) for the roles that see every property.
 * Owners and other roles never pick owners; their own record reaches them through properties.
 */
export const listOwners = (ctx: Ctx, query: OwnerQuery): Promise<{ items: OwnerSummary[]; total: number }> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['admin', 'agent', 'accountant']);
    const page = await repo.listOwners(
      tx,
      ctx,
      { q: query.q },
      { page: query.page, pageSize: query.pageSize, ...parseSort(query.sort) },
    );
    return { items: page.items.map(toOwnerSummary), total: page.total };
  });
