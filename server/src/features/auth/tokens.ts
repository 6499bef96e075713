import { jwtVerify, SignJWT } from 'jose';
import type { Ctx } from '../../db/scope.ts';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 30;

export interface Identity {
  userId: string;
  /** Null for a user without a company: only 'account' calls serve them (plugins/tenant.ts). */
  companyId: string | null;
  role: Ctx['role'];
  familyId: string;
  /** users.token_version when the token was signed; a later bump ends the token. */
  tokenVersion: number;
}

const ISSUER = 'lintel';

export async function signAccessToken(identity: Identity, secret: Uint8Array): Promise<string> {
  return new SignJWT({
    cid: identity.companyId,
    role: identity.role,
    fam: identity.familyId,
    ver: identity.tokenVersion,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(identity.userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(secret);
}

/** How many verified tokens each signing secret remembers (one per signed-in client is plenty). */
const VERIFIED_TOKENS_KEPT = 10_000;

interface VerifiedToken {
  identity: Identity;
  /** The token's `exp`: seconds since the epoch. */
  expiresAt: number;
}
/** Per signing secret: tokens whose signature has been checked. */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, VerifiedToken>>();

/**
 * The identity in a valid, unexpired access token; null for anything else. A client sends the
 * same token with every request for its 15 minutes, and checking the signature (jose's Web Crypto
 * HMAC, ~0.1 ms) was about 7% of the server's CPU for a signed-in list request (bench/README.md),
 * so a token whose signature has been checked is remembered until it expires. Only the signature
 * check is skipped: the caller still checks the user's session state on every request.
 */
export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<Identity | null> {
  let verified = verifiedTokens.get(secret);
  if (!verified) verifiedTokens.set(secret, (verified = new Map<string, VerifiedToken>()));
  const known = verified.get(token);
  if (known) {
    if (known.expiresAt > Date.now() / 1000) return known.identity;
    verified.delete(token);
    return null;
  }
  const checked = await checkAccessToken(token, secret);
  if (!checked) return null;
  if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
  verified.set(token, checked);
  return checked.identity;
}

async function checkAccessToken(token: string, secret: Uint8Array): Promise<VerifiedToken | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
    const { sub, cid, role, fam, ver, exp } = payload;
    if (
      typeof sub !== 'string' ||
      (typeof cid !== 'string' && cid !== null) ||
      typeof role !== 'string' ||
      typeof fam !== 'string' ||
      typeof ver !== 'number' ||
      typeof exp !== 'number'
    ) {
      return null;
    }
    const identity: Identity = {
      userId: sub,
      companyId: cid,
      role: role as Identity['role'],
      familyId: fam,
      tokenVersion: ver,
    };
    return { identity: Object.freeze(identity), expiresAt: exp };
  } catch {
    return null;
  }
}
