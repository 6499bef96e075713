import type { FastifyInstance } from 'fastify';
import { meApi, usersApi } from '@lintel/contracts';
import { ok, okPage, route } from '../../lib/http.ts';
import {
  createInvitation,
  getPreferences,
  listInvitations,
  listUsers,
  revokeInvitation,
  updatePreferences,
  updateProfile,
  updateUser,
} from './service.ts';

export async function userRoutes(app: FastifyInstance) {
  route(app, usersApi.list, async (req) => okPage(await listUsers(req.ctx, req.query), req.query));
  route(app, usersApi.update, async (req) => ok(await updateUser(req.ctx, req.params.id, req.body)));
  route(app, usersApi.listInvitations, async (req) => ok(await listInvitations(req.ctx)));
  route(app, usersApi.createInvitation, async (req) => ok(await createInvitation(req.ctx, req.body)));
  route(app, usersApi.revokeInvitation, async (req) => ok(await revokeInvitation(req.ctx, req.params.id)));
  // The signed-in user's own record (every role); the password change lives with auth's tokens.
  route(app, meApi.getPreferences, async (req) => ok(await getPreferences(req.ctx)));
  route(app, meApi.updatePreferences, async (req) => ok(await updatePreferences(req.ctx, req.body)));
  route(app, meApi.updateProfile, async (req) => ok(await updateProfile(req.ctx, req.body)));
}
