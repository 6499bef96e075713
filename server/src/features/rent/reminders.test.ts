import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArrearsReminder, DEFAULT_ARREARS_REMINDER_STEPS } from '@lintel/contracts';
import { queryRows } from '../../db/client.ts';
import {
  createCompanyWithRoles,
  createTestApp,
  expectStatus,
  onTheDay,
  uniqueEmail,
  type TestApp,
} from '../../test/harness.ts';
import {
  caller,
  createLetProperty,
  recordPayment,
  rentBody,
  setFinanceSettings,
  type Company,
} from '../../test/money-fixtures.ts';
import { sendArrearsReminders, stepsToMake } from './reminders.ts';

// Written in November 2026: the charges it expects run up to that month.
onTheDay('2026-11-26');

let t: TestApp;
let co: Company;
const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(t)(...args);

beforeAll(async () => {
  t = await createTestApp();
  co = await createCompanyWithRoles(t.app);
  await setFinanceSettings(t, co);
});
afterAll(() => t.close());

/** A lease from 1 Nov 2026 with one charge, for 1 000.00 due that day; its tenant's email, if any. */
async function leaseInArrears(email: string | null = uniqueEmail('tenant')) {
  const let_ = await createLetProperty(t, co, { startDate: '2026-11-01', rent: 100000 });
  if (email)
    await t.database.db.execute(sql`update tenants set email = ${email} where id = ${let_.tenant._id}`);
  expectStatus(await call(co.accountant, 'POST', '/api/charges/generate'), 200);
  return { ...let_, email };
}

const remindersOf = async (leaseId: string, user = co.agent) =>
  ArrearsReminder.array().parse(
    expectStatus(await call(user, 'GET', `/api/leases/${leaseId}/reminders`), 200).data,
  );

const mailFor = (email: string) =>
  queryRows<{ kind: string; dedupe_key: string; data: Record<string, unknown>; attachments: unknown[] }>(
    t.database.db,
    sql`select kind, dedupe_key, data, attachments from mail_messages where recipient = ${email} order by created_at`,
  );

describe('stepsToMake', () => {
  const steps = DEFAULT_ARREARS_REMINDER_STEPS;
  it('makes a step once its day has come, and none before', () => {
    expect(stepsToMake(steps, '2026-11-01', [], '2026-11-03')).toEqual({ send: undefined, pass: [] });
    expect(stepsToMake(steps, '2026-11-01', [], '2026-11-04').send).toEqual(steps[0]);
    expect(stepsToMake(steps, '2026-11-01', [3], '2026-11-09')).toEqual({ send: undefined, pass: [] });
    expect(stepsToMake(steps, '2026-11-01', [3], '2026-11-11').send).toEqual(steps[1]);
  });
  it('sends only the latest of several steps due at once and passes the earlier ones', () => {
    expect(stepsToMake(steps, '2026-11-01', [], '2026-12-01')).toEqual({
      send: steps[2],
      pass: [steps[0], steps[1]],
    });
  });
  it('passes a step earlier than one already made (a policy changed after a letter went)', () => {
    const changed = [{ day: 20, letter: 'second-reminder' as const }, ...steps];
    expect(stepsToMake(changed, '2026-11-01', [3, 10, 30], '2026-12-05')).toEqual({
      send: undefined,
      pass: [changed[0]],
    });
  });
});

