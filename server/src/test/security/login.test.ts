import { randomInt } from 'node:crypto';
import * as argon2 from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client.ts';
import {
  createTestApp,
  expectStatus,
  signupAdmin,
  TEST_PASSWORD,
  uniqueEmail,
  type SignedIn,
  type TestApp,
} from '../harness.ts';

// The real verify, watched: an unknown email must cost a password check like a known one.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof argon2>();
  return { ...actual, verify: vi.fn(actual.verify) };
});

let t: TestApp;
let user: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  user = await signupAdmin(t.app);
});
afterAll(() => t.close());

// Failures are kept in the database, which test files may share: each test signs in from its own address.
const newAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
const login = (
  app: TestApp['app'],
  email: string,
  password: string,
  remoteAddress: string,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
    headers,
  });

const failuresOf = async (key: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from login_failures where key = ${key}`,
    )
  )[0]!.n;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('no user enumeration on sign-in', () => {
  it('answers an unknown email and a wrong password with the same status and body', async () => {
    const from = newAddress();
    const wrong = await login(t.app, user.user.email, 'not-the-password', from);
    const unknown = await login(t.app, uniqueEmail('nobody'), 'not-the-password', from);
    // 400, not 401: SPEC §4's client would answer a 401 by refreshing a session it does not have.
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({
      status: 'error',
      message: 'Invalid email or password.',
      code: 'INVALID_CREDENTIALS',
    });
  });

  it('checks the password against an Argon2 hash for an unknown email too, taking about as long', async () => {
    const from = newAddress();
    const spy = vi.mocked(argon2.verify);
    spy.mockClear();
    await login(t.app, uniqueEmail('nobody'), 'guess-one', from);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]![0]).toMatch(/^\$argon2id\$/);
    expect(spy.mock.calls[0]![1]).toBe('guess-one');

    // Loose on purpose (a shared, noisy machine): without the dummy check an unknown email
    // answers some ten times faster than a wrong password.
    const timings = { wrong: [] as number[], unknown: [] as number[] };
    for (let round = 0; round < 7; round += 1) {
      let started = performance.now();
      await login(t.app, user.user.email, `wrong-${round}`, from);
      timings.wrong.push(performance.now() - started);
      started = performance.now();
      await login(t.app, uniqueEmail('nobody'), `wrong-${round}`, from);
      timings.unknown.push(performance.now() - started);
    }
    const ratio = median(timings.unknown) / median(timings.wrong);
    expect(ratio).toBeGreaterThan(0.33);
    expect(ratio).toBeLessThan(3);
  });
});

describe('sign-in throttling through the API', () => {
  it('locks an email at the address that failed 10 times; the right password from another still signs in', async () => {
    const victim = await signupAdmin(t.app);
    const guesser = newAddress();
    for (let n = 0; n < 10; n += 1) {
      expectStatus(await login(t.app, victim.user.email, 'guess', guesser), 400);
    }
    const locked = await login(t.app, victim.user.email, TEST_PASSWORD, guesser);
    expect(expectStatus(locked, 429).message).toBe(
      'Too many failed sign-in attempts. Try again in 15 minutes.',
    );
    expectStatus(await login(t.app, victim.user.email, TEST_PASSWORD, newAddress()), 200);
  });

  it('locks an address after 50 failures across many emails; other addresses still sign in', async () => {
    const from = newAddress();
    for (let n = 0; n < 50; n += 1) {
      expectStatus(await login(t.app, uniqueEmail(`guess${n}`), 'guess', from), 400);
    }
    expectStatus(await login(t.app, user.user.email, TEST_PASSWORD, from), 429);
    expectStatus(await login(t.app, user.user.email, TEST_PASSWORD, newAddress()), 200);
  });

  it('counts the connecting address, not a forged X-Forwarded-For, unless TRUST_PROXY says so', async () => {
    const from = newAddress();
    const forged = newAddress();
    await login(t.app, uniqueEmail('forwarded'), 'guess', from, { 'x-forwarded-for': forged });
    expect(await failuresOf(`ip:${from}`)).toBe(1);
    expect(await failuresOf(`ip:${forged}`)).toBe(0);

    // Behind a load balancer (TRUST_PROXY=true) the browser's address is the one counted.
    const behindProxy = await createTestApp({ database: t.database, config: { trustProxy: true } });
    const browser = newAddress();
    await login(behindProxy.app, uniqueEmail('proxied'), 'guess', from, { 'x-forwarded-for': browser });
    await behindProxy.app.close();
    expect(await failuresOf(`ip:${browser}`)).toBe(1);
    expect(await failuresOf(`ip:${from}`)).toBe(1);
  });
});
