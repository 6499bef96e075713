import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { leases, owners, properties, tenants } from '../../db/schema/index.ts';
import { inCompany, type Ctx } from '../../db/scope.ts';
import { containsPattern, selectCountedPage, type CountedPage } from '../../lib/list-query.ts';
import { chunksOf } from '../../lib/chunks.ts';
import { contactSortColumns } from '../../lib/contacts.ts';
import { scopeCondition, type RowScope } from '../../lib/visibility.ts';

export type TenantRow = typeof tenants.$inferSelect;

export const sortColumns = { ...contactSortColumns(tenants), updatedAt: tenants.updatedAt } as const;
export type SortKey = keyof typeof sortColumns;

export interface TenantFilter {
  q?: string | undefined;
  archived?: boolean | undefined;
  /** The rows the caller may see (lib/visibility.ts). */
  rows?: RowScope | undefined;
}

/*
 * Leases and properties are read here, read-only, because the leases feature exports no helper
 * yet for "which tenants lease this owner's or this agent's properties".
 */
const leasesOfTenant = (...more: SQL[]) =>
  and(eq(leases.tenantId, tenants.id), eq(leases.companyId, tenants.companyId), ...more);

/** A tenant hangs off the properties they have a lease on: the rows a caller may see (lib/visibility.ts) as SQL. */
function visibleTenants(tx: Tx, rows: RowScope | undefined) {
  const condition = rows && scopeCondition(rows, { agents: [properties.agentId], ownerUser: owners.userId });
  return condition
    ? exists(
        tx
          .select({ one: sql`1` })
          .from(leases)
          .innerJoin(properties, eq(properties.id, leases.propertyId))
          .leftJoin(owners, eq(owners.id, properties.ownerId))
          .where(leasesOfTenant(condition)),
      )
    : undefined;
}

function conditions(tx: Tx, ctx: Pick<Ctx, 'companyId'>, filter: TenantFilter) {
  const pattern = containsPattern(filter.q);
  return inCompany(
    tenants,
    ctx,
    pattern
      ? or(
          ilike(tenants.name, pattern),
          ilike(tenants.email, pattern),
          ilike(tenants.phone, pattern),
          ilike(tenants.idNumber, pattern),
        )
      : undefined,
    filter.archived ? isNotNull(tenants.archivedAt) : isNull(tenants.archivedAt),
    visibleTenants(tx, filter.rows),
  );
}

export async function listTenants(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  filter: TenantFilter,
  page: { page: number; pageSize: number; sort: SortKey; descending: boolean },
): Promise<CountedPage<TenantRow>> {
  const where = conditions(tx, ctx, filter);
  const column = sortColumns[page.sort];
  const matching = tx
    .select({ one: sql`1` })
    .from(tenants)
    .where(where);
  return selectCountedPage(tx, page, matching, ({ counted, limit, offset }) =>
    tx
      .select({ ...getTableColumns(tenants), counted })
      .from(tenants)
      .where(where)
      .orderBy(page.descending ? desc(column) : asc(column), asc(tenants.id))
      .limit(limit)
      .offset(offset),
  );
}

export async function findTenant(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  id: string,
  rows?: RowScope,
): Promise<TenantRow | undefined> {
  const [row] = await tx
    .select()
    .from(tenants)
    .where(inCompany(tenants, ctx, eq(tenants.id, id), visibleTenants(tx, rows)));
  return row;
}

/** How many leases name this tenant, and how many of those are on properties this agent manages. */
export async function countTenantLeases(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  tenantId: string,
  agentId?: string,
): Promise<{ total: number; managedByAgent: number }> {
  const [row] = await tx
    .select({
      total: count(),
      managedByAgent: agentId
        ? sql<number>`count(*) filter (where ${properties.agentId} = ${agentId})`.mapWith(Number)
        : sql<number>`0`.mapWith(Number),
    })
    .from(leases)
    .innerJoin(properties, eq(properties.id, leases.propertyId))
    .where(inCompany(leases, ctx, eq(leases.tenantId, tenantId)));
  return { total: row?.total ?? 0, managedByAgent: row?.managedByAgent ?? 0 };
}

export async function insertTenant(tx: Tx, values: typeof tenants.$inferInsert): Promise<TenantRow> {
  const [row] = await tx.insert(tenants).values(values).returning();
  return row!;
}

/** Several tenants in multi-row statements (a data import); the unique indexes still decide duplicates. */
export async function insertTenants(tx: Tx, values: (typeof tenants.$inferInsert)[]): Promise<void> {
  for (const chunk of chunksOf(values, 1000)) await tx.insert(tenants).values(chunk);
}

/** Every tenant of the company, archived too, oldest first (data sync: natural keys and export). */
export const listAllTenants = (tx: Tx, ctx: Pick<Ctx, 'companyId'>): Promise<TenantRow[]> =>
  tx.select().from(tenants).where(inCompany(tenants, ctx)).orderBy(asc(tenants.createdAt), asc(tenants.id));

/** Updates only at the expected version (when given); undefined means someone changed it first. */
export async function updateTenant(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  id: string,
  changes: Partial<typeof tenants.$inferInsert>,
  expectedVersion: number | undefined,
): Promise<TenantRow | undefined> {
  const [row] = await tx
    .update(tenants)
    .set({ ...changes, updatedAt: sql`now()`, version: sql`${tenants.version} + 1` })
    .where(
      inCompany(
        tenants,
        ctx,
        eq(tenants.id, id),
        expectedVersion === undefined ? undefined : eq(tenants.version, expectedVersion),
      ),
    )
    .returning();
  return row;
}

export async function deleteTenant(tx: Tx, ctx: Pick<Ctx, 'companyId'>, id: string): Promise<void> {
  await tx.delete(tenants).where(inCompany(tenants, ctx, eq(tenants.id, id)));
}

export async function hasTenantWithEmail(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  email: string,
  exceptId: string | undefined,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: tenants.id })
    .from(tenants)
    .where(
      inCompany(
        tenants,
        ctx,
        sql`lower(${tenants.email}) = lower(${email})`,
        exceptId ? sql`${tenants.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** For each tenant: how many leases name them, and how many of those are on this agent's properties. */
export async function leaseCountsOf(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  tenantIds: string[],
  agentId: string,
): Promise<Map<string, { total: number; managedByAgent: number }>> {
  const counts = new Map<string, { total: number; managedByAgent: number }>();
  if (tenantIds.length === 0) return counts;
  const rows = await tx
    .select({
      tenantId: leases.tenantId,
      total: count(),
      managedByAgent: sql<number>`count(*) filter (where ${properties.agentId} = ${agentId})`.mapWith(Number),
    })
    .from(leases)
    .innerJoin(properties, eq(properties.id, leases.propertyId))
    .where(inCompany(leases, ctx, inArray(leases.tenantId, tenantIds)))
    .groupBy(leases.tenantId);
  for (const row of rows) counts.set(row.tenantId, { total: row.total, managedByAgent: row.managedByAgent });
  return counts;
}
