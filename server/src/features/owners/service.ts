import type { OwnerQuery, OwnerSummary } from '@lintel/contracts';
import { transact, type Ctx } from '../../db/scope.ts';
import { parseSort } from '../../lib/list-query.ts';
import { assertRole } from '../../lib/roles.ts';
import { toOwnerSummary } from './dto.ts';
import * as repo from './repo.ts';

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
      { page: query.page, pageSize: query.pageSize, ...parseSort(query.sort, repo.ownerSortColumns, 'name') },
    );
    return { items: page.items.map(toOwnerSummary), total: page.total };
  });