describe('arrears reminders', () => {
  it('reminds the tenant once per step, from the arrears at sending time', async () => {
    const { lease, email } = await leaseInArrears();
    // Day 3 after 1 Nov is 4 Nov.
    await sendArrearsReminders(t.database.db, '2026-11-03');
    expect(await remindersOf(lease._id)).toEqual([]);

    await sendArrearsReminders(t.database.db, '2026-11-04');
    await sendArrearsReminders(t.database.db, '2026-11-04');
    const [first, ...more] = await remindersOf(lease._id);
    expect(more).toEqual([]);
    expect(first).toMatchObject({
      stepDay: 3,
      letter: 'reminder',
      arrears: 100000,
      currency: 'USD',
      period: '2026-11',
      dueDate: '2026-11-01',
      recipient: email,
      delivery: 'emailed',
    });
    const mail = await mailFor(email!);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      kind: 'arrears-reminder',
      dedupe_key: `arrears-reminder:${first!.chargeId}:3`,
      data: {
        letter: 'reminder',
        amount: '$1,000.00',
        period: 'Nov 2026',
        dueDate: '1 Nov 2026',
        propertyName: expect.any(String),
      },
      attachments: [],
    });

    // Part paid: the second reminder is for what is left.
    await recordPayment(t, co.accountant, rentBody(lease, 40000, { paymentDate: '2026-11-05' }));
    await sendArrearsReminders(t.database.db, '2026-11-11');
    const [second] = await remindersOf(lease._id);
    expect(second).toMatchObject({ stepDay: 10, letter: 'second-reminder', arrears: 60000 });
    expect((await mailFor(email!)).map((row) => row.data.amount)).toEqual(['$1,000.00', '$600.00']);
  });

  it('sends a tenant who paid in between nothing', async () => {
    const { lease, email } = await leaseInArrears();
    await recordPayment(t, co.accountant, rentBody(lease, 100000, { paymentDate: '2026-11-02' }));
    await sendArrearsReminders(t.database.db, '2026-12-15');
    expect(await remindersOf(lease._id)).toEqual([]);
    expect(await mailFor(email!)).toEqual([]);
  });

  it('sends only the latest step when several are due at once; the earlier ones are recorded as passed', async () => {
    const { lease, email } = await leaseInArrears();
    await sendArrearsReminders(t.database.db, '2026-12-01');
    const reminders = await remindersOf(lease._id);
    expect(reminders.map((r) => [r.stepDay, r.letter, r.delivery, r.recipient])).toEqual([
      [30, 'letter-of-demand', 'emailed', email],
      [10, 'second-reminder', 'passed', null],
      [3, 'reminder', 'passed', null],
    ]);
    const mail = await mailFor(email!);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      data: { letter: 'letter-of-demand' },
      attachments: [{ source: 'letter-of-demand', id: reminders[0]!._id }],
    });
    await sendArrearsReminders(t.database.db, '2026-12-02');
    expect(await remindersOf(lease._id)).toHaveLength(3);
    expect(await mailFor(email!)).toHaveLength(1);
  });

  it('records the reminder without an email for a tenant who opted out, or has no email on file', async () => {
    const optedOut = await leaseInArrears();
    await t.database.db.execute(
      sql`insert into mail_opt_outs (company_id, email, category)
          values (${co.companyId}, ${optedOut.email!.toLowerCase()}, 'reminders')`,
    );
    const noEmail = await leaseInArrears(null);
    await sendArrearsReminders(t.database.db, '2026-11-05');
    expect(await remindersOf(optedOut.lease._id)).toMatchObject([
      { stepDay: 3, recipient: null, delivery: 'opted-out' },
    ]);
    expect(await mailFor(optedOut.email!)).toEqual([]);
    expect(await remindersOf(noEmail.lease._id)).toMatchObject([
      { stepDay: 3, recipient: null, delivery: 'no-email' },
    ]);
  });

  it('follows the company policy; none when it has no steps', async () => {
    const { lease } = await leaseInArrears();
    await setFinanceSettings(t, co, { arrearsReminderSteps: [] });
    await sendArrearsReminders(t.database.db, '2026-12-15');
    expect(await remindersOf(lease._id)).toEqual([]);
    await setFinanceSettings(t, co, { arrearsReminderSteps: [{ day: 7, letter: 'letter-of-demand' }] });
    await sendArrearsReminders(t.database.db, '2026-11-08');
    expect(await remindersOf(lease._id)).toMatchObject([{ stepDay: 7, letter: 'letter-of-demand' }]);
    await setFinanceSettings(t, co, { arrearsReminderSteps: DEFAULT_ARREARS_REMINDER_STEPS });
  });

  it("is read by whoever may read the lease: another company's lease, or an owner's not their own, is 404", async () => {
    const { lease } = await leaseInArrears();
    await sendArrearsReminders(t.database.db, '2026-11-04');
    expect(await remindersOf(lease._id, co.admin)).toHaveLength(1);
    expect(await remindersOf(lease._id, co.accountant)).toHaveLength(1);
    const other = await createCompanyWithRoles(t.app);
    expect(expectStatus(await call(other.admin, 'GET', `/api/leases/${lease._id}/reminders`), 404).code).toBe(
      'NOT_FOUND',
    );
    // The lease's property is another owner's.
    expectStatus(await call(co.owner, 'GET', `/api/leases/${lease._id}/reminders`), 404);
    expectStatus(await call(co.agent, 'GET', `/api/leases/not-a-uuid/reminders`), 404);
  });
});
