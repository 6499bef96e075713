import {
  and,
  asc,
  count,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { TaskLinkType, TaskStatus } from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import {
  invoices,
  leases,
  maintenanceRequests,
  payments,
  properties,
  tasks,
  users,
} from '../../db/schema/index.ts';
import { inCompany, type Ctx } from '../../db/scope.ts';
import { csvColumns, type CsvTable } from '../../lib/documents/csv.ts';
import { containsPattern, selectCountedPage, type CountedPage } from '../../lib/list-query.ts';
import { scopeCondition, type RowScope } from '../../lib/visibility.ts';

export type TaskRow = typeof tasks.$inferSelect;
/** A task with the names of the people on it, as lists and cards show them. */
export type TaskView = TaskRow & { assigneeName: string | null; createdByName: string | null };

/*
 * Users are read here, read-only, for their names and for the assignee picker: the users feature
 * exports no list of a company's staff.
 */
const assignee = alias(users, 'assignee');
const creator = alias(users, 'creator');
const nameOf = (person: { firstName: PgColumn; lastName: PgColumn }) =>
  sql<string | null>`nullif(trim(${person.firstName} || ' ' || ${person.lastName}), '')`;

export const STAFF_ROLES = ['admin', 'agent', 'accountant'] as const;

export const sortColumns = {
  dueDate: tasks.dueDate,
  title: sql`lower(${tasks.title})`,
  createdAt: tasks.createdAt,
  updatedAt: tasks.updatedAt,
} as const;
export type SortKey = keyof typeof sortColumns;

export interface TaskFilter {
  q?: string | undefined;
  status?: TaskStatus | undefined;
  open?: boolean | undefined;
  assigneeId?: string | undefined;
  overdue?: boolean | undefined;
  linkType?: TaskLinkType | undefined;
  linkId?: string | undefined;
  /** The tasks the caller sees (lib/visibility.ts). */
  rows?: RowScope | undefined;
  today: string;
}

const isOverdue = (today: string) =>
  and(isNotNull(tasks.dueDate), lt(tasks.dueDate, today), ne(tasks.status, 'done'));

const visible = (rows: RowScope | undefined) =>
  rows && scopeCondition(rows, { involved: [tasks.createdBy, tasks.assigneeId] });

function conditions(ctx: Pick<Ctx, 'companyId'>, filter: TaskFilter) {
  const pattern = containsPattern(filter.q);
  return inCompany(
    tasks,
    ctx,
    pattern ? ilike(tasks.title, pattern) : undefined,
    filter.status ? eq(tasks.status, filter.status) : undefined,
    filter.open ? ne(tasks.status, 'done') : undefined,
    filter.assigneeId ? eq(tasks.assigneeId, filter.assigneeId) : undefined,
    filter.overdue === true ? isOverdue(filter.today) : undefined,
    filter.overdue === false ? sql`not coalesce(${isOverdue(filter.today)}, false)` : undefined,
    filter.linkType ? eq(tasks.linkType, filter.linkType) : undefined,
    filter.linkId ? eq(tasks.linkId, filter.linkId) : undefined,
    visible(filter.rows),
  );
}

const viewColumns = { task: tasks, assigneeName: nameOf(assignee), createdByName: nameOf(creator) };

/** `extra` adds columns, such as a list's count. */
const selectViews = <Extra extends Record<string, SQL>>(tx: Tx, extra?: Extra) =>
  tx
    .select({ ...viewColumns, ...extra } as typeof viewColumns & Extra)
    .from(tasks)
    .leftJoin(assignee, eq(assignee.id, tasks.assigneeId))
    .leftJoin(creator, eq(creator.id, tasks.createdBy));

const toView = (row: {
  task: TaskRow;
  assigneeName: string | null;
  createdByName: string | null;
}): TaskView => ({
  ...row.task,
  assigneeName: row.assigneeName,
  createdByName: row.createdByName,
});

export async function listTasks(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  filter: TaskFilter,
  page: { page: number; pageSize: number; sort: SortKey; descending: boolean },
): Promise<CountedPage<TaskView>> {
  const where = conditions(ctx, filter);
  const column = sortColumns[page.sort];
  const matching = tx
    .select({ one: sql`1` })
    .from(tasks)
    .where(where);
  const counted = await selectCountedPage(tx, page, matching, ({ counted, limit, offset }) =>
    selectViews(tx, { counted })
      .where(where)
      // Overdue first, then the chosen order; undated tasks last.
      .orderBy(
        sql`case when ${isOverdue(filter.today)} then 0 else 1 end`,
        page.descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`,
        asc(tasks.id),
      )
      .limit(limit)
      .offset(offset),
  );
  return { ...counted, items: counted.items.map(toView) };
}

export async function findTask(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  id: string,
  rows?: RowScope,
): Promise<TaskView | undefined> {
  const [row] = await selectViews(tx).where(inCompany(tasks, ctx, eq(tasks.id, id), visible(rows)));
  return row && toView(row);
}

export async function insertTask(tx: Tx, values: typeof tasks.$inferInsert): Promise<TaskRow> {
  const [row] = await tx.insert(tasks).values(values).returning();
  return row!;
}

/** Updates only at the expected version (when given); undefined means someone changed it first. */
export async function updateTask(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  id: string,
  changes: Partial<typeof tasks.$inferInsert>,
  expectedVersion: number | undefined,
): Promise<TaskRow | undefined> {
  const [row] = await tx
    .update(tasks)
    .set({ ...changes, updatedAt: sql`now()`, version: sql`${tasks.version} + 1` })
    .where(
      inCompany(
        tasks,
        ctx,
        eq(tasks.id, id),
        expectedVersion === undefined ? undefined : eq(tasks.version, expectedVersion),
      ),
    )
    .returning();
  return row;
}

export async function deleteTask(tx: Tx, ctx: Pick<Ctx, 'companyId'>, id: string): Promise<void> {
  await tx.delete(tasks).where(inCompany(tasks, ctx, eq(tasks.id, id)));
}

/** An active admin, agent or accountant of the company, who may be given a task. */
export async function findStaffMember(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  userId: string,
): Promise<{ id: string; role: string } | undefined> {
  const [row] = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(
      inCompany(users, ctx, eq(users.id, userId), inArray(users.role, STAFF_ROLES), eq(users.isActive, true)),
    );
  return row;
}

export async function listStaff(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
): Promise<{ id: string; name: string; role: string }[]> {
  const rows = await tx
    .select({ id: users.id, name: nameOf(users), email: users.email, role: users.role })
    .from(users)
    .where(inCompany(users, ctx, inArray(users.role, STAFF_ROLES), eq(users.isActive, true)))
    .orderBy(sql`lower(${users.firstName})`, sql`lower(${users.lastName})`, asc(users.id));
  return rows.map((row) => ({ id: row.id, name: row.name ?? row.email, role: row.role }));
}

/*
 * The records a task can point at, read only to prove the id names one of this company's rows
 * (invoices and maintenance requests have no feature index to ask yet).
 */
const LINK_TABLES = {
  property: properties,
  lease: leases,
  payment: payments,
  invoice: invoices,
  maintenance: maintenanceRequests,
} as const;

export async function linkExists(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  type: TaskLinkType,
  id: string,
): Promise<boolean> {
  const table = LINK_TABLES[type];
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(inCompany(table, ctx, eq(table.id, id)))
    .limit(1);
  return Boolean(row);
}

/** Companies with open tasks due on `today`, so the job scopes one transaction to each. */
export async function companiesWithTasksDue(tx: Tx, today: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ companyId: tasks.companyId })
    .from(tasks)
    .where(and(eq(tasks.dueDate, today), ne(tasks.status, 'done'), isNotNull(tasks.assigneeId)));
  return rows.map((row) => row.companyId);
}

export async function findTasksDue(tx: Tx, ctx: Pick<Ctx, 'companyId'>, today: string): Promise<TaskRow[]> {
  return tx
    .select()
    .from(tasks)
    .where(
      inCompany(
        tasks,
        ctx,
        eq(tasks.dueDate, today),
        ne(tasks.status, 'done'),
        isNotNull(tasks.assigneeId),
        or(isNull(tasks.dueNoticeSentOn), ne(tasks.dueNoticeSentOn, today)),
      ),
    )
    .orderBy(asc(tasks.id));
}

export async function markDueNoticeSent(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  id: string,
  today: string,
): Promise<void> {
  await tx
    .update(tasks)
    .set({ dueNoticeSentOn: today })
    .where(inCompany(tasks, ctx, eq(tasks.id, id)));
}

/** A person's open tasks: all of them, those due today and those overdue. */
export async function countOpenTasks(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  query: { assigneeId: string; today: string },
) {
  const [row] = await tx
    .select({
      open: count(),
      dueToday: sql<number>`count(*) filter (where ${tasks.dueDate} = ${query.today})::int`,
      overdue: sql<number>`count(*) filter (where ${isOverdue(query.today)})::int`,
    })
    .from(tasks)
    .where(conditions(ctx, { open: true, assigneeId: query.assigneeId, today: query.today }));
  return { open: row?.open ?? 0, dueToday: Number(row?.dueToday ?? 0), overdue: Number(row?.overdue ?? 0) };
}

/** Every task, oldest first, for the company export's records (not imported). */
export async function taskRecords(tx: Tx, ctx: Pick<Ctx, 'companyId'>): Promise<CsvTable> {
  const rows = await tx
    .select({ task: tasks, assigneeName: nameOf(assignee) })
    .from(tasks)
    .leftJoin(assignee, eq(assignee.id, tasks.assigneeId))
    .where(inCompany(tasks, ctx))
    .orderBy(asc(tasks.createdAt));
  return {
    columns: csvColumns('title', 'description', 'due_date', 'priority', 'status', 'assignee', 'completed_on'),
    rows: rows.map(({ task, assigneeName }) => ({
      title: task.title,
      description: task.description,
      due_date: task.dueDate,
      priority: task.priority,
      status: task.status,
      assignee: assigneeName,
      completed_on: task.completedAt ? task.completedAt.toISOString().slice(0, 10) : null,
    })),
  };
}
