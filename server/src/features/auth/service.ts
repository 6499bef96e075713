import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { LoginInput, PasswordChangeInput, Session, SignupInput, TokenPair } from '@lintel/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { systemTransact, transact, type Ctx } from '../../db/scope.ts';
import { hashToken, newOpaqueToken } from '../../lib/crypto.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { badRequest, conflict, forbidden, unauthorized, unprocessable } from '../../lib/errors.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import {
  findCompany,
  insertCompany,
  setCompanyOwner,
  toCompany,
  type CompanyRow,
} from '../companies/index.ts';
import {
  findInvitationForUpdate,
  findUserByEmail,
  findUserById,
  insertUser,
  markInvitationUsed,
  updateUserColumns,
  toUser,
  type UserRow,
} from '../users/index.ts';
import { bindOwnerUser } from '../owners/index.ts';
import { beginLoginAttempt } from './login-throttle.ts';
import * as repo from './repo.ts';
import { forgetSessionState } from './session-states.ts';
import { REFRESH_TOKEN_DAYS, signAccessToken } from './tokens.ts';

export interface AuthDeps {
  db: Db;
  secret: Uint8Array;
}

// Argon2id, OWASP's baseline parameters (19 MiB, 2 passes).
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (password: string) => hash(password, ARGON2);

// Verifying against a real hash even for unknown emails keeps the timing from telling which exist.
let dummyHash: Promise<string> | undefined;
const verifyAgainstDummy = async (password: string) => {
  dummyHash ??= hashPassword('not-a-real-password');
  await verify(await dummyHash, password);
  return false;
};

const INVALID_CREDENTIALS = 'Invalid email or password.';
const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/** Starts a refresh-token family (a sign-in) or continues one (a refresh). */
async function issueTokens(
  tx: Tx,
  secret: Uint8Array,
  user: UserRow,
  familyId: string = randomUUID(),
): Promise<TokenPair> {
  const refreshToken = newOpaqueToken();
  await repo.insertRefreshToken(tx, {
    companyId: user.companyId,
    userId: user.id,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_DAYS * 24 * 3600 * 1000),
  });
  const token = await signAccessToken(
    {
      userId: user.id,
      companyId: user.companyId,
      role: user.role,
      familyId,
      tokenVersion: user.tokenVersion,
    },
    secret,
  );
  return { status: 'success', token, refreshToken };
}

function assertCanSignIn(user: UserRow, company: CompanyRow | undefined): asserts company is CompanyRow {
  if (!user.isActive) throw forbidden('This account has been deactivated. Contact your administrator.');
  if (!company?.isActive) throw forbidden('This company account is not active. Contact Lintel support.');
}

export async function login(deps: AuthDeps, input: LoginInput, meta: { ip: string; requestId: string }) {
  const attempt = await beginLoginAttempt(deps.db, meta.ip, input.email);
  const user = await systemTransact(deps.db, (tx) => findUserByEmail(tx, input.email));
  const valid = user
    ? await verify(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) throw unauthorized(INVALID_CREDENTIALS);
  await attempt.succeeded();
  return systemTransact(deps.db, async (tx): Promise<Session> => {
    const company = await findCompany(tx, user.companyId);
    assertCanSignIn(user, company);
    const tokens = await issueTokens(tx, deps.secret, user);
    await recordAudit(
      tx,
      { companyId: user.companyId, userId: user.id, requestId: meta.requestId },
      { action: 'user.signed_in', entity: 'user', entityId: user.id },
    );
    return { ...tokens, user: toUser(user), company: toCompany(company) };
  });
}

function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = name, ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

const invalidInvitation = () =>
  badRequest(
    'INVALID_INVITATION',
    'This invitation code is not valid: it may be mistyped, expired or already used. Ask your administrator for a new one.',
  );

const EMAIL_TAKEN = () =>
  conflict('EMAIL_TAKEN', 'An account with this email already exists. Sign in instead.');

