import type { Invitation, InvitationInput, User, UserQuery } from '@lintel/contracts';
import { transact, type Ctx } from '../../db/scope.ts';
import { notFound } from '../../lib/errors.ts';
import { parseSort } from '../../lib/list-query.ts';
import { assertRole } from '../../lib/roles.ts';
import { hashToken, newOpaqueToken } from '../../lib/crypto.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import { toUser } from './dto.ts';
import * as repo from './repo.ts';

export const INVITATION_DAYS = 7;

/** Invitation codes are shown once; only their hash is stored, like passwords. */
export const createInvitation = (ctx: Ctx, input: InvitationInput): Promise<Invitation> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['admin']);
    const code = newOpaqueToken(18);
    const row = await repo.insertInvitation(tx, {
      companyId: ctx.companyId,
      codeHash: hashToken(code),
      email: input.email ?? null,
      role: input.role,
      createdBy: ctx.userId,
      expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 3600 * 1000),
    });
    const invitation = {
      _id: row.id,
      email: row.email,
      role: row.role,
      expiresAt: row.expiresAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
    };
    await recordAudit(tx, auditActor(ctx), {
      action: 'invitation.created',
      entity: 'invitation',
      entityId: row.id,
      after: invitation,
    });
    return { ...invitation, code };
  });

export const getCurrentUser = (ctx: Ctx): Promise<User> =>
  transact(ctx, async (tx) => {
    const row = await repo.findUserById(tx, ctx.userId);
    if (!row) throw notFound('User not found');
    return toUser(row);
  });

/** PRODUCT.md: users are the admin's alone (the agent picker on properties is one use). */
export const listUsers = (ctx: Ctx, query: UserQuery): Promise<{ items: User[]; total: number }> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['admin']);
    const page = await repo.listUsers(
      tx,
      ctx,
      { q: query.q, role: query.role, isActive: query.isActive },
      { page: query.page, pageSize: query.pageSize, ...parseSort(query.sort, repo.userSortColumns, 'name') },
    );
    return { items: page.items.map(toUser), total: page.total };
  });
