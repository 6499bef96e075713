import type { FastifyInstance } from 'fastify';
import { usersApi } from '@lintel/contracts';
import { ok, route } from '../../lib/http.ts';
import { createInvitation } from './service.ts';

export async function userRoutes(app: FastifyInstance) {
  route(app, usersApi.createInvitation, async (req) => ok(await createInvitation(req.ctx, req.body)));
}
