import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { formatMajorUnits } from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import {
  leases,
  maintenanceAttachments,
  maintenanceEvents,
  maintenanceRequests,
  owners,
  properties,
  users,
} from '../../db/schema/index.ts';
import { inCompany, type Ctx } from '../../db/scope.ts';
import { csvColumns, type CsvTable } from '../../lib/documents/csv.ts';
import { containsPattern, selectCountedPage, type CountedPage } from '../../lib/list-query.ts';
import { scopeCondition, type RowScope } from '../../lib/visibility.ts';
import { lockCompanyRow } from '../../lib/lock-row.ts';

type Scope = Pick<Ctx, 'companyId'>;
export type RequestRow = typeof maintenanceRequests.$inferSelect;
export type RequestView = RequestRow & {
  propertyName: string;
  propertyAgentId: string | null;
  ownerUserId: string | null;
  requestedByName: string | null;
  assignedToName: string | null;
};

const requesters = alias(users, 'requesters');
const assignees = alias(users, 'assignees');
const fullName = (table: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string | null>`nullif(trim(${table.firstName} || ' ' || ${table.lastName}), '')`;

const columns = {
  id: maintenanceRequests.id,
  companyId: maintenanceRequests.companyId,
  propertyId: maintenanceRequests.propertyId,
  title: maintenanceRequests.title,
  description: maintenanceRequests.description,
  priority: maintenanceRequests.priority,
  status: maintenanceRequests.status,
  requestedBy: maintenanceRequests.requestedBy,
  assignedToId: maintenanceRequests.assignedToId,
  assignedSupplier: maintenanceRequests.assignedSupplier,
  currency: maintenanceRequests.currency,
  estimatedCostCents: maintenanceRequests.estimatedCostCents,
  actualCostCents: maintenanceRequests.actualCostCents,
  costBearer: maintenanceRequests.costBearer,
  ownerApprovalRequired: maintenanceRequests.ownerApprovalRequired,
  ownerApprovedAt: maintenanceRequests.ownerApprovedAt,
  ownerApprovedBy: maintenanceRequests.ownerApprovedBy,
  expenseId: maintenanceRequests.expenseId,
  createdAt: maintenanceRequests.createdAt,
  updatedAt: maintenanceRequests.updatedAt,
  version: maintenanceRequests.version,
  propertyName: properties.name,
  propertyAgentId: properties.agentId,
  ownerUserId: owners.userId,
  requestedByName: fullName(requesters),
  assignedToName: fullName(assignees),
};

const PRIORITY_RANK = sql`case ${maintenanceRequests.priority} when 'urgent' then 4 when 'high' then 3 when 'medium' then 2 else 1 end`;

export const sortColumns = {
  createdAt: maintenanceRequests.createdAt,
  updatedAt: maintenanceRequests.updatedAt,
  priority: PRIORITY_RANK,
  status: maintenanceRequests.status,
  title: maintenanceRequests.title,
} as const;
export type SortKey = keyof typeof sortColumns;

export interface RequestFilter {
  q?: string | undefined;
  status?: RequestRow['status'] | undefined;
  priority?: RequestRow['priority'] | undefined;
  propertyId?: string | undefined;
  /** The rows the caller may see (lib/visibility.ts); an agent also the work assigned to them. */
  rows?: RowScope | undefined;
}

/** Who a request hangs off: its property's agent and the agent it is assigned to, its owner's user. */
const PARTIES = { agents: [properties.agentId, maintenanceRequests.assignedToId], ownerUser: owners.userId };

function conditions(scope: Scope, filter: RequestFilter): SQL | undefined {
  const pattern = containsPattern(filter.q);
  return inCompany(
    maintenanceRequests,
    scope,
    filter.status ? eq(maintenanceRequests.status, filter.status) : undefined,
    filter.priority ? eq(maintenanceRequests.priority, filter.priority) : undefined,
    filter.propertyId ? eq(maintenanceRequests.propertyId, filter.propertyId) : undefined,
    filter.rows ? scopeCondition(filter.rows, PARTIES) : undefined,
    pattern
      ? or(
          ilike(maintenanceRequests.title, pattern),
          ilike(maintenanceRequests.description, pattern),
          ilike(properties.name, pattern),
        )
      : undefined,
  );
}

/** `extra` adds columns, such as a list's count. */
const joined = <Extra extends Record<string, SQL>>(tx: Tx, extra?: Extra) =>
  tx
    .select({ ...columns, ...extra } as typeof columns & Extra)
    .from(maintenanceRequests)
    .innerJoin(properties, eq(properties.id, maintenanceRequests.propertyId))
    .leftJoin(owners, eq(owners.id, properties.ownerId))
    .leftJoin(requesters, eq(requesters.id, maintenanceRequests.requestedBy))
    .leftJoin(assignees, eq(assignees.id, maintenanceRequests.assignedToId));

export async function listRequests(
  tx: Tx,
  scope: Scope,
  filter: RequestFilter,
  page: { page: number; pageSize: number; sort: SortKey; descending: boolean },
): Promise<CountedPage<RequestView>> {
  const where = conditions(scope, filter);
  const order = page.descending ? desc(sortColumns[page.sort]) : asc(sortColumns[page.sort]);
  const matching = tx
    .select({ one: sql`1` })
    .from(maintenanceRequests)
    .innerJoin(properties, eq(properties.id, maintenanceRequests.propertyId))
    .leftJoin(owners, eq(owners.id, properties.ownerId))
    .where(where);
  return selectCountedPage(tx, page, matching, ({ counted, limit, offset }) =>
    joined(tx, { counted })
      .where(where)
      .orderBy(order, desc(maintenanceRequests.createdAt), asc(maintenanceRequests.id))
      .limit(limit)
      .offset(offset),
  );
}

export async function findRequest(tx: Tx, scope: Scope, id: string): Promise<RequestView | undefined> {
  const [row] = await joined(tx).where(inCompany(maintenanceRequests, scope, eq(maintenanceRequests.id, id)));
  return row;
}

/** Locks the request row so concurrent moves queue behind each other. */
export const lockRequest = (tx: Tx, scope: Scope, id: string) =>
  lockCompanyRow(tx, maintenanceRequests, scope, id);

export async function insertRequest(
  tx: Tx,
  values: typeof maintenanceRequests.$inferInsert,
): Promise<string> {
  const [row] = await tx.insert(maintenanceRequests).values(values).returning({ id: maintenanceRequests.id });
  return row!.id;
}

/** Updates when `version` still matches; false means someone else changed it first. */
export async function updateRequest(
  tx: Tx,
  scope: Scope,
  id: string,
  version: number,
  values: Partial<typeof maintenanceRequests.$inferInsert>,
): Promise<boolean> {
  const rows = await tx
    .update(maintenanceRequests)
    .set({ ...values, updatedAt: sql`now()`, version: sql`${maintenanceRequests.version} + 1` })
    .where(
      inCompany(
        maintenanceRequests,
        scope,
        eq(maintenanceRequests.id, id),
        eq(maintenanceRequests.version, version),
      ),
    )
    .returning({ id: maintenanceRequests.id });
  return rows.length === 1;
}

export async function insertEvent(tx: Tx, values: typeof maintenanceEvents.$inferInsert): Promise<void> {
  await tx.insert(maintenanceEvents).values(values);
}

export async function listEvents(tx: Tx, scope: Scope, requestId: string) {
  return tx
    .select({
      id: maintenanceEvents.id,
      fromStatus: maintenanceEvents.fromStatus,
      toStatus: maintenanceEvents.toStatus,
      note: maintenanceEvents.note,
      actorId: maintenanceEvents.actorId,
      actorName: fullName(users),
      createdAt: maintenanceEvents.createdAt,
    })
    .from(maintenanceEvents)
    .leftJoin(users, eq(users.id, maintenanceEvents.actorId))
    .where(inCompany(maintenanceEvents, scope, eq(maintenanceEvents.requestId, requestId)))
    .orderBy(asc(maintenanceEvents.createdAt), asc(maintenanceEvents.id));
}

const attachmentInfo = {
  id: maintenanceAttachments.id,
  fileName: maintenanceAttachments.fileName,
  contentType: maintenanceAttachments.contentType,
  sizeBytes: maintenanceAttachments.sizeBytes,
  uploadedBy: maintenanceAttachments.uploadedBy,
  createdAt: maintenanceAttachments.createdAt,
};
export type AttachmentInfo = {
  [K in keyof typeof attachmentInfo]: (typeof maintenanceAttachments.$inferSelect)[K];
};

export async function listAttachments(tx: Tx, scope: Scope, requestId: string): Promise<AttachmentInfo[]> {
  return tx
    .select(attachmentInfo)
    .from(maintenanceAttachments)
    .where(inCompany(maintenanceAttachments, scope, eq(maintenanceAttachments.requestId, requestId)))
    .orderBy(asc(maintenanceAttachments.createdAt), asc(maintenanceAttachments.id));
}

export async function insertAttachment(
  tx: Tx,
  values: typeof maintenanceAttachments.$inferInsert,
): Promise<AttachmentInfo> {
  const [row] = await tx.insert(maintenanceAttachments).values(values).returning(attachmentInfo);
  return row!;
}

export async function findAttachment(tx: Tx, scope: Scope, requestId: string, id: string) {
  const [row] = await tx
    .select()
    .from(maintenanceAttachments)
    .where(
      inCompany(
        maintenanceAttachments,
        scope,
        eq(maintenanceAttachments.requestId, requestId),
        eq(maintenanceAttachments.id, id),
      ),
    );
  return row;
}

/** Active admins of the company: told of every request and move. */
export async function adminUserIds(tx: Tx, scope: Scope): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, scope.companyId), eq(users.role, 'admin'), eq(users.isActive, true)));
  return rows.map((row) => row.id);
}

