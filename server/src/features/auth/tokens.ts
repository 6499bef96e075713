import { jwtVerify, SignJWT } from 'jose';
import type { Ctx } from '../../db/scope.ts';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 30;

export interface Identity {
  userId: string;
  companyId: string;
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

/** The identity in a valid, unexpired access token; null for anything else. */
export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<Identity | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
    const { sub, cid, role, fam, ver } = payload;
    if (
      typeof sub !== 'string' ||
      typeof cid !== 'string' ||
      typeof role !== 'string' ||
      typeof fam !== 'string' ||
      typeof ver !== 'number'
    ) {
      return null;
    }
    return { userId: sub, companyId: cid, role: role as Identity['role'], familyId: fam, tokenVersion: ver };
  } catch {
    return null;
  }
}
