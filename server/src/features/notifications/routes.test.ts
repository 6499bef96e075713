import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserNotification } from '@lintel/contracts';
import { buildApp } from '../../app.ts';
import { LISTENER_NAME, openDatabase, queryRows, type Database } from '../../db/client.ts';
import { invoices, notifications } from '../../db/schema/index.ts';
import { transact } from '../../db/scope.ts';
import {
  createCompanyWithRoles,
  createTestApp,
  expectStatus,
  type SignedIn,
  type TestApp,
} from '../../test/harness.ts';
import {
  caller,
  createLetProperty,
  createOwnerOfUser,
  recordPayment,
  rentBody,
  setFinanceSettings,
  type Company,
} from '../../test/money-fixtures.ts';
import { openSse, type SseClient } from '../../test/sse-client.ts';
import { notifyInvoicesOverdue, notifyLeasesEndingSoon } from './jobs.ts';
import { notify } from './service.ts';

/** Long enough for a NOTIFY to travel; events that should not arrive are waited for this long. */
const QUIET_MS = 600;

let t: TestApp;
let baseUrl: string;
let co: Company;
let other: Company;
/** The owner record signed in as `co.owner`. */
let ownerId: string;
const streams: SseClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  [co, other] = await Promise.all([createCompanyWithRoles(t.app), createCompanyWithRoles(t.app)]);
  await Promise.all([setFinanceSettings(t, co), setFinanceSettings(t, other)]);
  ownerId = await createOwnerOfUser(t, co);
});

afterAll(async () => {
  streams.forEach((stream) => stream.close());
  await t?.close();
});

async function stream(user: SignedIn, options: { lastEventId?: number; url?: string } = {}) {
  const headers: Record<string, string> = { ...user.auth };
  if (options.lastEventId !== undefined) headers['last-event-id'] = String(options.lastEventId);
  const client = await openSse(`${options.url ?? baseUrl}/api/notifications/stream`, headers);
  expect(client.status).toBe(200);
  streams.push(client);
  return client;
}

const raise = (database: Database, company: Company, userIds: string[], title: string) =>
  transact({ db: database.db, companyId: company.companyId }, (tx) =>
    notify(tx, company, { userIds, type: 'test', title, message: `${title} message`, link: '/leases' }),
  );

const quietly = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS));
const titles = (client: SseClient) => client.events.map((event) => event.notification.title);

/** The lease-ending emails queued for a lease by a company, oldest first. */
const leaseEndingMail = (leaseId: string, companyId = co.companyId) =>
  queryRows<{
    recipient: string;
    subject: string;
    dedupe_key: string;
    data: { daysLeft: number } & Record<string, unknown>;
  }>(
    t.database.db,
    sql`select recipient, subject, dedupe_key, data from mail_messages
        where kind = 'lease-ending' and company_id = ${companyId}
          and dedupe_key like ${`lease-ending:${leaseId}:%`}
        order by created_at, (data->>'daysLeft')::int desc`,
  );

async function latest(user: SignedIn, after?: number): Promise<UserNotification[]> {
  const url = `/api/notifications${after === undefined ? '' : `?after=${after}`}`;
  return expectStatus(await caller(t)(user, 'GET', url), 200).data.map((row: unknown) =>
    UserNotification.parse(row),
  );
}