/** An active member of the company, to whom work may be assigned or an email sent. */
export async function findMember(tx: Tx, scope: Scope, userId: string) {
  const [row] = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.companyId, scope.companyId), eq(users.id, userId), eq(users.isActive, true)));
  return row;
}

/**
 * Whether the property is still let (an active lease) and whether other work is still under way
 * on it: together they decide the property's status once this request's work ends.
 */
export async function propertyAfterWork(tx: Tx, scope: Scope, propertyId: string, requestId: string) {
  const [lease] = await tx
    .select({ id: leases.id })
    .from(leases)
    .where(inCompany(leases, scope, eq(leases.propertyId, propertyId), eq(leases.status, 'active')))
    .limit(1);
  const [work] = await tx
    .select({ id: maintenanceRequests.id })
    .from(maintenanceRequests)
    .where(
      inCompany(
        maintenanceRequests,
        scope,
        eq(maintenanceRequests.propertyId, propertyId),
        eq(maintenanceRequests.status, 'in_progress'),
        ne(maintenanceRequests.id, requestId),
      ),
    )
    .limit(1);
  return { isLet: Boolean(lease), otherWorkInProgress: Boolean(work) };
}

const OPEN_STATUSES = ['pending', 'approved', 'in_progress'] as const;

/** Open requests per status (every open status, zeros too), of the rows the caller sees. */
export async function countOpenRequests(tx: Tx, scope: Scope, rows: RowScope) {
  const counted = await tx
    .select({ status: maintenanceRequests.status, count: count() })
    .from(maintenanceRequests)
    .innerJoin(properties, eq(properties.id, maintenanceRequests.propertyId))
    .leftJoin(owners, eq(owners.id, properties.ownerId))
    .where(and(conditions(scope, { rows }), inArray(maintenanceRequests.status, OPEN_STATUSES)))
    .groupBy(maintenanceRequests.status);
  return OPEN_STATUSES.map((status) => ({
    status,
    count: counted.find((row) => row.status === status)?.count ?? 0,
  }));
}

