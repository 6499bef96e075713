import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percentOf, type Payment } from '@lintel/contracts';
import { payments, properties, users } from '../../db/schema/index.ts';
import { createTestApp, expectStatus, type SignedIn, type TestApp } from '../harness.ts';
import { caller, rentBody } from '../money-fixtures.ts';
import { buildRequest, ownId, shapesOf, withCurrentVersion } from './calls.ts';
import { concrete, isWrite, operationsOf, type Operation } from './openapi.ts';
import { describeAnswer, send } from './requests.ts';
import { buildWorld, ROLE_NAMES, snapshotCompany, type World } from './world.ts';

/**
 * Mass assignment. Every write with a JSON body gets a valid body plus fields the caller must
 * not set (where the contract does not have them): the company, a role, the record's id and
 * version, a status, timestamps, the author, receipt and invoice numbers, and a payment's split.
 * Each role of company A sends it. The fields are refused (4xx) or ignored: no row takes them
 * (their marked values appear nowhere in A's rows), no record lands in company B, no user's
 * role changes, and B's rows are as they were.
 */

let t: TestApp;
let baseUrl: string;
let a: World;
let b: World;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  a = await buildWorld(t);
  b = await buildWorld(t);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const mark = `Mass${randomBytes(4).toString('hex')}`;
const markedId = randomUUID();
const markedDate = '2001-02-03T04:05:06.000Z';

/** Fields no request may set; marked where they are text, so a stored one can be found. */
const forbidden = () => ({
  companyId: b.companyId,
  role: 'admin',
  _id: markedId,
  id: markedId,
  __v: 987_654,
  status: `${mark}-status`,
  createdAt: markedDate,
  updatedAt: markedDate,
  createdBy: b.ids.user,
  userId: b.ids.user,
  receiptNumber: `${mark}-receipt`,
  number: `${mark}-number`,
  commission: 0,
  agentShare: 0,
  agencyShare: 0,
  ownerAmount: 0,
  vat: 0,
  subtotal: 0,
  total: 0,
  split: { commission: 0, agentShare: 0, agencyShare: 0, vat: 0, owner: 0 },
});

/** What would show a stored forbidden field: its marked values, and B's ids in A's rows. */
const traces = () => [mark, markedId, markedDate.slice(0, 10), b.companyId, b.ids.user];

const roleOf = async (user: SignedIn) =>
  (await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, user.user._id)))[0]?.role;

/** Creates first, then changes: a change (a lease terminated) alters what later calls use. */
const stage = (operation: Operation) => (operation.pathParams.length ? 1 : 0);