describe('GET /api/notifications/stream', () => {
  it('needs a session', async () => {
    const response = await fetch(`${baseUrl}/api/notifications/stream`);
    expect(response.status).toBe(401);
    await response.body?.cancel();
  });

  it('a payment on an owner property reaches the owner and the agent, and nobody else', async () => {
    const { lease, property } = await createLetProperty(t, co, { ownerId });
    const [owner, agent, accountant, admin, strangerOwner] = await Promise.all([
      stream(co.owner),
      stream(co.agent),
      stream(co.accountant),
      stream(co.admin),
      stream(other.owner),
    ]);
    const payment = await recordPayment(t, co.accountant, rentBody(lease, 100000));

    const received = await owner.waitFor((item) => item.title === 'Payment received');
    expect(received).toMatchObject({ link: '/payments', type: 'payment.received' });
    expect(received.message).toContain(property.name);
    expect(received.message).toContain(payment.receiptNumber);
    await agent.waitFor((item) => item.title === 'Payment received');
    expect(owner.events[0]!.id).toBe(String(received.seq));
    await quietly();
    expect(titles(accountant)).toEqual([]);
    expect(titles(admin)).toEqual([]);
    expect(titles(strangerOwner)).toEqual([]);
    expect(titles(owner)).toEqual(['Payment received']);
  });

  it('a rolled-back transaction notifies nobody; the committed one after it arrives', async () => {
    const client = await stream(co.other);
    await expect(
      transact({ db: t.database.db, companyId: co.companyId }, async (tx) => {
        await notify(tx, co, {
          userIds: [co.other.user._id],
          type: 'test',
          title: 'Never',
          message: 'rolled back',
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await raise(t.database, co, [co.other.user._id], 'Committed');
    await client.waitFor((item) => item.title === 'Committed');
    await quietly();
    expect(titles(client)).toEqual(['Committed']);
    expect((await latest(co.other)).map((item) => item.title)).not.toContain('Never');
  });

  it('Last-Event-ID replays what came after it in the last 10 minutes, header or query', async () => {
    const user = co.admin;
    await raise(t.database, co, [user.user._id], 'Stale');
    await raise(t.database, co, [user.user._id], 'First');
    await raise(t.database, co, [user.user._id], 'Second');
    const [second, first, stale] = await latest(user);
    expect([stale!.title, first!.title, second!.title]).toEqual(['Stale', 'First', 'Second']);
    // Older than the replay window: a reconnect does not bring it back.
    await t.database.db
      .update(notifications)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(notifications.seq, stale!.seq));

    const fromHeader = await stream(user, { lastEventId: stale!.seq - 1 });
    await fromHeader.waitFor((item) => item.title === 'Second');
    expect(fromHeader.events.map((event) => event.id)).toEqual([String(first!.seq), String(second!.seq)]);

    const fresh = await stream(user);
    const byQuery = await openSse(`${baseUrl}/api/notifications/stream?lastEventId=${first!.seq}`, user.auth);
    streams.push(byQuery);
    await byQuery.waitFor((item) => item.title === 'Second');
    await quietly();
    expect(titles(byQuery)).toEqual(['Second']);
    // A fresh stream without an id starts from now.
    expect(titles(fresh)).toEqual([]);
  });

  it('a stream of another company never sees rows raised for a same-named role elsewhere', async () => {
    const mine = await stream(co.accountant);
    const theirs = await stream(other.accountant);
    await raise(t.database, other, [other.accountant.user._id], 'Theirs');
    await theirs.waitFor((item) => item.title === 'Theirs');
    // A payload naming a user with the wrong company is ignored by the stream filter.
    await t.database.db.execute(
      sql`select pg_notify('lintel_notifications', ${JSON.stringify({ companyId: other.companyId, userIds: [co.accountant.user._id] })})`,
    );
    await quietly();
    expect(titles(mine).filter((title) => title === 'Theirs')).toEqual([]);
  });

  it('closing the app ends open streams at once', async () => {
    const own = await createTestApp();
    const url = await own.app.listen({ port: 0, host: '127.0.0.1' });
    const company = await createCompanyWithRoles(own.app);
    const client = await openSse(`${url}/api/notifications/stream`, company.admin.auth);
    expect(client.status).toBe(200);
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(3000);
    client.close();
  });
});

describe('GET /api/notifications', () => {
  it("lists the signed-in user's own, newest first, after a seq when asked", async () => {
    const user = co.other;
    await raise(t.database, co, [user.user._id, co.agent.user._id], 'Listed A');
    await raise(t.database, co, [user.user._id], 'Listed B');
    const rows = await latest(user);
    expect(rows.slice(0, 2).map((row) => row.title)).toEqual(['Listed B', 'Listed A']);
    expect(rows.every((row) => row.title !== 'Payment received')).toBe(true);
    expect((await latest(user, rows[1]!.seq)).map((row) => row.title)).toEqual(['Listed B']);
    expect((await latest(other.other)).map((row) => row.title)).toEqual([]);
    expect((await caller(t)(null, 'GET', '/api/notifications')).statusCode).toBe(401);
  });
});

describe('jobs', () => {
  it('lease ending within 30 days: the agent and the admins, once however often the job runs', async () => {
    const { lease, property } = await createLetProperty(t, co, { endDate: '2026-12-20' });
    const later = await createLetProperty(t, co, { endDate: '2027-06-30' });
    expect(await notifyLeasesEndingSoon(t.database.db, '2026-11-23')).toBeGreaterThanOrEqual(1);
    await notifyLeasesEndingSoon(t.database.db, '2026-11-23');
    for (const user of [co.agent, co.admin]) {
      const ending = (await latest(user)).filter((row) => row.type === 'lease.ending');
      expect(ending.map((row) => row.link)).toEqual([`/leases/${lease._id}`]);
      expect(ending[0]!.message).toBe(`The lease on ${property.name} ends on 2026-12-20.`);
      expect(ending.some((row) => row.link === `/leases/${later.lease._id}`)).toBe(false);
    }
    expect((await latest(co.accountant)).some((row) => row.type === 'lease.ending')).toBe(false);
  });

  it('lease ending: the managing agent is emailed 60 days before and again at 30, once each', async () => {
    const { lease, property, tenant } = await createLetProperty(t, co, { endDate: '2027-03-01' });
    await notifyLeasesEndingSoon(t.database.db, '2026-12-30');
    expect(await leaseEndingMail(lease._id)).toEqual([]);
    for (const today of ['2026-12-31', '2026-12-31', '2027-01-15']) {
      await notifyLeasesEndingSoon(t.database.db, today);
    }
    const [sixty, ...none] = await leaseEndingMail(lease._id);
    expect(none).toEqual([]);
    expect(sixty).toMatchObject({
      recipient: co.agent.user.email,
      subject: `The lease on ${property.name} ends in 60 days`,
      dedupe_key: `lease-ending:${lease._id}:60:${co.agent.user._id}`,
      data: {
        tenantName: tenant.name,
        propertyName: property.name,
        endDate: '1 Mar 2027',
        daysLeft: 60,
        path: `/login?next=%2Fleases%2F${lease._id}`,
      },
    });
    // Not yet 30 days out: no in-app notice either.
    expect((await latest(co.agent)).some((row) => row.link === `/leases/${lease._id}`)).toBe(false);

    for (const today of ['2027-01-30', '2027-01-30', '2027-02-20']) {
      await notifyLeasesEndingSoon(t.database.db, today);
    }
    const mail = await leaseEndingMail(lease._id);
    expect(mail.map((row) => row.data.daysLeft)).toEqual([60, 30]);
    expect(mail.every((row) => row.recipient === co.agent.user.email)).toBe(true);
    expect((await latest(co.agent)).some((row) => row.link === `/leases/${lease._id}`)).toBe(true);
  });

  it('a lease that comes into view 25 days out gets the 30-day email only; with no agent, the admins get it', async () => {
    const { lease } = await createLetProperty(t, co, { endDate: '2027-04-26', agent: null });
    await notifyLeasesEndingSoon(t.database.db, '2027-04-01');
    await notifyLeasesEndingSoon(t.database.db, '2027-04-20');
    const mail = await leaseEndingMail(lease._id);
    expect(mail.map((row) => [row.recipient, row.data.daysLeft])).toEqual([[co.admin.user.email, 25]]);
    expect(mail[0]!.dedupe_key).toBe(`lease-ending:${lease._id}:30:${co.admin.user._id}`);
    expect((await leaseEndingMail(lease._id, other.companyId)).length).toBe(0);
  });

  it('issued invoices past due: the accountants and the client, once', async () => {
    const [overdue, notYet, draft] = await transact({ db: t.database.db, companyId: co.companyId }, (tx) =>
      tx
        .insert(invoices)
        .values(
          [
            {
              status: 'issued' as const,
              dueDate: '2026-11-22',
              number: `INV-${randomUUID().slice(0, 6)}`,
              clientEmail: `acme-${randomUUID().slice(0, 6)}@client.example`,
            },
            { status: 'issued' as const, dueDate: '2026-11-23', number: `INV-${randomUUID().slice(0, 6)}` },
            { status: 'draft' as const, dueDate: '2026-11-01', number: null },
          ].map((values) => ({
            ...values,
            companyId: co.companyId,
            clientType: 'other' as const,
            clientName: 'Acme Ltd',
            currency: 'USD',
          })),
        )
        .returning(),
    );
    await notifyInvoicesOverdue(t.database.db, '2026-11-23');
    await notifyInvoicesOverdue(t.database.db, '2026-11-23');
    const rows = (await latest(co.accountant)).filter((row) => row.type === 'invoice.overdue');
    expect(rows.map((row) => row.link)).toEqual([
      `/accountant-dashboard/written-invoices?open=${overdue!.id}`,
    ]);
    expect(rows[0]!.message).toBe(`Invoice ${overdue!.number} to Acme Ltd was due on 2026-11-22.`);
    expect([notYet!.id, draft!.id].some((id) => rows[0]!.link!.includes(id))).toBe(false);
    expect((await latest(co.admin)).some((row) => row.type === 'invoice.overdue')).toBe(false);
    const mail = await queryRows<{ kind: string; dedupe_key: string; data: Record<string, unknown> }>(
      t.database.db,
      sql`select kind, dedupe_key, data from mail_messages where recipient = ${overdue!.clientEmail}`,
    );
    expect(mail).toEqual([
      {
        kind: 'invoice-overdue',
        dedupe_key: `invoice-overdue:${overdue!.id}`,
        data: {
          clientName: 'Acme Ltd',
          invoiceNumber: overdue!.number,
          total: '$0.00',
          dueDate: '22 Nov 2026',
        },
      },
    ]);
  });
});

// Two instances on one PostgreSQL, each with its own pool and listener. PGlite is in-process
// (one instance by nature), so this runs only when DATABASE_URL names a server.
describe.skipIf(!process.env.DATABASE_URL)('two server instances on one PostgreSQL', () => {
  it('an event raised through instance A reaches only the concerned user on instance B', async () => {
    const database = await openDatabase({
      databaseUrl: process.env.DATABASE_URL,
      directUrl: process.env.DATABASE_DIRECT_URL,
    });
    const instanceB = await buildApp({
      database,
      config: {
        jwtSecret: 'test-signing-secret-that-is-long-enough',
        cookieSecure: false,
        logLevel: 'silent',
        prettyLogs: false,
      },
    });
    try {
      const urlB = await instanceB.listen({ port: 0, host: '127.0.0.1' });
      const { lease } = await createLetProperty(t, co, { ownerId });
      const ownerOnB = await stream(co.owner, { url: urlB });
      const accountantOnB = await stream(co.accountant, { url: urlB });
      // Instance A (the test app) takes the payment; instance B delivers it.
      await recordPayment(t, co.accountant, rentBody(lease, 50000));
      await ownerOnB.waitFor((item) => item.title === 'Payment received', 5000);
      await quietly();
      expect(titles(accountantOnB)).toEqual([]);
    } finally {
      await instanceB.close();
      await database.close();
    }
  });

  it('the listener reconnects after its connection drops, and streams catch up', async () => {
    const client = await stream(co.agent);
    // Only listeners already listening on this test's database: test files share the server, and
    // one cut while it starts (before its LISTEN) fails that app's start, as it should.
    const ended = await queryRows<{ ended: boolean }>(
      t.database.db,
      sql`select pg_terminate_backend(pid) as ended from pg_stat_activity
          where application_name = ${LISTENER_NAME} and datname = current_database() and query ilike 'LISTEN %'`,
    );
    expect(ended.some((row) => row.ended)).toBe(true);
    await raise(t.database, co, [co.agent.user._id], 'While reconnecting');
    await client.waitFor((item) => item.title === 'While reconnecting', 5000);
  });
});