/** Estimates waiting for the owner's approval, of the rows the caller sees. */
export async function countApprovalsWaiting(tx: Tx, scope: Scope, rows: RowScope): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(maintenanceRequests)
    .innerJoin(properties, eq(properties.id, maintenanceRequests.propertyId))
    .leftJoin(owners, eq(owners.id, properties.ownerId))
    .where(
      and(
        conditions(scope, { rows }),
        eq(maintenanceRequests.ownerApprovalRequired, true),
        isNull(maintenanceRequests.ownerApprovedAt),
        inArray(maintenanceRequests.status, ['pending', 'approved']),
      ),
    );
  return row?.count ?? 0;
}

/** Every maintenance request, oldest first, for the company export's records (not imported). */
export async function maintenanceRecords(tx: Tx, scope: Scope): Promise<CsvTable> {
  const rows = await tx
    .select({
      request: maintenanceRequests,
      propertyName: properties.name,
      propertyAddress: properties.address,
      assignedTo: fullName(assignees),
    })
    .from(maintenanceRequests)
    .innerJoin(properties, eq(properties.id, maintenanceRequests.propertyId))
    .leftJoin(assignees, eq(assignees.id, maintenanceRequests.assignedToId))
    .where(inCompany(maintenanceRequests, scope))
    .orderBy(asc(maintenanceRequests.createdAt));
  const money = (cents: number | null) => (cents === null ? null : formatMajorUnits(cents));
  return {
    columns: csvColumns(
      'reported_on',
      'property_name',
      'property_address',
      'title',
      'description',
      'priority',
      'status',
      'assigned_to',
      'supplier',
      'currency',
      'estimated_cost',
      'actual_cost',
      'cost_bearer',
    ),
    rows: rows.map(({ request, propertyName, propertyAddress, assignedTo }) => ({
      reported_on: request.createdAt.toISOString().slice(0, 10),
      property_name: propertyName,
      property_address: propertyAddress,
      title: request.title,
      description: request.description,
      priority: request.priority,
      status: request.status,
      assigned_to: assignedTo,
      supplier: request.assignedSupplier,
      currency: request.currency,
      estimated_cost: money(request.estimatedCostCents),
      actual_cost: money(request.actualCostCents),
      cost_bearer: request.costBearer,
    })),
  };
}
