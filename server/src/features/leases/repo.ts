import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { leases, owners, properties, tenants } from '../../db/schema/index.ts';
import { holdsMoneySql } from '../ledger/index.ts';
import { inCompany, type Ctx } from '../../db/scope.ts';
import { containsPattern, selectCountedPage, type CountedPage } from '../../lib/list-query.ts';
import { chunksOf } from '../../lib/chunks.ts';
import { scopeCondition, type RowScope } from '../../lib/visibility.ts';

export type LeaseRow = Omit<typeof leases.$inferSelect, 'depositAccount'>;
export type LeaseView = LeaseRow & {
  propertyName: string;
  agentId: string | null;
  ownerUserId: string | null;
  tenantName: string;
  renewalId: string | null;
};

const renewals = alias(leases, 'renewals');

// The `deposit_held` column is never read: whether a deposit is held is the ledger's to say.
const {
  depositHeld: _depositHeldColumn,
  depositAccount: _depositAccountColumn,
  ...leaseColumns
} = getTableColumns(leases);

/** True when the lease's deposits account holds money in some currency. */
const depositHeld = holdsMoneySql({
  companyId: sql`${leases.companyId}`,
  account: sql`${leases.depositAccount}`,
}).mapWith(Boolean);

const view = {
  ...leaseColumns,
  depositHeld,
  propertyName: properties.name,
  agentId: properties.agentId,
  ownerUserId: owners.userId,
  tenantName: tenants.name,
  renewalId: renewals.id,
};

export const sortColumns = {
  startDate: leases.startDate,
  endDate: leases.endDate,
  rentAmount: leases.rentCents,
  status: leases.status,
  createdAt: leases.createdAt,
  propertyName: properties.name,
  tenantName: tenants.name,
} as const;
export type SortKey = keyof typeof sortColumns;

export interface LeaseFilter {
  q?: string | undefined;
  status?: LeaseRow['status'] | undefined;
  propertyId?: string | undefined;
  tenantId?: string | undefined;
  /** The rows the caller may see (lib/visibility.ts). */
  rows?: RowScope | undefined;
  /** Active leases whose end date falls in [from, to]. */
  endingBetween?: { from: string; to: string } | undefined;
}

function conditions(ctx: Pick<Ctx, 'companyId'>, filter: LeaseFilter): SQL | undefined {
  const pattern = containsPattern(filter.q);
  return inCompany(
    leases,
    ctx,
    pattern ? or(ilike(properties.name, pattern), ilike(tenants.name, pattern)) : undefined,
    filter.status ? eq(leases.status, filter.status) : undefined,
    filter.propertyId ? eq(leases.propertyId, filter.propertyId) : undefined,
    filter.tenantId ? eq(leases.tenantId, filter.tenantId) : undefined,
    filter.rows
      ? scopeCondition(filter.rows, { agents: [properties.agentId], ownerUser: owners.userId })
      : undefined,
    filter.endingBetween
      ? and(
          eq(leases.status, 'active'),
          gte(leases.endDate, filter.endingBetween.from),
          lte(leases.endDate, filter.endingBetween.to),
        )
      : undefined,
  );
}

/** `extra` adds columns, such as a list's count. */
const joined = <Extra extends Record<string, SQL>>(tx: Tx, extra?: Extra) =>
  tx
    .select({ ...view, ...extra } as typeof view & Extra)
    .from(leases)
    .innerJoin(properties, eq(properties.id, leases.propertyId))
    .innerJoin(tenants, eq(tenants.id, leases.tenantId))
    .leftJoin(owners, eq(owners.id, properties.ownerId))
    .leftJoin(renewals, eq(renewals.renewedFromId, leases.id));

export async function listLeases(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  filter: LeaseFilter,
  page: { page: number; pageSize: number; sort: SortKey; descending: boolean },
): Promise<CountedPage<LeaseView>> {
  const where = conditions(ctx, filter);
  const order = page.descending ? desc(sortColumns[page.sort]) : asc(sortColumns[page.sort]);
  // Every lease has its property and tenant (required keys), so only a search (their names) and
  // the agent's and owner's views (the property's agent or owner) need the joins to count: without
  // them the count reads the company's leases alone, not each one's property, tenant and owner.
  const scoped = tx.select({ one: sql`1` }).from(leases);
  const matching = (
    containsPattern(filter.q) !== undefined || (filter.rows && filter.rows.kind !== 'all')
      ? scoped
          .innerJoin(properties, eq(properties.id, leases.propertyId))
          .innerJoin(tenants, eq(tenants.id, leases.tenantId))
          .leftJoin(owners, eq(owners.id, properties.ownerId))
      : scoped
  ).where(where);
  return selectCountedPage(tx, page, matching, ({ counted, limit, offset }) =>
    joined(tx, { counted }).where(where).orderBy(order, asc(leases.id)).limit(limit).offset(offset),
  );
}

