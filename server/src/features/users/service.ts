import {
  LAST_ADMIN_MESSAGE,
  type Invitation,
  type InvitationInput,
  type PendingInvitation,
  type Preferences,
  type ProfileInput,
  type User,
  type UserQuery,
  type UserUpdateInput,
} from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { transact, type Ctx } from '../../db/scope.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import { parseSort, type CountedPage } from '../../lib/list-query.ts';
import { assertRole } from '../../lib/roles.ts';
import { scopeFor, sees } from '../../lib/visibility.ts';
import { hashToken, newOpaqueToken } from '../../lib/crypto.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import { forgetSessionState, revokeUserSessions } from '../sessions/index.ts';
import { findCompany } from '../companies/index.ts';
import { queueMail } from '../mail/index.ts';
import { findOwner } from '../owners/index.ts';
import { toPendingInvitation, toPreferences, toUser } from './dto.ts';
import * as repo from './repo.ts';

export const INVITATION_DAYS = 7;

const USER_NOT_FOUND = () => notFound('User not found');
const INVITATION_NOT_FOUND = () => notFound('Invitation not found');

/**
 * PRODUCT.md: the admin invites anyone; an agent may invite an owner, and only for an owner
 * record (the invitation binds the new user to it).
 */
async function assertMayInvite(tx: Tx, ctx: Ctx, input: InvitationInput): Promise<void> {
  assertRole(ctx, ['admin', 'agent']);
  if (ctx.role === 'agent' && input.role !== 'owner') throw forbidden();
  if (input.ownerId === undefined) {
    if (ctx.role === 'agent') {
      throw unprocessable('OWNER_REQUIRED', 'Choose the owner record this invitation is for.');
    }
    return;
  }
  if (input.role !== 'owner') {
    throw unprocessable('INVALID_OWNER', 'Only an owner invitation can name an owner record.');
  }
  const owner = await findOwner(tx, ctx, input.ownerId);
  if (owner?.id !== input.ownerId) {
    throw unprocessable('INVALID_OWNER', 'The chosen owner is not an owner of this company.');
  }
  if (owner.userId) throw unprocessable('OWNER_HAS_ACCOUNT', 'This owner already has an account.');
}

/** The invitation, emailed in the transaction that issues it (the admin still sees the link once). */
async function queueInvitationEmail(
  tx: Tx,
  ctx: Ctx,
  invitation: { id: string; email: string; role: InvitationInput['role']; expiresAt: Date },
  signupPath: string,
): Promise<void> {
  const [inviter, company] = await Promise.all([
    repo.findUserById(tx, ctx.userId),
    findCompany(tx, ctx.companyId),
  ]);
  const companyName = company?.name ?? 'your agency';
  await queueMail(tx, {
    companyId: ctx.companyId,
    kind: 'invitation',
    to: invitation.email,
    senderName: companyName,
    data: {
      inviterName: inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : companyName,
      role: invitation.role,
      path: signupPath,
      expiresAt: invitation.expiresAt.toISOString(),
    },
    dedupeKey: `invitation:${invitation.id}`,
  });
}

/** Invitation codes are shown once; only their hash is stored, like passwords. */
export const createInvitation = (ctx: Ctx, input: InvitationInput): Promise<Invitation> =>
  transact(ctx, async (tx) => {
    await assertMayInvite(tx, ctx, input);
    const code = newOpaqueToken(18);
    const row = await repo.insertInvitation(tx, {
      companyId: ctx.companyId,
      codeHash: hashToken(code),
      email: input.email ?? null,
      role: input.role,
      ownerId: input.ownerId ?? null,
      createdBy: ctx.userId,
      expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 3600 * 1000),
    });
    const invitation = toPendingInvitation(row);
    await recordAudit(tx, auditActor(ctx), {
      action: 'invitation.created',
      entity: 'invitation',
      entityId: row.id,
      after: invitation,
    });
    const signupPath = `/signup?code=${encodeURIComponent(code)}`;
    if (row.email) await queueInvitationEmail(tx, ctx, { ...row, email: row.email }, signupPath);
    return { ...invitation, code, signupPath };
  });

/** Admin: every pending invitation; agent: those they issued. */
export const listInvitations = (ctx: Ctx): Promise<PendingInvitation[]> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['admin', 'agent']);
    const rows = await repo.listPendingInvitations(tx, ctx, { rows: scopeFor(ctx, 'invitation') });
    return rows.map(toPendingInvitation);
  });