/** SPEC §7 sign-up: a company object makes a new company with the user as admin; a string is an invitation code. */
export async function signup(
  deps: AuthDeps,
  input: SignupInput,
  meta: { requestId: string },
): Promise<Session> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await systemTransact(deps.db, async (tx) => {
      if (await findUserByEmail(tx, input.email)) throw EMAIL_TAKEN();
      const person = { email: input.email, passwordHash, ...splitName(input.name) };
      let company: CompanyRow;
      let user: UserRow;
      if (typeof input.company === 'string') {
        const invitation = await findInvitationForUpdate(tx, hashToken(input.company));
        if (
          !invitation ||
          invitation.usedAt ||
          invitation.revokedAt ||
          invitation.expiresAt.getTime() <= Date.now()
        ) {
          throw invalidInvitation();
        }
        if (invitation.email && invitation.email !== input.email) {
          throw badRequest(
            'INVITATION_EMAIL_MISMATCH',
            'This invitation was issued for a different email address.',
          );
        }
        const found = await findCompany(tx, invitation.companyId);
        if (!found?.isActive)
          throw badRequest('INVALID_INVITATION', 'The company for this invitation is not active.');
        company = found;
        user = await insertUser(tx, { ...person, companyId: company.id, role: invitation.role });
        if (!(await markInvitationUsed(tx, invitation.id, user.id))) throw invalidInvitation();
        // An owner invitation binds its owner record, so the owner sees their properties at once.
        if (
          invitation.ownerId &&
          !(await bindOwnerUser(tx, { companyId: company.id }, invitation.ownerId, user.id))
        ) {
          throw badRequest(
            'INVALID_INVITATION',
            'The owner record for this invitation already has an account or no longer exists.',
          );
        }
      } else {
        company = await insertCompany(tx, input.company);
        user = await insertUser(tx, { ...person, companyId: company.id, role: 'admin' });
        await setCompanyOwner(tx, company.id, user.id);
        company = { ...company, ownerId: user.id };
        await recordAudit(
          tx,
          { companyId: company.id, userId: user.id, requestId: meta.requestId },
          { action: 'company.created', entity: 'company', entityId: company.id, after: toCompany(company) },
        );
      }
      await recordAudit(
        tx,
        { companyId: company.id, userId: user.id, requestId: meta.requestId },
        { action: 'user.signed_up', entity: 'user', entityId: user.id, after: toUser(user) },
      );
      const tokens = await issueTokens(tx, deps.secret, user);
      return { ...tokens, user: toUser(user), company: toCompany(company) };
    });
  } catch (error) {
    // Two sign-ups with one email at the same moment: the database's unique index decides.
    if (isUniqueViolation(error, 'users_email_unique')) throw EMAIL_TAKEN();
    throw error;
  }
}

/**
 * Rotates a refresh token. A token already rotated once is a stolen copy or a replay: the whole
 * family is revoked, so whoever holds its newer token is signed out too.
 */
export async function refresh(
  deps: AuthDeps,
  refreshToken: string,
  meta: { requestId: string },
): Promise<TokenPair> {
  const outcome = await systemTransact(deps.db, async (tx) => {
    const row = await repo.findRefreshTokenForUpdate(tx, hashToken(refreshToken));
    if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) return { ended: true as const };
    if (row.rotatedAt) {
      await repo.revokeFamily(tx, row.familyId);
      await recordAudit(
        tx,
        { companyId: row.companyId, userId: row.userId, requestId: meta.requestId },
        {
          action: 'session.reuse_detected',
          entity: 'user',
          entityId: row.userId,
          after: { familyId: row.familyId },
        },
      );
      return { ended: true as const };
    }
    const user = await findUserById(tx, row.userId);
    const company = user && (await findCompany(tx, user.companyId));
    if (!user?.isActive || !company?.isActive) {
      await repo.revokeFamily(tx, row.familyId);
      return { ended: true as const };
    }
    await repo.markRotated(tx, row.id);
    return { ended: false as const, tokens: await issueTokens(tx, deps.secret, user, row.familyId) };
  });
  // Thrown after the transaction: a revoked family must stay revoked.
  if (outcome.ended) throw unauthorized(SESSION_ENDED);
  return outcome.tokens;
}

/** Revokes the session named by the refresh token or the access token, if any; signing out never fails. */
export async function logout(
  deps: AuthDeps,
  presented: { refreshToken: string | undefined; familyId: string | undefined },
): Promise<void> {
  if (!presented.refreshToken && !presented.familyId) return;
  await systemTransact(deps.db, async (tx) => {
    const row = presented.refreshToken
      ? await repo.findRefreshTokenForUpdate(tx, hashToken(presented.refreshToken))
      : undefined;
    for (const familyId of new Set([row?.familyId, presented.familyId])) {
      if (familyId) await repo.revokeFamily(tx, familyId);
    }
  });
}

/**
 * The signed-in user changes their password: the current one is required; every other session
 * ends (access tokens by the version bump, refresh tokens revoked) and this one continues with a
 * fresh token pair in a new family.
 */
export async function changePassword(
  deps: Pick<AuthDeps, 'secret'>,
  ctx: Ctx,
  input: PasswordChangeInput,
): Promise<TokenPair> {
  const passwordHash = await hashPassword(input.newPassword);
  return transact(ctx, async (tx) => {
    const user = await findUserById(tx, ctx.userId);
    if (!user?.isActive) throw unauthorized(SESSION_ENDED);
    if (!(await verify(user.passwordHash, input.currentPassword))) {
      throw unprocessable('WRONG_PASSWORD', 'Your current password is not correct.');
    }
    const updated = await updateUserColumns(tx, ctx, user.id, { passwordHash, bumpTokenVersion: true });
    forgetSessionState(ctx.db, user.id);
    await repo.revokeUserRefreshTokens(tx, user.id);
    await recordAudit(tx, auditActor(ctx), {
      action: 'user.password_changed',
      entity: 'user',
      entityId: user.id,
    });
    return issueTokens(tx, deps.secret, updated);
  });
}

/** Deactivation: every refresh token the user holds stops working at once. */
export const revokeUserSessions = (tx: Tx, userId: string) => repo.revokeUserRefreshTokens(tx, userId);
