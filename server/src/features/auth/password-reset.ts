import { FORGOT_PASSWORD_MESSAGE, RESET_LINK_INVALID, type ResetPasswordInput } from '@lintel/contracts';
import type { Db } from '../../db/client.ts';
import { systemTransact } from '../../db/scope.ts';
import { hashToken, newOpaqueToken } from '../../lib/crypto.ts';
import { badRequest } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { queueMail } from '../mail/index.ts';
import { forgetSessionState, revokeUserSessions } from '../sessions/index.ts';
import { findUserByEmail, setPasswordHashById } from '../users/index.ts';
import * as repo from './repo.ts';
import { hashPassword } from './service.ts';
import { beginResetRequest, forgetLoginFailures } from './throttle.ts';

/** How long an emailed link to set a new password works. */
export const RESET_LINK_MINUTES = 60;

/**
 * "Forgot password": for an active account, a single-use link (its token stored hashed) is queued
 * as an email in the same transaction. The answer is the same whether or not the email has an
 * account; the request counts against the email and the address either way.
 */
export async function requestPasswordReset(db: Db, email: string, meta: { ip: string }) {
  await beginResetRequest(db, meta.ip, email);
  await systemTransact(db, async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user?.isActive) return;
    const token = newOpaqueToken();
    const resetId = await repo.insertPasswordReset(tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60 * 1000),
    });
    // No company's mail: the link is a live secret, so no admin's Messages screen may show it.
    await queueMail(tx, {
      companyId: null,
      kind: 'password-reset',
      to: user.email,
      senderName: 'Lintel',
      data: {
        firstName: user.firstName,
        path: `/reset-password?token=${encodeURIComponent(token)}`,
        minutes: RESET_LINK_MINUTES,
      },
      dedupeKey: `password-reset:${resetId}`,
    });
  });
  return { status: 'success' as const, message: FORGOT_PASSWORD_MESSAGE };
}

/**
 * Sets the new password from a link's token: once, within the hour. Every session of the user
 * ends (refresh tokens revoked, access tokens outdated), every other link of theirs is used up,
 * and the email's failed sign-ins are forgotten, so a person locked out is let back in.
 */
export async function resetPassword(db: Db, input: ResetPasswordInput, meta: { requestId: string }) {
  const passwordHash = await hashPassword(input.password);
  const user = await systemTransact(db, async (tx) => {
    const reset = await repo.findPasswordResetForUpdate(tx, hashToken(input.token));
    if (!reset || reset.usedAt || reset.expiresAt.getTime() <= Date.now()) {
      throw badRequest('RESET_LINK_INVALID', RESET_LINK_INVALID);
    }
    const updated = await setPasswordHashById(tx, reset.userId, passwordHash);
    await repo.usePasswordResets(tx, updated.id);
    await revokeUserSessions(tx, updated.id);
    if (updated.companyId) {
      await recordAudit(
        tx,
        { companyId: updated.companyId, userId: updated.id, requestId: meta.requestId },
        { action: 'user.password_reset', entity: 'user', entityId: updated.id },
      );
    }
    return updated;
  });
  forgetSessionState(db, user.id);
  await forgetLoginFailures(db, user.email.toLowerCase());
  return { status: 'success' as const };
}
