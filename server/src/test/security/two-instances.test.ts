import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Payment, type PaymentInput } from '@lintel/contracts';
import { openDatabase } from '../../db/client.ts';
import { createCompanyWithRoles, createTestApp, TEST_PASSWORD, type TestApp } from '../harness.ts';
import {
  createLetProperty,
  createOwnerOfUser,
  rentBody,
  setFinanceSettings,
  type Company,
} from '../money-fixtures.ts';
import { openSse } from '../sse-client.ts';
import { createScratchDatabase, startServerProcess, type ServerProcess } from './servers.ts';

interface Answer {
  status: number;
  body: { message?: string; token?: string; refreshToken?: string; data?: unknown };
}

async function call(
  instance: ServerProcess,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${instance.url}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const signIn = (instance: ServerProcess, email: string, password = TEST_PASSWORD) =>
  call(instance, 'POST', '/api/auth/login', { body: { email, password } });

// Several processes on one database: PGlite is embedded in its one process, so this needs a server.
describe.skipIf(!process.env.DATABASE_URL)(
  'two server processes on one PostgreSQL behind a load balancer (skipped without DATABASE_URL: PGlite is a single process by design)',
  () => {
    let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
    let a: ServerProcess;
    let b: ServerProcess;
    /** In-process, on the same database, for setting up a company (not what is under test). */
    let setup: TestApp;
    let co: Company;
    let lease: { _id: string; currency: string };

    beforeAll(async () => {
      scratch = await createScratchDatabase('instances');
      // Both start at once on an empty database: migrations take turns under the advisory lock.
      // Neither has JWT_SECRET: they must agree on the one kept in the database.
      [a, b] = await Promise.all([
        startServerProcess({ DATABASE_URL: scratch.url }),
        startServerProcess({ DATABASE_URL: scratch.url }),
      ]);
      setup = await createTestApp({
        database: await openDatabase({ databaseUrl: scratch.url }),
        config: { jwtSecret: undefined },
      });
      co = await createCompanyWithRoles(setup.app);
      await setFinanceSettings(setup, co);
      const ownerId = await createOwnerOfUser(setup, co);
      ({ lease } = await createLetProperty(setup, co, { ownerId }));
    });

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await setup?.close();
      await scratch?.drop();
    });

    it('carries one session across both: signed in on A, used and refreshed on B, refreshed again on A', async () => {
      const onA = await signIn(a, co.accountant.user.email);
      expect(onA.status).toBe(200);
      expect((await call(b, 'GET', '/api/auth/me', { token: onA.body.token })).status).toBe(200);

      const refreshedOnB = await call(b, 'POST', '/api/auth/refresh-token', {
        body: { refreshToken: onA.body.refreshToken },
      });
      expect(refreshedOnB.status).toBe(200);
      expect((await call(a, 'GET', '/api/auth/me', { token: refreshedOnB.body.token })).status).toBe(200);
      const refreshedOnA = await call(a, 'POST', '/api/auth/refresh-token', {
        body: { refreshToken: refreshedOnB.body.refreshToken },
      });
      expect(refreshedOnA.status).toBe(200);

      // The first, long-retired token presented again on A: a stolen copy. The whole family ends,
      // so the newest token (issued on A) is refused on B as well.
      const replay = await call(a, 'POST', '/api/auth/refresh-token', {
        body: { refreshToken: onA.body.refreshToken },
      });
      expect(replay.status).toBe(401);
      const newest = await call(b, 'POST', '/api/auth/refresh-token', {
        body: { refreshToken: refreshedOnA.body.refreshToken },
      });
      expect(newest.status).toBe(401);
      expect(newest.body.message).toBe('Your session has ended. Please sign in again.');
    });

    it('records a payment once when it is retried on the other instance, or sent to both at once', async () => {
      const { body } = await signIn(b, co.accountant.user.email);
      const post = (instance: ServerProcess, input: PaymentInput, key: string) =>
        call(instance, 'POST', '/api/payments', {
          token: body.token,
          body: input,
          headers: { 'idempotency-key': key },
        });

      const retried = rentBody(lease, 40000, { reference: 'retried' });
      const key = randomUUID();
      const first = await post(a, retried, key);
      const retry = await post(b, retried, key);
      expect(first.status).toBe(201);
      expect(retry.status).toBe(201);
      expect(Payment.parse(retry.body.data)._id).toBe(Payment.parse(first.body.data)._id);

      const raced = rentBody(lease, 25000, { reference: 'raced' });
      const racedKey = randomUUID();
      const both = await Promise.all([post(a, raced, racedKey), post(b, raced, racedKey)]);
      expect(both.map((answer) => answer.status)).toEqual([201, 201]);
      expect(new Set(both.map((answer) => Payment.parse(answer.body.data)._id)).size).toBe(1);

      const listed = await call(a, 'GET', `/api/payments?leaseId=${lease._id}&pageSize=100`, {
        token: body.token,
      });
      const references = Payment.array()
        .parse(listed.body.data)
        .map((payment) => payment.reference);
      expect(references.filter((reference) => reference === 'retried')).toHaveLength(1);
      expect(references.filter((reference) => reference === 'raced')).toHaveLength(1);
    });

    it('delivers a payment taken on A to the owner’s live stream on B', async () => {
      const owner = await signIn(b, co.owner.user.email);
      const accountant = await signIn(a, co.accountant.user.email);
      const stream = await openSse(`${b.url}/api/notifications/stream`, {
        authorization: `Bearer ${owner.body.token}`,
      });
      try {
        expect(stream.status).toBe(200);
        const paid = await call(a, 'POST', '/api/payments', {
          token: accountant.body.token,
          body: rentBody(lease, 10000, { reference: 'streamed' }),
          headers: { 'idempotency-key': randomUUID() },
        });
        expect(paid.status).toBe(201);
        await stream.waitFor((notification) => notification.title === 'Payment received', 10_000);
      } finally {
        stream.close();
      }
    });

    it('ends a session on B when the user is deactivated on A, though B remembers it as active', async () => {
      const onB = await signIn(b, co.other.user.email);
      expect(onB.status).toBe(200);
      expect((await call(b, 'GET', '/api/auth/me', { token: onB.body.token })).status).toBe(200);
      const deactivated = await call(a, 'PATCH', `/api/users/${co.other.user._id}`, {
        token: co.admin.token,
        body: { active: false },
      });
      expect(deactivated.status).toBe(200);
      // B heard it through the database's NOTIFY: no restart, no 15-minute token expiry.
      await expect
        .poll(async () => (await call(b, 'GET', '/api/auth/me', { token: onB.body.token })).status, {
          timeout: 3000,
        })
        .toBe(401);
    });

    it('counts sign-in failures on A and B together: ten across both lock the account on both', async () => {
      const email = co.agent.user.email;
      for (let n = 0; n < 5; n += 1) {
        expect((await signIn(a, email, 'wrong-on-a')).status).toBe(400);
        expect((await signIn(b, email, 'wrong-on-b')).status).toBe(400);
      }
      for (const instance of [a, b]) {
        const locked = await signIn(instance, email);
        expect(locked.status).toBe(429);
        expect(locked.body.message).toMatch(/^Too many failed sign-in attempts/);
      }
    });

    it('both stop cleanly on SIGTERM within 10 seconds', async () => {
      const stopped = await Promise.all([a.stop(), b.stop()]);
      for (const { code, ms } of stopped) {
        expect(code).toBe(0);
        expect(ms).toBeLessThan(10_000);
      }
    });
  },
);
