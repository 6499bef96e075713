import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAIL_OPT_OUT_CATEGORIES, type MailOptOutCategory } from '@lintel/contracts';
import { isUuid } from '../../db/scope.ts';

/** Who stops which mail from which company: what an opt-out link carries. */
export interface OptOutClaim {
  companyId: string;
  email: string;
  category: MailOptOutCategory;
}

// A key of its own, drawn from the signing secret, so a link's signature can never pass for a token's.
const keyOf = (secret: Uint8Array) => createHmac('sha256', secret).update('lintel mail opt-out').digest();
const macOf = (secret: Uint8Array, payload: string) =>
  createHmac('sha256', keyOf(secret)).update(payload).digest();

/**
 * The token in an email's opt-out link: the claim itself, signed. It needs no row to look up and
 * never expires, so the link in an old email still works.
 */
export function signOptOut(secret: Uint8Array, claim: OptOutClaim): string {
  const payload = Buffer.from(
    JSON.stringify([claim.companyId, claim.email.toLowerCase(), claim.category]),
  ).toString('base64url');
  return `${payload}.${macOf(secret, payload).toString('base64url')}`;
}

/** The claim a token carries, when this server signed it; anything else is undefined. */
export function readOptOut(secret: Uint8Array, token: string): OptOutClaim | undefined {
  const [payload, mac, ...rest] = token.split('.');
  if (!payload || !mac || rest.length > 0) return undefined;
  const given = Buffer.from(mac, 'base64url');
  const expected = macOf(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const [companyId, email, category] = JSON.parse(
      Buffer.from(payload, 'base64url').toString(),
    ) as unknown[];
    if (typeof companyId !== 'string' || !isUuid(companyId) || typeof email !== 'string') return undefined;
    if (!MAIL_OPT_OUT_CATEGORIES.includes(category as MailOptOutCategory)) return undefined;
    return { companyId, email, category: category as MailOptOutCategory };
  } catch {
    return undefined;
  }
}
