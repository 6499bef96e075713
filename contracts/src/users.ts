import { z } from 'zod';
import { call, envelope, Id, pageEnvelope, PageQuery, Role, Timestamp } from './common.ts';

export const User = z.object({
  _id: Id,
  email: z.email(),
  firstName: z.string(),
  lastName: z.string(),
  role: Role,
  companyId: Id,
  isActive: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type User = z.infer<typeof User>;

export const InvitationInput = z.object({
  email: z.email().trim().toLowerCase().max(254).optional(),
  role: Role,
});
export type InvitationInput = z.infer<typeof InvitationInput>;

export const Invitation = z.object({
  _id: Id,
  email: z.string().nullable(),
  role: Role,
  /** Shown once, at creation; only its hash is kept. */
  code: z.string(),
  expiresAt: Timestamp,
  createdAt: Timestamp,
});
export type Invitation = z.infer<typeof Invitation>;

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
  createInvitation: call('POST', '/users/invitations', {
    summary: 'Issue a one-time sign-up code for the company (admin)',
    tag: 'users',
    body: InvitationInput,
    reply: envelope(Invitation),
    status: 201,
  }),
};
