import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LevyCharge,
  LevyPaymentResult,
  LevySchedule,
  leviesApi,
  type LevyScheduleInput,
  type Role,
} from '@lintel/contracts';
import { levyCharges } from '../../db/schema/index.ts';
import { systemTransact, transact } from '../../db/scope.ts';
import { createCompanyWithRoles, createTestApp, expectStatus, type TestApp } from '../../test/harness.ts';
import {
  caller,
  createLetProperty,
  createOwnerOfUser,
  readPropertyAccount,
  readTrialBalance,
  recordPayment,
  rentBody,
  setFinanceSettings,
  type Company,
} from '../../test/money-fixtures.ts';
import { todayIso } from '../leases/index.ts';
import { ensureLevyCharges, levyChargeGaps } from './index.ts';

const thisPeriod = todayIso().slice(0, 7);
/** The first day of the month `back` months before this one. */
function monthStart(back: number) {
  const [year, month] = thisPeriod.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

let t: TestApp;
let call: ReturnType<typeof caller>;
let co: Company;
let other: Company;
/** Owned by co.owner's record and holding rent money. */
let funded: { propertyId: string; schedule: LevySchedule };
/** Another owner's property that holds nothing. */
let empty: { propertyId: string; schedule: LevySchedule };

const scheduleBody = (propertyId: string, overrides: Partial<LevyScheduleInput> = {}): LevyScheduleInput => ({
  propertyId,
  bodyCorporate: 'Sunset Body Corporate',
  contact: 'levies@sunset.example',
  bankDetails: { bankName: 'CBZ', accountName: 'Sunset BC', accountNumber: '1234567' },
  amount: 20000,
  currency: 'USD',
  startDate: monthStart(2),
  endDate: null,
  ...overrides,
});

async function createSchedule(body: LevyScheduleInput, company = co) {
  return LevySchedule.parse(
    expectStatus(await call(company.accountant, 'POST', '/api/levies', body), 201).data,
  );
}

async function readDue(user = co.accountant, period = thisPeriod) {
  const response = await call(user, 'GET', `/api/levies/due?period=${period}`);
  return LevyCharge.array().parse(expectStatus(response, 200).data);
}

const chargeOf = (charges: LevyCharge[], scheduleId: string, period = thisPeriod) =>
  charges.find((charge) => charge.scheduleId === scheduleId && charge.period === period)!;

const countCharges = (scheduleId: string) =>
  systemTransact(t.database.db, async (tx) => {
    const [row] = await tx
      .select({ n: count() })
      .from(levyCharges)
      .where(and(eq(levyCharges.scheduleId, scheduleId)));
    return row!.n;
  });

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  [co, other] = await Promise.all([createCompanyWithRoles(t.app), createCompanyWithRoles(t.app)]);
  await setFinanceSettings(t, co);
  const ownerId = await createOwnerOfUser(t, co);
  const let1 = await createLetProperty(t, co, { ownerId, rent: 100000 });
  await recordPayment(t, co.accountant, rentBody(let1.lease, 100000));
  const let2 = await createLetProperty(t, co, { rent: 50000 });
  funded = {
    propertyId: let1.property._id,
    schedule: await createSchedule(scheduleBody(let1.property._id)),
  };
  empty = {
    propertyId: let2.property._id,
    schedule: await createSchedule(
      scheduleBody(let2.property._id, {
        bodyCorporate: 'Empty Towers BC',
        amount: 5000,
        startDate: monthStart(0),
      }),
    ),
  };
});

afterAll(() => t.close());

