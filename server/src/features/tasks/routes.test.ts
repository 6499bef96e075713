import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Task } from '@lintel/contracts';
import { auditLog, notifications } from '../../db/schema/index.ts';
import {
  addMember,
  createCompanyWithRoles,
  createTestApp,
  expectStatus,
  type SignedIn,
  type TestApp,
} from '../../test/harness.ts';
import { caller, createLetProperty, type Company } from '../../test/money-fixtures.ts';
import { notifyTasksDueToday } from './index.ts';

describe('tasks API', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let co: Company;
  let otherAgent: SignedIn;
  let rival: Company;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    [co, rival] = await Promise.all([createCompanyWithRoles(t.app), createCompanyWithRoles(t.app)]);
    otherAgent = await addMember(t.app, co.admin, 'agent', 'Second Agent');
  });
  afterAll(() => t.close());

  const createTask = async (user: SignedIn, body: Record<string, unknown>) =>
    Task.parse(
      expectStatus(await call(user, 'POST', '/api/tasks', { title: 'Call the plumber', ...body }), 201).data,
    );

  const listIds = async (user: SignedIn, query = '') =>
    Task.array()
      .parse(expectStatus(await call(user, 'GET', `/api/tasks?pageSize=100${query}`), 200).data)
      .map((task) => task._id);

  const notificationsOf = (userId: string, type: string) =>
    t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

  it('refuses owners and "other" users on every call (403)', async () => {
    const task = await createTask(co.admin, {});
    for (const user of [co.owner, co.other]) {
      expectStatus(await call(user, 'GET', '/api/tasks'), 403);
      expectStatus(await call(user, 'GET', '/api/tasks/assignees'), 403);
      expectStatus(await call(user, 'POST', '/api/tasks', { title: 'Nope' }), 403);
      expectStatus(await call(user, 'GET', `/api/tasks/${task._id}`), 403);
      expectStatus(await call(user, 'PUT', `/api/tasks/${task._id}`, { title: 'Nope' }), 403);
      expectStatus(await call(user, 'DELETE', `/api/tasks/${task._id}`), 403);
    }
  });

  it('assigns a task, notifies the assignee in the same write, and audits it', async () => {
    const task = await createTask(co.admin, {
      title: 'Inspect unit 4',
      assigneeId: co.agent.user._id,
      dueDate: '2099-01-01',
      priority: 'high',
    });
    expect(task).toMatchObject({
      status: 'todo',
      priority: 'high',
      assigneeId: co.agent.user._id,
      assigneeName: 'agent person',
      createdBy: co.admin.user._id,
      canDelete: true,
      isOverdue: false,
    });
    const sent = await notificationsOf(co.agent.user._id, 'task.assigned');
    expect(sent.filter((row) => row.link === `/agent-dashboard/tasks?open=${task._id}`)).toHaveLength(1);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, task._id));
    expect(audits.map((row) => row.action)).toEqual(['task.created']);
    expect(await listIds(co.agent, '&mine=true')).toContain(task._id);
  });

  it('does not notify someone who assigns a task to themselves', async () => {
    const task = await createTask(co.accountant, { assigneeId: co.accountant.user._id });
    const sent = await notificationsOf(co.accountant.user._id, 'task.assigned');
    expect(sent.some((row) => row.link?.endsWith(task._id))).toBe(false);
  });

  it("hides another agent's task from an agent (404) but not from the admin", async () => {
    const task = await createTask(co.agent, { assigneeId: co.accountant.user._id });
    expect(await listIds(otherAgent)).not.toContain(task._id);
    expectStatus(await call(otherAgent, 'GET', `/api/tasks/${task._id}`), 404);
    expectStatus(await call(otherAgent, 'PUT', `/api/tasks/${task._id}`, { title: 'Mine now' }), 404);
    expectStatus(await call(otherAgent, 'DELETE', `/api/tasks/${task._id}`), 404);
    expect(await listIds(co.admin)).toContain(task._id);
    // The accountant is the assignee, so sees and edits it.
    expect(await listIds(co.accountant)).toContain(task._id);
    expectStatus(await call(co.accountant, 'PUT', `/api/tasks/${task._id}`, { priority: 'urgent' }), 200);
  });

  it('moves a task through its statuses, stamping completedAt only when done, with __v guarding', async () => {
    const task = await createTask(co.admin, { assigneeId: co.agent.user._id });
    const moved = Task.parse(
      expectStatus(
        await call(co.agent, 'PUT', `/api/tasks/${task._id}`, { status: 'in_progress', __v: task.__v }),
        200,
      ).data,
    );
    expect(moved).toMatchObject({ status: 'in_progress', completedAt: null, priority: 'medium' });
    expectStatus(
      await call(co.agent, 'PUT', `/api/tasks/${task._id}`, { status: 'done', __v: task.__v }),
      409,
    );
    const done = Task.parse(
      expectStatus(
        await call(co.agent, 'PUT', `/api/tasks/${task._id}`, { status: 'done', __v: moved.__v }),
        200,
      ).data,
    );
    expect(done.completedAt).not.toBeNull();
    const reopened = Task.parse(
      expectStatus(await call(co.agent, 'PUT', `/api/tasks/${task._id}`, { status: 'todo' }), 200).data,
    );
    expect(reopened.completedAt).toBeNull();
  });

  it('lets only the creator or an admin delete', async () => {
    const task = await createTask(co.agent, { assigneeId: co.accountant.user._id });
    expectStatus(await call(co.accountant, 'DELETE', `/api/tasks/${task._id}`), 403);
    expectStatus(await call(co.agent, 'DELETE', `/api/tasks/${task._id}`), 200);
    expectStatus(await call(co.admin, 'GET', `/api/tasks/${task._id}`), 404);
    const other = await createTask(co.agent, {});
    expectStatus(await call(co.admin, 'DELETE', `/api/tasks/${other._id}`), 200);
  });

  it('assigns only to active staff of the company', async () => {
    for (const assigneeId of [co.owner.user._id, co.other.user._id, rival.agent.user._id, randomUUID()]) {
      const response = await call(co.admin, 'POST', '/api/tasks', { title: 'X', assigneeId });
      expect(expectStatus(response, 422).code).toBe('TASK_ASSIGNEE_INVALID');
    }
    expect(
      (await call(co.admin, 'GET', '/api/tasks/assignees')).json().data.map((u: { _id: string }) => u._id),
    ).toEqual(expect.arrayContaining([co.admin.user._id, co.agent.user._id, co.accountant.user._id]));
    const staff = expectStatus(await call(co.agent, 'GET', '/api/tasks/assignees'), 200).data as {
      _id: string;
    }[];
    expect(staff.map((member) => member._id)).not.toContain(co.owner.user._id);
    expect(staff.map((member) => member._id)).not.toContain(rival.admin.user._id);
  });

  it("links to this company's records only", async () => {
    const { property, lease } = await createLetProperty(t, co);
    const rivalLet = await createLetProperty(t, rival);
    const linked = await createTask(co.admin, { link: { type: 'lease', id: lease._id } });
    expect(linked.link).toEqual({ type: 'lease', id: lease._id });
    expect(await listIds(co.admin, `&linkType=lease&linkId=${lease._id}`)).toEqual([linked._id]);
    await createTask(co.admin, { link: { type: 'property', id: property._id } });
    for (const link of [
      { type: 'property', id: rivalLet.property._id },
      { type: 'lease', id: randomUUID() },
      { type: 'invoice', id: randomUUID() },
      { type: 'maintenance', id: randomUUID() },
      { type: 'payment', id: randomUUID() },
    ]) {
      const response = await call(co.admin, 'POST', '/api/tasks', { title: 'X', link });
      expect(expectStatus(response, 422).code).toBe('TASK_LINK_NOT_FOUND');
    }
    const edit = await call(co.admin, 'PUT', `/api/tasks/${linked._id}`, {
      link: { type: 'property', id: rivalLet.property._id },
    });
    expectStatus(edit, 422);
  });

  it("keeps each company's tasks to itself (404, never listed)", async () => {
    const task = await createTask(co.admin, {});
    expect(await listIds(rival.admin)).not.toContain(task._id);
    expectStatus(await call(rival.admin, 'GET', `/api/tasks/${task._id}`), 404);
    expectStatus(await call(rival.admin, 'PUT', `/api/tasks/${task._id}`, { title: 'Hijack' }), 404);
    expectStatus(await call(rival.admin, 'DELETE', `/api/tasks/${task._id}`), 404);
    expectStatus(await call(rival.admin, 'GET', '/api/tasks/not-a-uuid'), 404);
  });

  it('flags overdue tasks and lists them first', async () => {
    const late = await createTask(co.admin, {
      title: 'Late one',
      dueDate: '2020-01-01',
      assigneeId: otherAgent.user._id,
    });
    await createTask(co.admin, {
      title: 'Later one',
      dueDate: '2099-01-01',
      assigneeId: otherAgent.user._id,
    });
    const listed = Task.array().parse(
      expectStatus(await call(otherAgent, 'GET', '/api/tasks?mine=true'), 200).data,
    );
    expect(listed[0]).toMatchObject({ _id: late._id, isOverdue: true });
    expect(await listIds(otherAgent, '&overdue=true')).toEqual([late._id]);
    expect(await listIds(otherAgent, '&q=later')).toHaveLength(1);
  });

  it('tells assignees of tasks due today once, however often the job runs', async () => {
    const today = '2031-03-14';
    const due = await createTask(co.admin, { dueDate: today, assigneeId: co.accountant.user._id });
    const done = await createTask(co.admin, { dueDate: today, assigneeId: co.accountant.user._id });
    expectStatus(await call(co.admin, 'PUT', `/api/tasks/${done._id}`, { status: 'done' }), 200);
    const rivalDue = await createTask(rival.admin, { dueDate: today, assigneeId: rival.agent.user._id });

    await notifyTasksDueToday(t.database.db, today);
    await notifyTasksDueToday(t.database.db, today);

    const sent = await notificationsOf(co.accountant.user._id, 'task.due');
    expect(sent.map((row) => row.dedupeKey)).toEqual([`task-due:${due._id}:${today}`]);
    expect(sent[0]).toMatchObject({
      companyId: co.companyId,
      link: `/accountant-dashboard/tasks?open=${due._id}`,
    });
    const rivalSent = await notificationsOf(rival.agent.user._id, 'task.due');
    expect(rivalSent.map((row) => row.dedupeKey)).toEqual([`task-due:${rivalDue._id}:${today}`]);
  });
});
