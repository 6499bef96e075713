import type { FastifyInstance } from 'fastify';
import { tasksApi } from '@lintel/contracts';
import { ok, okPage, route } from '../../lib/http.ts';
import * as service from './service.ts';

export async function taskRoutes(app: FastifyInstance) {
  route(app, tasksApi.list, async (req) => okPage(await service.listTasks(req.ctx, req.query), req.query));
  route(app, tasksApi.assignees, async (req) => ok(await service.listAssignees(req.ctx)));
  route(app, tasksApi.create, async (req) => ok(await service.createTask(req.ctx, req.body)));
  route(app, tasksApi.get, async (req) => ok(await service.getTask(req.ctx, req.params.id)));
  route(app, tasksApi.update, async (req) => ok(await service.updateTask(req.ctx, req.params.id, req.body)));
  route(app, tasksApi.remove, async (req) => ok(await service.deleteTask(req.ctx, req.params.id)));
}
