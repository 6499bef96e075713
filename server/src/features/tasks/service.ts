import type { z } from 'zod';
import type {
  Role,
  Task,
  TaskAssignee,
  TaskInput,
  TaskLink,
  TaskQuery,
  TaskUpdateInput,
} from '@lintel/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { isUuid, systemTransact, transact, type Ctx } from '../../db/scope.ts';
import { forbidden, notFound, staleVersion, unprocessable } from '../../lib/errors.ts';
import { parseSort, type CountedPage } from '../../lib/list-query.ts';
import { assertRole } from '../../lib/roles.ts';
import { scopeFor } from '../../lib/visibility.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import { todayIso } from '../leases/index.ts';
import { notify } from '../notifications/index.ts';
import { toTask } from './dto.ts';
import * as repo from './repo.ts';

/** PRODUCT.md: admins edit every task; accountants and agents those they created or are assigned. */
const TASK_USERS: Role[] = ['admin', 'accountant', 'agent'];

const TASK_NOT_FOUND = () => notFound('Task not found');
const LINK_NOT_FOUND = (link: TaskLink) =>
  unprocessable(
    'TASK_LINK_NOT_FOUND',
    `The linked ${link.type === 'maintenance' ? 'maintenance request' : link.type} was not found.`,
  );
const ASSIGNEE_INVALID = () =>
  unprocessable(
    'TASK_ASSIGNEE_INVALID',
    'Assign the task to an active admin, agent or accountant of the company.',
  );

/** Where each staff role finds its tasks page: notification links lead there. */
const TASKS_PAGE: Record<string, string> = {
  admin: '/admin-dashboard/tasks',
  agent: '/agent-dashboard/tasks',
  accountant: '/accountant-dashboard/tasks',
};
const taskLink = (role: string, taskId: string) => `${TASKS_PAGE[role] ?? '/dashboard'}?open=${taskId}`;

const present = (ctx: Ctx, row: repo.TaskView, today = todayIso()) => toTask(row, ctx, today);

async function loadVisible(tx: Tx, ctx: Ctx, id: string): Promise<repo.TaskView> {
  if (!isUuid(id)) throw TASK_NOT_FOUND();
  const row = await repo.findTask(tx, ctx, id, scopeFor(ctx, 'task'));
  if (!row) throw TASK_NOT_FOUND();
  return row;
}

async function assertLink(tx: Tx, ctx: Ctx, link: TaskLink | null | undefined): Promise<void> {
  if (link && !(await repo.linkExists(tx, ctx, link.type, link.id))) throw LINK_NOT_FOUND(link);
}

async function assigneeRole(tx: Tx, ctx: Ctx, assigneeId: string): Promise<string> {
  const member = await repo.findStaffMember(tx, ctx, assigneeId);
  if (!member) throw ASSIGNEE_INVALID();
  return member.role;
}

/** Tells the new assignee, unless they gave the task to themselves. */
async function notifyAssigned(tx: Tx, ctx: Ctx, task: repo.TaskRow, role: string): Promise<void> {
  if (!task.assigneeId || task.assigneeId === ctx.userId) return;
  await notify(tx, ctx, {
    userIds: [task.assigneeId],
    type: 'task.assigned',
    title: 'Task assigned to you',
    message: task.dueDate ? `${task.title} (due ${task.dueDate})` : task.title,
    link: taskLink(role, task.id),
  });
}

export const listTasks = (ctx: Ctx, query: TaskQuery): Promise<CountedPage<Task>> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, TASK_USERS);
    const today = todayIso();
    const page = await repo.listTasks(
      tx,
      ctx,
      {
        q: query.q,
        status: query.status,
        open: query.open,
        assigneeId: query.mine ? ctx.userId : query.assigneeId,
        overdue: query.overdue,
        linkType: query.linkType,
        linkId: query.linkId,
        rows: scopeFor(ctx, 'task'),
        today,
      },
      { page: query.page, pageSize: query.pageSize, ...parseSort(query.sort, repo.sortColumns, 'dueDate') },
    );
    return { ...page, items: page.items.map((row) => present(ctx, row, today)) };
  });

export const listAssignees = (ctx: Ctx): Promise<TaskAssignee[]> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, TASK_USERS);
    const staff = await repo.listStaff(tx, ctx);
    return staff.map((member) => ({ _id: member.id, name: member.name, role: member.role }));
  });

export const getTask = (ctx: Ctx, id: string): Promise<Task> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, TASK_USERS);
    return present(ctx, await loadVisible(tx, ctx, id));
  });