describe('levy schedules', () => {
  it('lists schedules with their property name', async () => {
    const page = expectStatus(await call(co.admin, 'GET', '/api/levies'), 200);
    const schedules = LevySchedule.array().parse(page.data);
    expect(schedules.map((s) => s._id).sort()).toEqual([funded.schedule._id, empty.schedule._id].sort());
    expect(funded.schedule.propertyName).toMatch(/^House /);
    expect(funded.schedule.bankDetails?.accountNumber).toBe('1234567');
  });

  it('refuses an end before the start, and a stale version', async () => {
    const invalid = await call(
      co.accountant,
      'POST',
      '/api/levies',
      scheduleBody(funded.propertyId, { endDate: '2020-01-01' }),
    );
    expect(expectStatus(invalid, 400).code).toBe('VALIDATION');
    const changed = LevySchedule.parse(
      expectStatus(
        await call(co.accountant, 'PUT', `/api/levies/${funded.schedule._id}`, {
          ...scheduleBody(funded.propertyId, { contact: 'new@sunset.example' }),
          __v: funded.schedule.__v,
        }),
        200,
      ).data,
    );
    expect(changed.contact).toBe('new@sunset.example');
    expect(changed.__v).toBe(funded.schedule.__v + 1);
    const stale = await call(co.accountant, 'PUT', `/api/levies/${funded.schedule._id}`, {
      ...scheduleBody(funded.propertyId),
      __v: funded.schedule.__v,
    });
    expect(expectStatus(stale, 409).code).toBe('STALE_VERSION');
  });
});

describe('levy charges', () => {
  it('generates each month once: generating twice adds nothing', async () => {
    const first = expectStatus(await call(co.accountant, 'POST', '/api/levies/generate'), 200).data;
    const afterFirst = await readDue();
    const second = expectStatus(await call(co.admin, 'POST', '/api/levies/generate'), 200).data;
    const afterSecond = await readDue();
    // Three months for the funded schedule (start two months back), one for the empty one.
    expect(first.created).toBe(4);
    expect(await countCharges(funded.schedule._id)).toBe(3);
    expect(await countCharges(empty.schedule._id)).toBe(1);
    expect(second.created).toBe(0);
    expect(afterSecond.map((c) => c._id).sort()).toEqual(afterFirst.map((c) => c._id).sort());
  });

  it('shows this month due, earlier months overdue, with the held balance', async () => {
    const due = await readDue();
    const account = await readPropertyAccount(t, co.accountant, funded.propertyId);
    const current = chargeOf(due, funded.schedule._id);
    expect(current).toMatchObject({ status: 'due', amount: 20000, currency: 'USD', held: account.balance });
    expect(chargeOf(due, funded.schedule._id, monthStart(1).slice(0, 7)).status).toBe('overdue');
    expect(chargeOf(due, empty.schedule._id)).toMatchObject({ status: 'due', held: 0 });
  });
});

describe('raising charges as months pass', () => {
  let co3: Company;
  let propertyId: string;
  beforeAll(async () => {
    co3 = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, co3);
    propertyId = (await createLetProperty(t, co3, { rent: 80000 })).property._id;
  });
  const raiseAsOf = (today: string) =>
    transact({ db: t.database.db, companyId: co3.companyId }, (tx) => ensureLevyCharges(tx, co3, today));

  it("raises the new month's charge once the month turns, and nothing more on the next read", async () => {
    const schedule = await createSchedule(scheduleBody(propertyId), co3);
    expect(await raiseAsOf(todayIso())).toBe(3);
    expect(await raiseAsOf(todayIso())).toBe(0);
    expect(await raiseAsOf(monthStart(-1))).toBe(1);
    expect(await raiseAsOf(monthStart(-1))).toBe(0);
    expect(await countCharges(schedule._id)).toBe(4);
  });

  it('raises the months a schedule gains when its start moves back', async () => {
    const schedule = await createSchedule(
      scheduleBody(propertyId, { bodyCorporate: 'Late Start BC', startDate: monthStart(0) }),
      co3,
    );
    expect(await raiseAsOf(todayIso())).toBe(1);
    const moved = await call(co3.accountant, 'PUT', `/api/levies/${schedule._id}`, {
      ...scheduleBody(propertyId, { bodyCorporate: 'Late Start BC', startDate: monthStart(3) }),
      __v: schedule.__v,
    });
    expectStatus(moved, 200);
    // A read of the levies raises them, as every read does.
    const due = LevyCharge.array().parse(
      expectStatus(await call(co3.accountant, 'GET', `/api/levies/due?period=${thisPeriod}`), 200).data,
    );
    expect(due.filter((charge) => charge.scheduleId === schedule._id)).toHaveLength(4);
    expect(await countCharges(schedule._id)).toBe(4);
  });

  it('the books check finds a month marked raised whose charge is missing', async () => {
    const gaps = () =>
      transact({ db: t.database.db, companyId: co3.companyId }, (tx) => levyChargeGaps(tx, co3));
    expect(await gaps()).toEqual([]);
    const schedule = await createSchedule(
      scheduleBody(propertyId, { bodyCorporate: 'Gap BC', startDate: monthStart(2) }),
      co3,
    );
    expect(await raiseAsOf(todayIso())).toBe(3);
    expect(await gaps()).toEqual([]);
    const lost = monthStart(1).slice(0, 7);
    await systemTransact(t.database.db, (tx) =>
      tx
        .delete(levyCharges)
        .where(and(eq(levyCharges.scheduleId, schedule._id), eq(levyCharges.period, lost))),
    );
    expect(await gaps()).toEqual([{ scheduleId: schedule._id, period: lost }]);
  });
});

