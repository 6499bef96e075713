import { eq, or } from 'drizzle-orm';
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