export const createTask = (ctx: Ctx, input: z.output<typeof TaskInput>): Promise<Task> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, TASK_USERS);
    const role = input.assigneeId ? await assigneeRole(tx, ctx, input.assigneeId) : undefined;
    await assertLink(tx, ctx, input.link);
    const row = await repo.insertTask(tx, {
      companyId: ctx.companyId,
      title: input.title,
      description: input.description ?? null,
      dueDate: input.dueDate ?? null,
      priority: input.priority,
      assigneeId: input.assigneeId ?? null,
      createdBy: ctx.userId,
      linkType: input.link?.type ?? null,
      linkId: input.link?.id ?? null,
    });
    if (role) await notifyAssigned(tx, ctx, row, role);
    const created = present(ctx, await loadVisible(tx, ctx, row.id));
    await recordAudit(tx, auditActor(ctx), {
      action: 'task.created',
      entity: 'task',
      entityId: row.id,
      after: created,
    });
    return created;
  });

export const updateTask = (ctx: Ctx, id: string, input: z.output<typeof TaskUpdateInput>): Promise<Task> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, TASK_USERS);
    const beforeRow = await loadVisible(tx, ctx, id);
    const isReassigned = input.assigneeId !== undefined && input.assigneeId !== beforeRow.assigneeId;
    const role = isReassigned && input.assigneeId ? await assigneeRole(tx, ctx, input.assigneeId) : undefined;
    if (input.link !== undefined) await assertLink(tx, ctx, input.link);
    const changes: Parameters<typeof repo.updateTask>[3] = Object.fromEntries(
      Object.entries({
        title: input.title,
        description: input.description,
        dueDate: input.dueDate,
        priority: input.priority,
        assigneeId: input.assigneeId,
        status: input.status,
        linkType: input.link === undefined ? undefined : (input.link?.type ?? null),
        linkId: input.link === undefined ? undefined : (input.link?.id ?? null),
      }).filter(([, value]) => value !== undefined),
    );
    if (input.status && input.status !== beforeRow.status) {
      changes.completedAt = input.status === 'done' ? new Date() : null;
    }
    // A new due date may fall due today again: the job may tell the assignee once more.
    if (input.dueDate !== undefined && input.dueDate !== beforeRow.dueDate) changes.dueNoticeSentOn = null;
    const row = await repo.updateTask(tx, ctx, beforeRow.id, changes, input.__v);
    if (!row) throw staleVersion('task');
    if (role) await notifyAssigned(tx, ctx, row, role);
    const before = present(ctx, beforeRow);
    // Unscoped: an assignee who hands the task on may no longer see it, but sees what they saved.
    const after = present(ctx, (await repo.findTask(tx, ctx, row.id))!);
    const action =
      input.status && input.status !== beforeRow.status
        ? input.status === 'done'
          ? 'task.completed'
          : 'task.moved'
        : 'task.updated';
    await recordAudit(tx, auditActor(ctx), { action, entity: 'task', entityId: row.id, before, after });
    return after;
  });

export const deleteTask = (ctx: Ctx, id: string): Promise<{ _id: string }> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, TASK_USERS);
    const row = await loadVisible(tx, ctx, id);
    if (ctx.role !== 'admin' && row.createdBy !== ctx.userId) {
      throw forbidden('Only the person who created this task, or an admin, can delete it.');
    }
    await repo.deleteTask(tx, ctx, row.id);
    await recordAudit(tx, auditActor(ctx), {
      action: 'task.deleted',
      entity: 'task',
      entityId: row.id,
      before: present(ctx, row),
    });
    return { _id: row.id };
  });

/**
 * The hourly job: tells each assignee of an open task due `today`, once. The dedupe key makes a
 * re-run (or a second instance running the job at the same time) add nothing.
 */
export async function notifyTasksDueToday(db: Db, today = todayIso()): Promise<number> {
  const companyIds = await systemTransact(db, (tx) => repo.companiesWithTasksDue(tx, today));
  let notified = 0;
  for (const companyId of companyIds) {
    const scope = { companyId };
    await transact({ db, companyId }, async (tx) => {
      const due = await repo.findTasksDue(tx, scope, today);
      for (const task of due) {
        await repo.markDueNoticeSent(tx, scope, task.id, today);
        // A deactivated assignee cannot sign in to read it.
        const assignee = await repo.findStaffMember(tx, scope, task.assigneeId!);
        if (!assignee) continue;
        await notify(tx, scope, {
          userIds: [task.assigneeId],
          type: 'task.due',
          title: 'Task due today',
          message: task.title,
          link: taskLink(assignee.role, task.id),
          dedupeKey: `task-due:${task.id}:${today}`,
        });
        notified += 1;
      }
    });
  }
  return notified;
}

/** Someone's open tasks: how many, due today, overdue. */
export const countOpenTasks = (
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  query: { assigneeId: string; today: string },
) => repo.countOpenTasks(tx, ctx, query);

/** Every task, for the company export's records. */
export const taskRecords = (tx: Tx, ctx: Pick<Ctx, 'companyId'>) => repo.taskRecords(tx, ctx);
