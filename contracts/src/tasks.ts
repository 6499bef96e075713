import { z } from 'zod';
import { call, envelope, Id, IdParam, pageEnvelope, PageQuery, Timestamp } from './common.ts';
import { IsoDate } from './leases.ts';

export const TASK_STATUSES = ['todo', 'in_progress', 'done'] as const;
export const TaskStatus = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof TaskStatus>;

export const TASK_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const TaskPriority = z.enum(TASK_PRIORITIES);
export type TaskPriority = z.infer<typeof TaskPriority>;

export const TASK_LINK_TYPES = ['property', 'lease', 'payment', 'invoice', 'maintenance'] as const;
export const TaskLinkType = z.enum(TASK_LINK_TYPES);
export type TaskLinkType = z.infer<typeof TaskLinkType>;

/** What a task is about; the web opens it. */
export const TaskLink = z.object({ type: TaskLinkType, id: Id });
export type TaskLink = z.infer<typeof TaskLink>;

/** PRODUCT.md "Task": a to-do for a staff member, optionally about a record. */
export const Task = z.object({
  _id: Id,
  title: z.string(),
  description: z.string().nullable(),
  dueDate: z.string().nullable(),
  priority: TaskPriority,
  status: TaskStatus,
  assigneeId: Id.nullable(),
  assigneeName: z.string().nullable(),
  createdBy: Id.nullable(),
  createdByName: z.string().nullable(),
  link: TaskLink.nullable(),
  completedAt: Timestamp.nullable(),
  /** Due before today and not done (the server's calendar). */
  isOverdue: z.boolean(),
  /** Whether the signed-in user may delete it (its creator or an admin). */
  canDelete: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  __v: z.number().int(),
});
export type Task = z.infer<typeof Task>;

export const TaskInput = z.object({
  title: z.string('Enter a title').trim().min(1, 'Enter a title').max(200),
  description: z
    .string()
    .trim()
    .max(5000)
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value)),
  dueDate: IsoDate.nullable().optional(),
  priority: TaskPriority.default('medium'),
  assigneeId: Id.nullable().optional(),
  link: TaskLink.nullable().optional(),
});
export type TaskInput = z.input<typeof TaskInput>;

export const TaskUpdateInput = TaskInput.partial().extend({
  // Not the create default: an edit that leaves priority out keeps it.
  priority: TaskPriority.optional(),
  status: TaskStatus.optional(),
  /** When sent, a stale version is refused with 409 instead of overwriting. */
  __v: z.number().int().min(0).optional(),
});
export type TaskUpdateInput = z.input<typeof TaskUpdateInput>;

/** `q` searches the title; `mine=true` lists only tasks assigned to the signed-in user. */
export const TaskQuery = PageQuery.extend({
  status: TaskStatus.optional(),
  mine: z.stringbool().optional(),
  assigneeId: Id.optional(),
  overdue: z.stringbool().optional(),
  linkType: TaskLinkType.optional(),
  linkId: Id.optional(),
  /** Open tasks only (todo and in progress): what "My tasks" shows. */
  open: z.stringbool().optional(),
});
export type TaskQuery = z.infer<typeof TaskQuery>;

/** A staff member a task can be assigned to. */
export const TaskAssignee = z.object({ _id: Id, name: z.string(), role: z.string() });
export type TaskAssignee = z.infer<typeof TaskAssignee>;

const tag = 'tasks';
const oneTask = envelope(Task);

export const tasksApi = {
  list: call('GET', '/tasks', {
    summary: 'Tasks: admins all; accountants and agents those they created or are assigned to',
    tag,
    query: TaskQuery,
    reply: pageEnvelope(Task),
  }),
  assignees: call('GET', '/tasks/assignees', {
    summary: 'Active staff a task can be assigned to (admin, accountant, agent)',
    tag,
    reply: envelope(z.array(TaskAssignee)),
  }),
  create: call('POST', '/tasks', {
    summary: 'Add a task (admin, accountant, agent)',
    tag,
    body: TaskInput,
    reply: oneTask,
    status: 201,
  }),
  get: call('GET', '/tasks/:id', { summary: 'One task', tag, params: IdParam, reply: oneTask }),
  update: call('PUT', '/tasks/:id', {
    summary: 'Edit or move a task (its creator, its assignee or an admin)',
    tag,
    params: IdParam,
    body: TaskUpdateInput,
    reply: oneTask,
  }),
  remove: call('DELETE', '/tasks/:id', {
    summary: 'Delete a task (its creator or an admin)',
    tag,
    params: IdParam,
    reply: envelope(z.object({ _id: Id })),
  }),
};
