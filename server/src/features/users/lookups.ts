import type { Role } from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../db/scope.ts';
import * as repo from './repo.ts';

/*
 * What other features ask of users (sign-in and sign-up, properties, money, reports, the
 * dashboard, the demo seed, data sync). The repo stays private; these take the caller's
 * transaction so their reads and writes share it.
 */
export type { UserRow } from './repo.ts';
type Scope = Pick<Ctx, 'companyId'>;

/** Emails are matched case-insensitively, as people type them. */
export const findUserByEmail = (tx: Tx, email: string) => repo.findUserByEmail(tx, email);

export const findUserById = (tx: Tx, userId: string) => repo.findUserById(tx, userId);

/** An active member of the company who may be named as a property's agent (an agent or an admin). */
export const findAgent = (tx: Tx, ctx: Scope, userId: string) => repo.findAgent(tx, ctx, userId);

/** A user as given (sign-up and the demo seed; the caller hashed the password). */
export const insertUser = (tx: Tx, values: Parameters<typeof repo.insertUser>[1]) =>
  repo.insertUser(tx, values);

/**
 * A user without a company joins one with a role. Only while they have none, so two joins at once
 * cannot both take effect; older access tokens end. Undefined if they had one.
 */
export const joinCompany = (tx: Tx, userId: string, values: { companyId: string; role: Role }) =>
  repo.joinCompany(tx, userId, values);

/** Locks the invitation so two sign-ups with one code cannot both use it. */
export const lockInvitation = (tx: Tx, codeHash: string) => repo.findInvitationForUpdate(tx, codeHash);

/** False when someone else used the invitation first. */
export const markInvitationUsed = (tx: Tx, invitationId: string, userId: string) =>
  repo.markInvitationUsed(tx, invitationId, userId);

/** A password set from an emailed reset link, company or not; older access tokens end. */
export const setPasswordHashById = (tx: Tx, userId: string, passwordHash: string) =>
  repo.setPasswordHashById(tx, userId, passwordHash);

/** A new password ends every access token issued under the old one. */
export const setPasswordHash = (tx: Tx, ctx: Scope, userId: string, passwordHash: string) =>
  repo.updateUser(tx, ctx, userId, { passwordHash, bumpTokenVersion: true });

/** Active members of the company per role (roles without anyone left out). */
export const countActiveUsersByRole = (tx: Tx, ctx: Scope) => repo.countActiveUsersByRole(tx, ctx);
