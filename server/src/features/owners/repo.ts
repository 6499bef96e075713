import { and, asc, count, desc, eq, getTableColumns, ilike, ne, or, sql } from 'drizzle-orm';
import { containsPattern, selectCountedPage, type CountedPage } from '../../lib/list-query.ts';
import type { Tx } from '../../db/client.ts';
import { owners, properties } from '../../db/schema/index.ts';
import { inCompany, isUuid, type Ctx } from '../../db/scope.ts';
import { chunksOf } from '../../lib/chunks.ts';
import { contactSortColumns } from '../../lib/contacts.ts';

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

/** Several owner records in multi-row statements (a data import). */
export async function insertOwners(tx: Tx, values: (typeof owners.$inferInsert)[]): Promise<void> {
  for (const chunk of chunksOf(values, 1000)) await tx.insert(owners).values(chunk);
}

/** Every owner record of the company, oldest first (data sync: natural keys and export). */
export const listAllOwners = (tx: Tx, ctx: Pick<Ctx, 'companyId'>): Promise<OwnerRow[]> =>
  tx.select().from(owners).where(inCompany(owners, ctx)).orderBy(asc(owners.createdAt), asc(owners.id));

export const ownerSortColumns = contactSortColumns(owners);
export type OwnerSortKey = keyof typeof ownerSortColumns;

export async function listOwners(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  filter: { q?: string | undefined },
  page: { page: number; pageSize: number; sort: OwnerSortKey; descending: boolean },
): Promise<CountedPage<OwnerRow>> {
  const pattern = containsPattern(filter.q);
  const where = inCompany(
    owners,
    ctx,
    pattern ? or(ilike(owners.name, pattern), ilike(owners.email, pattern)) : undefined,
  );
  const column = ownerSortColumns[page.sort];
  const matching = tx
    .select({ one: sql`1` })
    .from(owners)
    .where(where);
  return selectCountedPage(tx, page, matching, ({ counted, limit, offset }) =>
    tx
      .select({ ...getTableColumns(owners), counted })
      .from(owners)
      .where(where)
      .orderBy(page.descending ? desc(column) : asc(column), asc(owners.id))
      .limit(limit)
      .offset(offset),
  );
}

/** Properties naming this owner (read-only look at the properties table: no helper exported there yet). */
export async function countOwnerProperties(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  ownerId: string,
): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(properties)
    .where(inCompany(properties, ctx, eq(properties.ownerId, ownerId)));
  return row?.total ?? 0;
}

/** Another owner of the company with this email (case-insensitive) or ID number, if any. */
export async function findDuplicateOwner(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  values: { email?: string | null | undefined; idNumber?: string | null | undefined },
  exceptId?: string,
): Promise<{ field: 'email' | 'idNumber' } | undefined> {
  const except = exceptId ? ne(owners.id, exceptId) : undefined;
  if (values.email) {
    const [row] = await tx
      .select({ id: owners.id })
      .from(owners)
      .where(inCompany(owners, ctx, sql`lower(${owners.email}) = lower(${values.email})`, except))
      .limit(1);
    if (row) return { field: 'email' };
  }
  if (values.idNumber) {
    const [row] = await tx
      .select({ id: owners.id })
      .from(owners)
      .where(inCompany(owners, ctx, eq(owners.idNumber, values.idNumber), except))
      .limit(1);
    if (row) return { field: 'idNumber' };
  }
  return undefined;
}

/** Serialises owner writes of one company so two concurrent creates cannot both pass the duplicate check. */
export async function lockCompanyOwners(tx: Tx, ctx: Pick<Ctx, 'companyId'>): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('owners:' || ${ctx.companyId}))`);
}

/** Updates only at the expected version (when given); false means someone changed it first. */
export async function updateOwner(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  id: string,
  changes: Partial<typeof owners.$inferInsert>,
  expectedVersion: number | undefined,
): Promise<OwnerRow | undefined> {
  const [row] = await tx
    .update(owners)
    .set({ ...changes, updatedAt: sql`now()`, version: sql`${owners.version} + 1` })
    .where(
      inCompany(
        owners,
        ctx,
        eq(owners.id, id),
        expectedVersion === undefined ? undefined : eq(owners.version, expectedVersion),
      ),
    )
    .returning();
  return row;
}

export async function deleteOwner(tx: Tx, ctx: Pick<Ctx, 'companyId'>, id: string): Promise<void> {
  await tx.delete(owners).where(and(inCompany(owners, ctx, eq(owners.id, id))));
}

/** Binds an owner record to the user who accepted its invitation; false if it is gone or already bound. */
export async function bindOwnerUser(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  ownerId: string,
  userId: string,
): Promise<boolean> {
  const rows = await tx
    .update(owners)
    .set({ userId, updatedAt: sql`now()`, version: sql`${owners.version} + 1` })
    .where(inCompany(owners, ctx, eq(owners.id, ownerId), sql`${owners.userId} is null`))
    .returning({ id: owners.id });
  return rows.length === 1;
}
