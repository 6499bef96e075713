import { asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { containsPattern } from '../../lib/list-query.ts';
import type { Tx } from '../../db/client.ts';
import { owners } from '../../db/schema/index.ts';
import { inCompany, isUuid, type Ctx } from '../../db/scope.ts';

export type OwnerRow = typeof owners.$inferSelect;

/** PRODUCT.md: an owner is named by the owner record's id or by the id of the user bound to it. */
export async function findOwner(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  ownerOrUserId: string,
): Promise<OwnerRow | undefined> {
  if (!isUuid(ownerOrUserId)) return undefined;
  const [row] = await tx
    .select()
    .from(owners)
    .where(inCompany(owners, ctx, or(eq(owners.id, ownerOrUserId), eq(owners.userId, ownerOrUserId))));
  return row;
}

export async function findOwnerOfUser(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  userId: string,
): Promise<OwnerRow | undefined> {
  const [row] = await tx
    .select()
    .from(owners)
    .where(inCompany(owners, ctx, eq(owners.userId, userId)));
  return row;
}

export async function insertOwner(tx: Tx, values: typeof owners.$inferInsert): Promise<OwnerRow> {
  const [row] = await tx.insert(owners).values(values).returning();
  return row!;
}

// Case-insensitive, as people read a list of names.
export const ownerSortColumns = {
  name: sql`lower(${owners.name})`,
  email: sql`lower(${owners.email})`,
  createdAt: owners.createdAt,
} as const;
export type OwnerSortKey = keyof typeof ownerSortColumns;

export async function listOwners(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  filter: { q?: string | undefined },
  page: { page: number; pageSize: number; sort: OwnerSortKey; descending: boolean },
): Promise<{ items: OwnerRow[]; total: number }> {
  const pattern = containsPattern(filter.q);
  const where = inCompany(
    owners,
    ctx,
    pattern ? or(ilike(owners.name, pattern), ilike(owners.email, pattern)) : undefined,
  );
  const column = ownerSortColumns[page.sort];
  const items = await tx
    .select()
    .from(owners)
    .where(where)
    .orderBy(page.descending ? desc(column) : asc(column), asc(owners.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [totals] = await tx.select({ total: count() }).from(owners).where(where);
  return { items, total: totals?.total ?? 0 };
}