describe('paying levies', () => {
  it('pays nothing when one account is short, unless asked to pay what can be paid', async () => {
    const before = await readDue();
    const fundedCharge = chargeOf(before, funded.schedule._id);
    const shortCharge = chargeOf(before, empty.schedule._id);
    const heldBefore = (await readPropertyAccount(t, co.accountant, funded.propertyId)).balance;
    const chargeIds = [fundedCharge._id, shortCharge._id];

    const strict = await call(co.accountant, 'POST', '/api/levies/pay', {
      chargeIds,
      payWhatCanBePaid: false,
    });
    const refusal = expectStatus(strict, 422);
    expect(refusal.code).toBe('LEVIES_REFUSED');
    expect(refusal.details.map((d: { path: string }) => d.path)).toEqual([shortCharge._id]);
    expect(chargeOf(await readDue(), funded.schedule._id).status).toBe('due');
    expect((await readPropertyAccount(t, co.accountant, funded.propertyId)).balance).toBe(heldBefore);

    const lenient = LevyPaymentResult.parse(
      expectStatus(
        await call(co.accountant, 'POST', '/api/levies/pay', { chargeIds, payWhatCanBePaid: true }),
        200,
      ).data,
    );
    expect(lenient.paid.map((line) => line.chargeId)).toEqual([fundedCharge._id]);
    expect(lenient.refused.map((line) => line.chargeId)).toEqual([shortCharge._id]);
    expect(lenient.refused[0]!.message).toMatch(/cannot pay out more/);
    const after = await readDue();
    expect(chargeOf(after, funded.schedule._id)).toMatchObject({ status: 'paid', held: heldBefore - 20000 });
    expect(chargeOf(after, funded.schedule._id).expenseId).toBe(lenient.paid[0]!.expenseId);
    expect(chargeOf(after, empty.schedule._id).status).toBe('due');
    expect((await readPropertyAccount(t, co.accountant, funded.propertyId)).balance).toBe(heldBefore - 20000);
    expect((await readTrialBalance(t, co)).total).toBe(0);
  });

  it('never pays a charge twice, even when two payments race', async () => {
    const overdue = chargeOf(await readDue(), funded.schedule._id, monthStart(1).slice(0, 7));
    const body = { chargeIds: [overdue._id], payWhatCanBePaid: true };
    const results = await Promise.all([
      call(co.accountant, 'POST', '/api/levies/pay', body),
      call(co.accountant, 'POST', '/api/levies/pay', body),
    ]);
    const lines = results.map((r) => LevyPaymentResult.parse(expectStatus(r, 200).data));
    expect(lines.flatMap((r) => r.paid)).toHaveLength(1);
    expect(lines.flatMap((r) => r.refused).map((line) => line.message)).toEqual([
      'This levy is already paid.',
    ]);
    const again = await call(co.accountant, 'POST', '/api/levies/pay', { ...body, payWhatCanBePaid: false });
    expect(expectStatus(again, 422).code).toBe('LEVIES_REFUSED');
    expect((await readTrialBalance(t, co)).total).toBe(0);
  });
});