// The examples first: the sweep after them changes A's settings and records as it goes.
describe('mass assignment', () => {
  it('a payment posted with its own split, number and status gets none of them', async () => {
    const call = caller(t);
    const lease = { _id: a.ids.lease, currency: 'USD' };
    const before = await t.database.db.select().from(payments).where(eq(payments.companyId, a.companyId));
    const body = {
      ...rentBody(lease, 200000),
      commission: 0,
      agentShare: 0,
      ownerAmount: 200000,
      vat: 0,
      split: { commission: 0, agentShare: 0, agencyShare: 0, vat: 0, owner: 200000 },
      receiptNumber: 'OWN-1',
      status: 'reversed',
      companyId: b.companyId,
    };
    const refused = await call(a.users.accountant, 'POST', '/api/payments', body, {
      'idempotency-key': randomUUID(),
    });
    expect(expectStatus(refused, 400).message).toMatch(/unknown fields/);
    const after = await t.database.db.select().from(payments).where(eq(payments.companyId, a.companyId));
    expect(after).toEqual(before);

    // The same payment without them: the split is the company's (10% commission, 60% of it to
    // the agent, 15% VAT on it), whatever was asked for.
    const created = await call(a.users.accountant, 'POST', '/api/payments', rentBody(lease, 200000), {
      'idempotency-key': randomUUID(),
    });
    const payment = expectStatus(created, 201).data as Payment;
    const commission = percentOf(200000, 1000);
    expect(payment.split).toEqual({
      commission,
      agentShare: percentOf(commission, 6000),
      agencyShare: commission - percentOf(commission, 6000),
      vat: percentOf(commission, 1500),
      owner: 200000 - commission - percentOf(commission, 1500),
    });
    expect(payment).toMatchObject({ status: 'completed', receiptNumber: expect.stringMatching(/^RCT-/) });
  });

  it("a property created with company B's id lands in company A", async () => {
    const created = await caller(t)(a.users.admin, 'POST', '/api/properties', {
      name: `Moved ${randomUUID().slice(0, 6)}`,
      address: '1 Elsewhere Road',
      type: 'house',
      companyId: b.companyId,
    });
    const property = expectStatus(created, 201).data;
    expect(property.companyId).toBe(a.companyId);
    const [row] = await t.database.db.select().from(properties).where(eq(properties.id, property._id));
    expect(row?.companyId).toBe(a.companyId);
    expectStatus(await caller(t)(b.users.admin, 'GET', `/api/properties/${property._id}`), 404);
  });

  it.each(['agent', 'accountant', 'owner', 'other'] as const)(
    '%s: a profile update asking for role admin changes no role',
    async (role) => {
      const user = a.users[role];
      const response = await caller(t)(user, 'PUT', '/api/me', {
        firstName: 'Renamed',
        lastName: role,
        email: user.user.email,
        role: 'admin',
        companyId: b.companyId,
        isActive: false,
      });
      expect(expectStatus(response, 200).data ?? {}).not.toMatchObject({ role: 'admin' });
      const [row] = await t.database.db.select().from(users).where(eq(users.id, user.user._id));
      expect(row).toMatchObject({ role, companyId: a.companyId, isActive: true });
      const me = expectStatus(await caller(t)(user, 'GET', '/api/auth/me'), 200);
      expect(me.user.role).toBe(role);
      expectStatus(await caller(t)(user, 'GET', '/api/users'), 403);
    },
  );

  it('no write takes a field its contract does not have, from any role', async ({ annotate }) => {
    const operations = operationsOf(t.app);
    const writes = operations
      .filter((operation) => isWrite(operation) && operation.body && concrete(operation.body).properties)
      .sort((x, y) => stage(x) - stage(y));
    const rolesBefore = await Promise.all(ROLE_NAMES.map((role) => roleOf(a.users[role])));
    const bBefore = await snapshotCompany(t.database.db, b.companyId);
    const problems: string[] = [];
    const accepted: string[] = [];

    for (const operation of writes) {
      const own = Object.keys(concrete(operation.body!).properties!);
      const extra = Object.fromEntries(
        Object.entries(forbidden()).filter(([key]) => key === 'companyId' || !own.includes(key)),
      );
      for (const shape of shapesOf(operation)) {
        for (const role of ROLE_NAMES) {
          const base = buildRequest(operation, shape, ownId(a), () => true);
          const ready = await withCurrentVersion(t, operations, operation, base, a.users.admin);
          const request = { ...ready, payload: { ...(ready.payload as object), ...extra } };
          const answer = await send(t, baseUrl, operation, a.users[role], request);
          const where = `${role} ${operation.key}`;
          if (answer.status >= 500) problems.push(`${where}: ${describeAnswer(answer)}`);
          if (answer.status >= 300) continue;
          accepted.push(where);
          const data = (JSON.parse(answer.text) as { data?: Record<string, unknown> }).data;
          if (data && 'companyId' in data && data.companyId !== a.companyId) {
            problems.push(`${where}: answered a record of company ${String(data.companyId)}`);
          }
          const rows = Object.entries(await snapshotCompany(t.database.db, a.companyId));
          for (const trace of traces()) {
            const tables = rows.filter(([, text]) => text.includes(trace)).map(([table]) => table);
            if (tables.length) problems.push(`${where}: ${tables.join(', ')} took ${trace}`);
          }
        }
      }
    }

    await annotate(
      `${writes.length} writes with a JSON body; accepted (fields ignored): ${accepted.join(' | ')}`,
    );
    expect(problems).toEqual([]);
    expect(await Promise.all(ROLE_NAMES.map((role) => roleOf(a.users[role])))).toEqual(rolesBefore);
    expect(await snapshotCompany(t.database.db, b.companyId)).toEqual(bBefore);
  }, 120_000);
});