/** Revoking twice is harmless; a used invitation is history and cannot be revoked. */
export const revokeInvitation = (ctx: Ctx, invitationId: string): Promise<PendingInvitation> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['admin', 'agent']);
    const row = await repo.findInvitationByIdForUpdate(tx, ctx, invitationId);
    // An agent never sees other people's invitations, so for them those do not exist.
    if (!row || !sees(scopeFor(ctx, 'invitation'), { involvedIds: [row.createdBy] })) {
      throw INVITATION_NOT_FOUND();
    }
    if (row.usedAt) {
      throw unprocessable(
        'INVITATION_USED',
        'This invitation has already been used, so it cannot be revoked.',
      );
    }
    if (row.revokedAt) return toPendingInvitation(row);
    const revoked = await repo.markInvitationRevoked(tx, ctx, row.id);
    await recordAudit(tx, auditActor(ctx), {
      action: 'invitation.revoked',
      entity: 'invitation',
      entityId: row.id,
      before: toPendingInvitation(row),
      after: { ...toPendingInvitation(revoked), revokedAt: revoked.revokedAt?.toISOString() },
    });
    return toPendingInvitation(revoked);
  });

/**
 * Admin: change a role, deactivate or reactivate. The last active admin can be neither demoted
 * nor deactivated; the active admins are locked first, so two concurrent changes cannot both pass.
 * Deactivation ends every session at once: refresh tokens revoked, access tokens by version.
 */
export const updateUser = (ctx: Ctx, userId: string, input: UserUpdateInput): Promise<User> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['admin']);
    const admins = await repo.lockActiveAdmins(tx, ctx);
    const before = await repo.findUserForUpdate(tx, ctx, userId);
    if (!before) throw USER_NOT_FOUND();
    const role = input.role ?? before.role;
    const isActive = input.active ?? before.isActive;
    const staysAdmin = role === 'admin' && isActive;
    if (admins.includes(before.id) && !staysAdmin && admins.length <= 1) {
      throw unprocessable('LAST_ADMIN', LAST_ADMIN_MESSAGE);
    }
    if (role === before.role && isActive === before.isActive) return toUser(before);
    const deactivating = before.isActive && !isActive;
    const after = await repo.updateUser(tx, ctx, before.id, {
      role,
      isActive,
      // A role change also ends old tokens: they carry the old role.
      bumpTokenVersion: deactivating || role !== before.role,
    });
    forgetSessionState(ctx.db, before.id);
    if (deactivating) await revokeUserSessions(tx, before.id);
    const action = deactivating
      ? 'user.deactivated'
      : !before.isActive && isActive
        ? 'user.reactivated'
        : 'user.role_changed';
    await recordAudit(tx, auditActor(ctx), {
      action,
      entity: 'user',
      entityId: before.id,
      before: toUser(before),
      after: toUser(after),
    });
    return toUser(after);
  });

export const getPreferences = (ctx: Ctx): Promise<Preferences> =>
  transact(ctx, async (tx) => {
    const row = await repo.findUserById(tx, ctx.userId);
    if (!row) throw USER_NOT_FOUND();
    return toPreferences(row.preferences);
  });

export const updatePreferences = (ctx: Ctx, input: Preferences): Promise<Preferences> =>
  transact(ctx, async (tx) => {
    const before = await repo.findUserForUpdate(tx, ctx, ctx.userId);
    if (!before) throw USER_NOT_FOUND();
    const after = await repo.updateUser(tx, ctx, before.id, {
      preferences: { ...before.preferences, ...input },
    });
    await recordAudit(tx, auditActor(ctx), {
      action: 'user.preferences_updated',
      entity: 'user',
      entityId: before.id,
      before: toPreferences(before.preferences),
      after: toPreferences(after.preferences),
    });
    return toPreferences(after.preferences);
  });

const EMAIL_TAKEN = () => conflict('EMAIL_TAKEN', 'Another account already uses this email.');

/** The signed-in user's own name and email; an email names one user across all companies. */
export async function updateProfile(ctx: Ctx, input: ProfileInput): Promise<User> {
  try {
    return await transact(ctx, async (tx) => {
      const before = await repo.findUserForUpdate(tx, ctx, ctx.userId);
      if (!before) throw USER_NOT_FOUND();
      const after = await repo.updateUser(tx, ctx, before.id, {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
      });
      await recordAudit(tx, auditActor(ctx), {
        action: 'user.profile_updated',
        entity: 'user',
        entityId: before.id,
        before: toUser(before),
        after: toUser(after),
      });
      return toUser(after);
    });
  } catch (error) {
    // Other companies' users are hidden from this transaction: the unique index decides.
    if (isUniqueViolation(error, 'users_email_unique')) throw EMAIL_TAKEN();
    throw error;
  }
}

export const getCurrentUser = (ctx: Ctx): Promise<User> =>
  transact(ctx, async (tx) => {
    const row = await repo.findUserById(tx, ctx.userId);
    if (!row) throw notFound('User not found');
    return toUser(row);
  });

/** PRODUCT.md: users are the admin's alone (the agent picker on properties is one use). */
export const listUsers = (ctx: Ctx, query: UserQuery): Promise<CountedPage<User>> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['admin']);
    const page = await repo.listUsers(
      tx,
      ctx,
      { q: query.q, role: query.role, isActive: query.isActive },
      { page: query.page, pageSize: query.pageSize, ...parseSort(query.sort, repo.userSortColumns, 'name') },
    );
    return { ...page, items: page.items.map(toUser) };
  });
