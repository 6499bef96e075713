import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { beginLoginAttempt } from './throttle.ts';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
});
afterAll(() => t.close());

// Test files may share one PostgreSQL database: every test uses addresses and emails of its own.
const unique = () => randomUUID().slice(0, 8);
const failures = async (key: string) =>
  (
    await queryRows<{ n: number }>(db, sql`select count(*)::int as n from login_failures where key = ${key}`)
  )[0]!.n;
/** Time passes for these keys: their failures are moved back by `seconds`. */
const advance = (seconds: number, ...keys: string[]) =>
  db.execute(
    sql`update login_failures set failed_at = failed_at - make_interval(secs => ${seconds}) where key in ${keys}`,
  );
const fail = (ip: string, email: string) => beginLoginAttempt(db, ip, email);

describe('login throttle (in the database)', () => {
  it('blocks an email at an address after 10 failures from it, and lets it in again once the 15-minute window has passed', async () => {
    const email = `a-${unique()}@x.test`;
    const ip = `10.0.0.1-${unique()}`;
    const key = `email-ip:${email}|${ip}`;
    for (let n = 0; n < 10; n += 1) await fail(ip, email);
    await expect(fail(ip, email)).rejects.toThrow('Try again in 15 minutes.');
    // Someone else's guesses do not lock the email's owner out at their own address.
    await expect(fail(`10.9.9.9-${unique()}`, email)).resolves.toBeDefined();
    // A refused attempt is not a failure: the lock does not grow while someone keeps knocking.
    expect(await failures(key)).toBe(10);
    await advance(14 * 60, key);
    await expect(fail(ip, email)).rejects.toThrow('Try again in 1 minute.');
    await advance(60 + 1, key);
    await expect(fail(ip, email)).resolves.toBeDefined();
  });

  it('blocks an email everywhere after 100 failures spread over many addresses', async () => {
    const email = `m-${unique()}@x.test`;
    for (let n = 0; n < 100; n += 1) await fail(`10.4.${n}.1-${unique()}`, email);
    await expect(fail(`10.4.200.1-${unique()}`, email)).rejects.toThrow(/Too many failed sign-in attempts/);
  });

  it('blocks an address after 50 failures across many emails', async () => {
    const ip = `10.1.1.1-${unique()}`;
    for (let n = 0; n < 50; n += 1) await fail(ip, `user${n}-${unique()}@x.test`);
    await expect(fail(ip, `fresh-${unique()}@x.test`)).rejects.toThrow(/Too many failed sign-in attempts/);
    await expect(fail(`10.1.1.2-${unique()}`, `fresh-${unique()}@x.test`)).resolves.toBeDefined();
  });

  it('forgets an email’s failures, and the succeeding attempt itself, after a successful sign-in', async () => {
    const email = `b-${unique()}@x.test`;
    const ip = `10.0.0.1-${unique()}`;
    for (let n = 0; n < 9; n += 1) await fail(ip, email);
    const attempt = await fail(ip, email);
    await attempt.succeeded();
    expect(await failures(`email:${email}`)).toBe(0);
    expect(await failures(`email-ip:${email}|${ip}`)).toBe(0);
    // The address keeps its nine failures; the success is not one of them.
    expect(await failures(`ip:${ip}`)).toBe(9);
    await fail(ip, email);
    await expect(fail(ip, email)).resolves.toBeDefined();
  });

  it('lets no more than 10 of 30 simultaneous guesses at one email from one address through to the password check', async () => {
    const email = `c-${unique()}@x.test`;
    const ip = `10.2.2.2-${unique()}`;
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => fail(ip, email)));
    const through = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
    expect(through).toBeLessThanOrEqual(10);
    // Each guess let through is a failure on record; each refused one left nothing behind.
    expect(await failures(`email-ip:${email}|${ip}`)).toBe(through);
    for (let n = through; n < 10; n += 1) await fail(ip, email);
    await expect(fail(ip, email)).rejects.toThrow(/Too many failed sign-in attempts/);
  });

  it('drops failures older than the window as new ones are written', async () => {
    const email = `d-${unique()}@x.test`;
    const ip = `10.3.3.3-${unique()}`;
    await fail(ip, email);
    await advance(16 * 60, `email:${email}`, `ip:${ip}`);
    await fail(`10.3.3.4-${unique()}`, `e-${unique()}@x.test`);
    expect(await failures(`email:${email}`)).toBe(0);
    expect(await failures(`ip:${ip}`)).toBe(0);
  });
});
