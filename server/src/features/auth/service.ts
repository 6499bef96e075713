import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type {
  CompanyInput,
  LoginInput,
  PasswordChangeInput,
  Role,
  Session,
  SignupInput,
  TokenPair,
  User,
} from '@lintel/contracts';
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
  findUserByEmail,
  findUserById,
  insertUser,
  joinCompany,
  lockInvitation,
  markInvitationUsed,
  setPasswordHash,
  toUser,
  type UserRow,
} from '../users/index.ts';
import { bindOwnerUser } from '../owners/index.ts';
import { forgetSessionState, revokeUserSessions } from '../sessions/index.ts';
import { beginLoginAttempt, beginSignupAttempt } from './throttle.ts';
import * as repo from './repo.ts';
import { REFRESH_TOKEN_DAYS, signAccessToken, type Identity } from './tokens.ts';

export interface AuthDeps {
  db: Db;
  secret: Uint8Array;
  /** Sign-up attempts one address may make in 15 minutes. */
  signupsPerAddress: number;
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

/** The user's company, or null for a user without one; refused if the user or company is not active. */
async function companyToSignIn(tx: Tx, user: UserRow): Promise<CompanyRow | null> {
  if (!user.isActive) throw forbidden('This account has been deactivated. Contact your administrator.');
  if (!user.companyId) return null;
  const company = await findCompany(tx, user.companyId);
  if (!company?.isActive) throw forbidden('This company account is not active. Contact Lintel support.');
  return company;
}

/** A session answer: the token pair, the user and their company (null without one). */
const sessionOf = (tokens: TokenPair, user: UserRow, company: CompanyRow | null): Session => ({
  ...tokens,
  user: toUser(user),
  company: company && toCompany(company),
});

export async function login(deps: AuthDeps, input: LoginInput, meta: { ip: string; requestId: string }) {
  const attempt = await beginLoginAttempt(deps.db, meta.ip, input.email);
  const user = await systemTransact(deps.db, (tx) => findUserByEmail(tx, input.email));
  const valid = user
    ? await verify(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  // 400, not 401: SPEC §4's client answers any 401 by refreshing the session, and would show that
  // failure instead of this message (OAuth 2's token endpoint answers invalid_grant the same way).
  if (!user || !valid) throw badRequest('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  await attempt.succeeded();
  return systemTransact(deps.db, async (tx): Promise<Session> => {
    const company = await companyToSignIn(tx, user);
    const tokens = await issueTokens(tx, deps.secret, user);
    // The audit log is a company's: a user without one has none to write to.
    if (company) {
      await recordAudit(
        tx,
        { companyId: company.id, userId: user.id, requestId: meta.requestId },
        { action: 'user.signed_in', entity: 'user', entityId: user.id },
      );
    }
    return sessionOf(tokens, user, company);
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

/**
 * An invitation code, checked and locked: unknown, used, revoked, expired, meant for another email
 * or for a company no longer active are refused. `redeem` then binds the user it names.
 */
async function openInvitation(tx: Tx, code: string, email: string) {
  const invitation = await lockInvitation(tx, hashToken(code));
  if (
    !invitation ||
    invitation.usedAt ||
    invitation.revokedAt ||
    invitation.expiresAt.getTime() <= Date.now()
  ) {
    throw invalidInvitation();
  }
  if (invitation.email && invitation.email !== email) {
    throw badRequest(
      'INVITATION_EMAIL_MISMATCH',
      'This invitation was issued for a different email address.',
    );
  }
  const company = await findCompany(tx, invitation.companyId);
  if (!company?.isActive)
    throw badRequest('INVALID_INVITATION', 'The company for this invitation is not active.');
  return {
    company,
    role: invitation.role,
    /** Marks the code used by this user and binds an owner invitation's owner record to them. */
    async redeem(user: UserRow) {
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
    },
  };
}

/** A new company with this user as its owner; the caller makes the user its admin. */
async function startCompany(tx: Tx, input: CompanyInput, userId: string, requestId: string) {
  const company = { ...(await insertCompany(tx, input)), ownerId: userId };
  return {
    company,
    /** Once the user belongs to it: the owner link (a foreign key to the user) and the audit entry. */
    async finish() {
      await setCompanyOwner(tx, company.id, userId);
      await recordAudit(
        tx,
        { companyId: company.id, userId, requestId },
        { action: 'company.created', entity: 'company', entityId: company.id, after: toCompany(company) },
      );
    },
  };
}

/** What a sign-up answers: the new user signed in. */
async function signedUp(
  tx: Tx,
  deps: AuthDeps,
  user: UserRow,
  company: CompanyRow | null,
  requestId: string,
): Promise<Session> {
  if (company) {
    await recordAudit(
      tx,
      { companyId: company.id, userId: user.id, requestId },
      { action: 'user.signed_up', entity: 'user', entityId: user.id, after: toUser(user) },
    );
  }
  return sessionOf(await issueTokens(tx, deps.secret, user), user, company);
}

/** The role of a user who signs up without a company (SPEC §6: other is the default). */
const DEFAULT_ROLE: Role = 'other';

/**
 * SPEC §7 sign-up: a company object makes a new company with the user as admin; a string is an
 * invitation code; no company at all makes a user without one (SPEC's /signup), who can create
 * or join one later.
 */
export async function signup(
  deps: AuthDeps,
  input: SignupInput,
  meta: { ip: string; requestId: string },
): Promise<Session> {
  await beginSignupAttempt(deps.db, meta.ip, deps.signupsPerAddress);
  const passwordHash = await hashPassword(input.password);
  try {
    return await systemTransact(deps.db, async (tx) => {
      if (await findUserByEmail(tx, input.email)) throw EMAIL_TAKEN();
      const person = { email: input.email, passwordHash, ...splitName(input.name) };
      if (typeof input.company === 'string') {
        const invitation = await openInvitation(tx, input.company, input.email);
        const user = await insertUser(tx, {
          ...person,
          companyId: invitation.company.id,
          role: invitation.role,
        });
        await invitation.redeem(user);
        return signedUp(tx, deps, user, invitation.company, meta.requestId);
      }
      if (input.company) {
        const id = randomUUID();
        const started = await startCompany(tx, input.company, id, meta.requestId);
        const user = await insertUser(tx, { ...person, id, companyId: started.company.id, role: 'admin' });
        await started.finish();
        return signedUp(tx, deps, user, started.company, meta.requestId);
      }
      const user = await insertUser(tx, { ...person, companyId: null, role: DEFAULT_ROLE });
      return signedUp(tx, deps, user, null, meta.requestId);
    });
  } catch (error) {
    // Two sign-ups with one email at the same moment: the database's unique index decides.
    if (isUniqueViolation(error, 'users_email_unique')) throw EMAIL_TAKEN();
    throw error;
  }
}

const ALREADY_IN_COMPANY = () =>
  conflict('ALREADY_IN_COMPANY', 'You already belong to a company. Sign in again to see it.');

/**
 * A signed-in user without a company creates one or joins one (`join` makes the change and
 * names the company). The user changes company and role, so every earlier session ends and this
 * one continues with a fresh token pair carrying the company.
 */
async function joinAs(
  deps: AuthDeps,
  identity: Identity,
  join: (tx: Tx, user: UserRow) => Promise<{ company: CompanyRow; user: UserRow }>,
): Promise<Session> {
  return systemTransact(deps.db, async (tx) => {
    const user = await findUserById(tx, identity.userId);
    if (!user?.isActive) throw unauthorized(SESSION_ENDED);
    if (user.companyId) throw ALREADY_IN_COMPANY();
    const joined = await join(tx, user);
    forgetSessionState(deps.db, user.id);
    await revokeUserSessions(tx, user.id);
    return sessionOf(await issueTokens(tx, deps.secret, joined.user), joined.user, joined.company);
  });
}

/** Joining changes the row only while the user has no company: of two joins at once, one wins. */
async function joinedUser(tx: Tx, userId: string, companyId: string, role: Role): Promise<UserRow> {
  const user = await joinCompany(tx, userId, { companyId, role });
  if (!user) throw ALREADY_IN_COMPANY();
  return user;
}

async function recordJoined(tx: Tx, user: UserRow, company: CompanyRow, requestId: string) {
  await recordAudit(
    tx,
    { companyId: company.id, userId: user.id, requestId },
    { action: 'user.joined', entity: 'user', entityId: user.id, after: toUser(user) },
  );
}

/** A user without a company creates an agency and becomes its admin, as /admin-signup does. */
export const createCompanyForUser = (
  deps: AuthDeps,
  identity: Identity,
  input: CompanyInput,
  meta: { requestId: string },
): Promise<Session> =>
  joinAs(deps, identity, async (tx, before) => {
    const started = await startCompany(tx, input, before.id, meta.requestId);
    const user = await joinedUser(tx, before.id, started.company.id, 'admin');
    await started.finish();
    await recordJoined(tx, user, started.company, meta.requestId);
    return { company: started.company, user };
  });

/** A user without a company joins one with an invitation code, in the invited role. */
export const acceptInvitation = (
  deps: AuthDeps,
  identity: Identity,
  code: string,
  meta: { requestId: string },
): Promise<Session> =>
  joinAs(deps, identity, async (tx, before) => {
    const invitation = await openInvitation(tx, code, before.email.toLowerCase());
    const user = await joinedUser(tx, before.id, invitation.company.id, invitation.role);
    await invitation.redeem(user);
    await recordJoined(tx, user, invitation.company, meta.requestId);
    return { company: invitation.company, user };
  });

/** The signed-in user, company or not: read by their verified id alone. */
export async function signedInUser(deps: Pick<AuthDeps, 'db'>, identity: Identity): Promise<User> {
  const user = await systemTransact(deps.db, (tx) => findUserById(tx, identity.userId));
  if (!user?.isActive) throw unauthorized(SESSION_ENDED);
  return toUser(user);
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
      // Into the company's audit log; a session without a company has none.
      if (row.companyId) {
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
      }
      return { ended: true as const };
    }
    const user = await findUserById(tx, row.userId);
    const company = user?.companyId ? await findCompany(tx, user.companyId) : null;
    if (!user?.isActive || (user.companyId && !company?.isActive)) {
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
    const updated = await setPasswordHash(tx, ctx, user.id, passwordHash);
    forgetSessionState(ctx.db, user.id);
    await revokeUserSessions(tx, user.id);
    await recordAudit(tx, auditActor(ctx), {
      action: 'user.password_changed',
      entity: 'user',
      entityId: user.id,
    });
    return issueTokens(tx, deps.secret, updated);
  });
}