describe('levy access', () => {
  const READERS: Role[] = ['admin', 'accountant', 'agent', 'owner'];
  const cases: { key: keyof typeof leviesApi; allowed: Role[]; ok: number }[] = [
    { key: 'list', allowed: READERS, ok: 200 },
    { key: 'create', allowed: ['accountant'], ok: 201 },
    { key: 'due', allowed: READERS, ok: 200 },
    { key: 'pay', allowed: ['accountant'], ok: 200 },
    { key: 'generate', allowed: ['admin', 'accountant'], ok: 200 },
    { key: 'get', allowed: READERS, ok: 200 },
    { key: 'update', allowed: ['accountant'], ok: 200 },
  ];

  it('covers every levy call', () => {
    expect(cases.map((c) => c.key).sort()).toEqual(Object.keys(leviesApi).sort());
  });

  /** A request for `key` on the funded schedule (owned by co.owner), built fresh for each caller. */
  async function requestFor(key: keyof typeof leviesApi, company: Company) {
    const contract = leviesApi[key];
    const schedule = LevySchedule.parse(
      expectStatus(await call(co.accountant, 'GET', `/api/levies/${funded.schedule._id}`), 200).data,
    );
    const charge = chargeOf(await readDue(), funded.schedule._id);
    const bodies: Partial<Record<keyof typeof leviesApi, object>> = {
      create: scheduleBody(funded.propertyId, { bodyCorporate: `BC by ${company.companyId.slice(0, 4)}` }),
      pay: { chargeIds: [charge._id], payWhatCanBePaid: true },
      update: { ...scheduleBody(funded.propertyId), __v: schedule.__v },
    };
    return {
      method: contract.method as 'GET' | 'POST' | 'PUT',
      url: `/api${contract.path.replace(':id', funded.schedule._id)}`,
      body: bodies[key],
    };
  }

  for (const { key, allowed, ok } of cases) {
    it(`${key}: role matrix`, async () => {
      for (const role of ['admin', 'accountant', 'agent', 'owner', 'other'] as Role[]) {
        const { method, url, body } = await requestFor(key, co);
        const response = await call(co[role], method, url, body);
        expect({ role, status: response.statusCode }).toEqual({
          role,
          status: allowed.includes(role) ? ok : 403,
        });
      }
      const { method, url, body } = await requestFor(key, co);
      expect((await call(null, method, url, body)).statusCode).toBe(401);
    });
  }

  it("another company never sees or touches this company's levies", async () => {
    await setFinanceSettings(t, other);
    const list = expectStatus(await call(other.admin, 'GET', '/api/levies'), 200);
    expect(list.data).toEqual([]);
    expect(await readDue(other.accountant)).toEqual([]);
    const id = funded.schedule._id;
    expect((await call(other.accountant, 'GET', `/api/levies/${id}`)).statusCode).toBe(404);
    const update = await call(other.accountant, 'PUT', `/api/levies/${id}`, {
      ...scheduleBody(funded.propertyId),
      __v: 0,
    });
    expect(update.statusCode).toBe(404);
    const charge = chargeOf(await readDue(), empty.schedule._id);
    const pay = await call(other.accountant, 'POST', '/api/levies/pay', {
      chargeIds: [charge._id],
      payWhatCanBePaid: true,
    });
    expect(pay.statusCode).toBe(404);
    const create = await call(other.accountant, 'POST', '/api/levies', scheduleBody(funded.propertyId));
    expect(expectStatus(create, 422).code).toBe('INVALID_PROPERTY');
    expect((await call(co.accountant, 'GET', '/api/levies/not-a-uuid')).statusCode).toBe(404);
  });

  it('shows an owner only the levies of their own properties', async () => {
    const schedules = LevySchedule.array().parse(
      expectStatus(await call(co.owner, 'GET', '/api/levies?pageSize=100'), 200).data,
    );
    expect(new Set(schedules.map((s) => s.propertyId))).toEqual(new Set([funded.propertyId]));
    const due = await readDue(co.owner);
    expect(due.length).toBeGreaterThan(0);
    expect(due.every((charge) => charge.propertyId === funded.propertyId)).toBe(true);
    expect((await call(co.owner, 'GET', `/api/levies/${empty.schedule._id}`)).statusCode).toBe(404);
  });
});
