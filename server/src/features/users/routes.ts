import type { FastifyInstance } from 'fastify';
import { usersApi } from '@lintel/contracts';
import { ok, okPage, route } from '../../lib/http.ts';
import { createInvitation, listUsers } from './service.ts';

export async function userRoutes(app: FastifyInstance) {
  route(app, usersApi.list, async (req) => okPage(await listUsers(req.ctx, req.query), req.query));
  route(app, usersApi.createInvitation, async (req) => ok(await createInvitation(req.ctx, req.body)));
}
