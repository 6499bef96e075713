import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_SECONDS, signAccessToken, verifyAccessToken, type Identity } from './tokens.ts';

const identity = (): Identity => ({
  userId: randomUUID(),
  companyId: randomUUID(),
  role: 'agent',
  familyId: randomUUID(),
  tokenVersion: 3,
});

afterEach(() => vi.useRealTimers());

describe('access tokens: verified once, remembered until they expire', () => {
  it('a token verifies again and again to the same identity', async () => {
    const secret = randomBytes(32);
    const who = identity();
    const token = await signAccessToken(who, secret);
    expect(await verifyAccessToken(token, secret)).toEqual(who);
    expect(await verifyAccessToken(token, secret)).toEqual(who);
  });

  it('a remembered token stops working when it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const secret = randomBytes(32);
    const token = await signAccessToken(identity(), secret);
    expect(await verifyAccessToken(token, secret)).not.toBeNull();
    vi.setSystemTime(Date.now() + (ACCESS_TOKEN_SECONDS - 5) * 1000);
    expect(await verifyAccessToken(token, secret)).not.toBeNull();
    vi.setSystemTime(Date.now() + 10_000);
    expect(await verifyAccessToken(token, secret)).toBeNull();
  });

  it('a token verified under one signing secret is refused under another', async () => {
    const secret = randomBytes(32);
    const token = await signAccessToken(identity(), secret);
    expect(await verifyAccessToken(token, secret)).not.toBeNull();
    expect(await verifyAccessToken(token, randomBytes(32))).toBeNull();
  });

  it('a remembered token with its payload or signature changed is refused', async () => {
    const secret = randomBytes(32);
    const token = await signAccessToken(identity(), secret);
    expect(await verifyAccessToken(token, secret)).not.toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const asAdmin = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    expect(await verifyAccessToken(`${header}.${asAdmin}.${signature}`, secret)).toBeNull();
    expect(await verifyAccessToken(`${header}.${payload}.${signature.slice(0, -2)}AA`, secret)).toBeNull();
  });
});
