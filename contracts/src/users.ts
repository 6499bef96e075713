import { z } from 'zod';
import { call, envelope, Id, IdParam, pageEnvelope, PageQuery, Role, Timestamp } from './common.ts';

export const User = z.object({
  _id: Id,
  email: z.email(),
  firstName: z.string(),
  lastName: z.string(),
  role: Role,
  /** Null for a user who signed up without a company or an invitation. */
  companyId: Id.nullable(),
  isActive: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type User = z.infer<typeof User>;

export const InvitationInput = z.object({
  email: z.email().trim().toLowerCase().max(254).optional(),
  role: Role,
  /** Only with role 'owner': the owner record the new user is bound to on sign-up. */
  ownerId: Id.optional(),
});
export type InvitationInput = z.infer<typeof InvitationInput>;

/** An invitation as listed: never its code (only the code's hash is kept). */
export const PendingInvitation = z.object({
  _id: Id,
  email: z.string().nullable(),
  role: Role,
  ownerId: Id.nullable(),
  createdBy: Id.nullable(),
  expiresAt: Timestamp,
  createdAt: Timestamp,
});
export type PendingInvitation = z.infer<typeof PendingInvitation>;

export const Invitation = PendingInvitation.extend({
  /** Shown once, at creation; only its hash is kept. */
  code: z.string(),
  /** Relative sign-up link carrying the code: `/signup?code=…`. */
  signupPath: z.string(),
});
export type Invitation = z.infer<typeof Invitation>;

/** Admin: change a user's role, deactivate (`active: false`) or reactivate them. */
export const UserUpdateInput = z
  .object({ role: Role.optional(), active: z.boolean().optional() })
  .refine((input) => input.role !== undefined || input.active !== undefined, {
    message: 'Send a role or active',
  });
export type UserUpdateInput = z.infer<typeof UserUpdateInput>;

export const LAST_ADMIN_MESSAGE =
  'A company needs at least one active admin. Make another user an admin first.';

/** `q` searches first name, last name and email; `sort` is name, email, role or createdAt. */
export const UserQuery = PageQuery.extend({
  role: Role.optional(),
  // Query strings carry text: 'true' / 'false' (z.coerce.boolean would read 'false' as true).
  isActive: z.stringbool().optional(),
});
export type UserQuery = z.infer<typeof UserQuery>;

export const usersApi = {
  list: call('GET', '/users', {
    summary: "The company's users, filtered by role and activity (admin)",
    tag: 'users',
    query: UserQuery,
    reply: pageEnvelope(User),
  }),
  update: call('PATCH', '/users/:id', {
    summary: "Change a user's role or deactivate / reactivate them (admin; never the last active admin)",
    tag: 'users',
    params: IdParam,
    body: UserUpdateInput,
    reply: envelope(User),
  }),
  listInvitations: call('GET', '/users/invitations', {
    summary: 'Pending invitations: not used, revoked or expired (admin: all; agent: their own)',
    tag: 'users',
    reply: envelope(z.array(PendingInvitation)),
  }),
  revokeInvitation: call('DELETE', '/users/invitations/:id', {
    summary: 'Revoke a pending invitation (admin, or the agent who created it)',
    tag: 'users',
    params: IdParam,
    reply: envelope(PendingInvitation),
  }),
  createInvitation: call('POST', '/users/invitations', {
    summary: 'Issue a one-time sign-up code (admin: any role; agent: an owner record)',
    tag: 'users',
    body: InvitationInput,
    reply: envelope(Invitation),
    status: 201,
  }),
};
