import { createHash, randomBytes } from 'node:crypto';

/** Opaque secrets (refresh tokens, invitation codes) are random strings; only their hash is stored. */
export const newOpaqueToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