export async function listEndingLeases(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  filter: LeaseFilter,
): Promise<LeaseView[]> {
  return joined(tx).where(conditions(ctx, filter)).orderBy(asc(leases.endDate), asc(leases.id)).limit(500);
}

export async function findLease(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  id: string,
): Promise<LeaseView | undefined> {
  const [row] = await joined(tx).where(inCompany(leases, ctx, eq(leases.id, id)));
  return row;
}

export async function findRenewalOf(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  leaseId: string,
): Promise<LeaseRow | undefined> {
  const [row] = await tx
    .select()
    .from(leases)
    .where(inCompany(leases, ctx, eq(leases.renewedFromId, leaseId)));
  return row;
}

export async function insertLease(tx: Tx, values: typeof leases.$inferInsert): Promise<string> {
  const [row] = await tx.insert(leases).values(values).returning({ id: leases.id });
  return row!.id;
}

/** Several leases in multi-row statements (a data import). */
export async function insertLeases(tx: Tx, values: (typeof leases.$inferInsert)[]): Promise<void> {
  for (const chunk of chunksOf(values, 1000)) await tx.insert(leases).values(chunk);
}

/** Every lease of the company, oldest first (data sync: natural keys and export). */
export const listAllLeases = (tx: Tx, ctx: Pick<Ctx, 'companyId'>): Promise<LeaseRow[]> =>
  tx
    .select()
    .from(leases)
    .where(inCompany(leases, ctx))
    .orderBy(asc(leases.startDate), asc(leases.createdAt), asc(leases.id));

/**
 * Updates at the expected version and, when given, only from the expected status; false means
 * someone changed it first.
 */
export async function updateLease(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  id: string,
  changes: Partial<typeof leases.$inferInsert>,
  guard: { version?: number | undefined; status?: LeaseRow['status'] | undefined },
): Promise<boolean> {
  const rows = await tx
    .update(leases)
    .set({ ...changes, updatedAt: sql`now()`, version: sql`${leases.version} + 1` })
    .where(
      inCompany(
        leases,
        ctx,
        eq(leases.id, id),
        guard.version === undefined ? undefined : eq(leases.version, guard.version),
        guard.status === undefined ? undefined : eq(leases.status, guard.status),
      ),
    )
    .returning({ id: leases.id });
  return rows.length === 1;
}

export async function countActiveLeases(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  propertyId: string,
): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(leases)
    .where(inCompany(leases, ctx, eq(leases.propertyId, propertyId), eq(leases.status, 'active')));
  return row?.total ?? 0;
}

/** Active leases whose end date has passed, oldest first. */
export async function findLeasesToExpire(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  today: string,
): Promise<LeaseRow[]> {
  return tx
    .select()
    .from(leases)
    .where(inCompany(leases, ctx, eq(leases.status, 'active'), lt(leases.endDate, today)))
    .orderBy(asc(leases.endDate), asc(leases.id));
}

/** Across companies (system work only): which companies have leases to expire. */
export async function companiesWithLeasesToExpire(tx: Tx, today: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ companyId: leases.companyId })
    .from(leases)
    .where(and(eq(leases.status, 'active'), lt(leases.endDate, today)));
  return rows.map((row) => row.companyId);
}

export async function findTenant(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  id: string,
): Promise<{ id: string; name: string; archivedAt: Date | null } | undefined> {
  const [row] = await tx
    .select({ id: tenants.id, name: tenants.name, archivedAt: tenants.archivedAt })
    .from(tenants)
    .where(inCompany(tenants, ctx, eq(tenants.id, id)));
  return row;
}

/** How many leases match, e.g. an agent's active leases ending in a window. */
export async function countLeases(tx: Tx, ctx: Pick<Ctx, 'companyId'>, filter: LeaseFilter): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(leases)
    .innerJoin(properties, eq(properties.id, leases.propertyId))
    .innerJoin(tenants, eq(tenants.id, leases.tenantId))
    .leftJoin(owners, eq(owners.id, properties.ownerId))
    .where(conditions(ctx, filter));
  return row?.total ?? 0;
}
