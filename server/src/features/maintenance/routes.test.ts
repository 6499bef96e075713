import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAINTENANCE_STATUSES,
  MAINTENANCE_TRANSITIONS,
  MaintenanceDetail,
  Property,
  type MaintenanceStatus,
} from '@lintel/contracts';
import { queryRows } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { systemTransact } from '../../db/scope.ts';
import {
  addMember,
  createCompanyWithRoles,
  createTestApp,
  expectStatus,
  type SignedIn,
  type TestApp,
} from '../../test/harness.ts';
import { multipartFile } from '../../test/multipart.ts';
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

let t: TestApp;
let co: Company;
let stranger: Company;
let call: ReturnType<typeof caller>;
let propertyId: string;
let vacantPropertyId: string;
let ownerId: string;

// A 1×1 PNG: the smallest real image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const upload = (user: SignedIn, id: string, fileName: string, contentType: string, data: Buffer) => {
  const body = multipartFile(fileName, contentType, data);
  return t.app.inject({
    method: 'POST',
    url: `/api/maintenance/${id}/attachments`,
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  });
};

const requestBody = (overrides: Record<string, unknown> = {}) => ({
  propertyId,
  title: 'Leaking geyser',
  description: 'Water through the ceiling',
  priority: 'high',
  currency: 'USD',
  estimatedCost: 20000,
  costBearer: 'owner',
  ...overrides,
});

async function raise(user: SignedIn = co.admin, overrides: Record<string, unknown> = {}) {
  return MaintenanceDetail.parse(
    expectStatus(await call(user, 'POST', '/api/maintenance', requestBody(overrides)), 201).data,
  );
}

const move = (user: SignedIn, id: string, to: MaintenanceStatus, extra: Record<string, unknown> = {}) =>
  call(user, 'POST', `/api/maintenance/${id}/transition`, { to, ...extra });

/** The shortest legal path from pending to each status. */
const PATHS: Record<MaintenanceStatus, MaintenanceStatus[]> = {
  pending: [],
  approved: ['approved'],
  in_progress: ['approved', 'in_progress'],
  completed: ['approved', 'in_progress', 'completed'],
  rejected: ['rejected'],
  cancelled: ['cancelled'],
};

async function requestIn(status: MaintenanceStatus, overrides: Record<string, unknown> = {}) {
  const request = await raise(co.admin, { estimatedCost: 1000, costBearer: 'agency', ...overrides });
  for (const to of PATHS[status]) expectStatus(await move(co.admin, request._id, to), 200);
  return request._id;
}

/** A let property of its own with rent paid in, so no other test's work in progress holds it. */
async function freshLetProperty() {
  const let_ = await createLetProperty(t, co, { ownerId, rent: 100000 });
  await recordPayment(t, co.accountant, rentBody(let_.lease, 100000));
  return let_.property._id;
}

const propertyStatus = async (id: string) =>
  Property.parse(expectStatus(await call(co.admin, 'GET', `/api/properties/${id}`), 200).data).status;

/** The approval emails queued for a request, oldest first. */
const approvalMail = (requestId: string) =>
  queryRows<{ recipient: string; subject: string; data: { estimate: string } & Record<string, unknown> }>(
    t.database.db,
    sql`select recipient, subject, data from mail_messages
        where kind = 'approval-waiting' and dedupe_key like ${`approval-waiting:${requestId}:%`}
        order by created_at`,
  );

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  co = await createCompanyWithRoles(t.app);
  stranger = await createCompanyWithRoles(t.app);
  await setFinanceSettings(t, co, { ownerApprovalLimit: 50000 });
  ownerId = await createOwnerOfUser(t, co);
  const let_ = await createLetProperty(t, co, { ownerId, rent: 100000 });
  propertyId = let_.property._id;
  await recordPayment(t, co.accountant, rentBody(let_.lease, 100000));
  vacantPropertyId = Property.parse(
    expectStatus(
      await call(co.admin, 'POST', '/api/properties', {
        name: 'Empty flat',
        address: '2 Ledger Lane',
        type: 'apartment',
        ownerId,
        currency: 'USD',
        rentAmount: 50000,
        agentId: co.agent.user._id,
      }),
      201,
    ).data,
  )._id;
}, 60_000);

afterAll(() => t.close());

describe('raising requests', () => {
  it('admin, the managing agent and the owner raise; accountant and other are refused', async () => {
    const byAgent = await raise(co.agent);
    expect(byAgent).toMatchObject({
      status: 'pending',
      requestedBy: co.agent.user._id,
      ownerApprovalRequired: false,
    });
    expect(byAgent.events).toEqual([
      expect.objectContaining({ toStatus: 'pending', actorId: co.agent.user._id }),
    ]);
    await raise(co.owner);
    await raise(co.admin);
    expectStatus(await call(co.accountant, 'POST', '/api/maintenance', requestBody()), 403);
    expectStatus(await call(co.other, 'POST', '/api/maintenance', requestBody()), 403);
    expectStatus(await call(null, 'POST', '/api/maintenance', requestBody()), 401);
  });

  it("an agent who does not manage the property is refused; another company's property is 422", async () => {
    const otherAgent = await addMember(t.app, co.admin, 'agent');
    expectStatus(await call(otherAgent, 'POST', '/api/maintenance', requestBody()), 403);
    const response = await call(stranger.admin, 'POST', '/api/maintenance', requestBody());
    expect(expectStatus(response, 422).code).toBe('INVALID_PROPERTY');
  });

  it('tells the admins, the agent and the owner, with a link to the request', async () => {
    const request = await raise(co.admin, { title: `Notice ${randomUUID()}` });
    const rows = await systemTransact(t.database.db, (tx) =>
      tx
        .select()
        .from(notifications)
        .where(eq(notifications.link, `/maintenance/${request._id}`)),
    );
    expect(rows.map((row) => row.userId).sort()).toEqual([co.agent.user._id, co.owner.user._id].sort());
    expect(rows.every((row) => row.type === 'maintenance.raised')).toBe(true);
  });
});

describe('the state machine', () => {
  for (const from of MAINTENANCE_STATUSES) {
    for (const to of MAINTENANCE_STATUSES) {
      const legal = MAINTENANCE_TRANSITIONS[from].includes(to);
      it(`${from} → ${to} is ${legal ? 'allowed' : '422 ILLEGAL_TRANSITION'}`, async () => {
        const id = await requestIn(from);
        const response = await move(co.admin, id, to, { note: 'step' });
        if (legal) {
          const detail = MaintenanceDetail.parse(expectStatus(response, 200).data);
          expect(detail.status).toBe(to);
          expect(detail.events.at(-1)).toMatchObject({
            fromStatus: from,
            toStatus: to,
            note: 'step',
            actorId: co.admin.user._id,
          });
        } else {
          const body = expectStatus(response, 422);
          expect(body.code).toBe('ILLEGAL_TRANSITION');
          expect(body.message).toMatch(/cannot be moved/);
        }
      });
    }
  }

  it('agents make every move but approve and reject; accountant, owner and other make none', async () => {
    const id = await requestIn('pending');
    expectStatus(await move(co.agent, id, 'approved'), 403);
    expectStatus(await move(co.agent, id, 'rejected'), 403);
    expectStatus(await move(co.accountant, id, 'approved'), 403);
    expectStatus(await move(co.owner, id, 'approved'), 403);
    expectStatus(await move(co.other, id, 'approved'), 403);
    expectStatus(await move(co.admin, id, 'approved'), 200);
    expectStatus(await move(co.agent, id, 'in_progress'), 200);
    expectStatus(await move(co.agent, id, 'completed'), 200);
  });

  it('every move tells admins, assignee, requester and owner', async () => {
    const request = await raise(co.agent, { assignedToId: co.accountant.user._id });
    expectStatus(await move(co.admin, request._id, 'approved'), 200);
    const rows = await systemTransact(t.database.db, (tx) =>
      tx
        .select()
        .from(notifications)
        .where(eq(notifications.link, `/maintenance/${request._id}`)),
    );
    const moved = rows.filter((row) => row.type === 'maintenance.moved').map((row) => row.userId);
    expect(moved.sort()).toEqual([co.agent.user._id, co.accountant.user._id, co.owner.user._id].sort());
  });
});

describe('owner approval, costs and the property', () => {
  it('an estimate above the limit waits for the owner before work starts', async () => {
    const request = await raise(co.agent, { estimatedCost: 50001 });
    expect(request.ownerApprovalRequired).toBe(true);
    expectStatus(await move(co.admin, request._id, 'approved'), 200);
    const refused = expectStatus(await move(co.agent, request._id, 'in_progress'), 422);
    expect(refused.code).toBe('OWNER_APPROVAL_REQUIRED');
    const approval = `/api/maintenance/${request._id}/owner-approval`;
    expectStatus(await call(co.admin, 'POST', approval, { approve: true }), 403);
    expectStatus(await call(co.agent, 'POST', approval, { approve: true }), 403);
    expectStatus(await call(stranger.owner, 'POST', approval, { approve: true }), 404);
    const approved = MaintenanceDetail.parse(
      expectStatus(await call(co.owner, 'POST', approval, { approve: true, note: 'Go ahead' }), 200).data,
    );
    expect(approved.ownerApprovedAt).not.toBeNull();
    expect(approved.events.at(-1)?.note).toBe('Owner approved the estimate: Go ahead');
    expect(expectStatus(await call(co.owner, 'POST', approval, { approve: true }), 422).code).toBe(
      'NO_APPROVAL_PENDING',
    );
    expectStatus(await move(co.agent, request._id, 'in_progress'), 200);
  });

  it('an estimate at the limit needs no approval; the owner can decline one above it', async () => {
    expect((await raise(co.admin, { estimatedCost: 50000 })).ownerApprovalRequired).toBe(false);
    const request = await raise(co.admin, { estimatedCost: 90000 });
    const declined = MaintenanceDetail.parse(
      expectStatus(
        await call(co.owner, 'POST', `/api/maintenance/${request._id}/owner-approval`, { approve: false }),
        200,
      ).data,
    );
    expect(declined.status).toBe('rejected');
  });

  it('an estimate above the limit emails the owner as the request is saved; a new estimate asks again', async () => {
    const request = await raise(co.agent, { title: 'Roof <leak>', estimatedCost: 60000 });
    // Queued by the request's own transaction: there as soon as it answers, no job in between.
    const [asked, ...more] = await approvalMail(request._id);
    expect(more).toEqual([]);
    expect(asked).toMatchObject({
      recipient: co.owner.user.email,
      subject: `Your approval is needed: Roof <leak> on ${request.propertyName}`,
      data: {
        ownerName: co.owner.user.firstName,
        title: 'Roof <leak>',
        propertyName: request.propertyName,
        estimate: '$600.00',
        path: `/login?next=%2Fmaintenance%2F${request._id}`,
      },
    });

    const url = `/api/maintenance/${request._id}`;
    // A refused change queues nothing: the email stands or falls with the estimate.
    expectStatus(await call(co.agent, 'PUT', url, { estimatedCost: 70000, __v: request.__v + 5 }), 409);
    expect(await approvalMail(request._id)).toHaveLength(1);
    const costed = MaintenanceDetail.parse(
      expectStatus(await call(co.agent, 'PUT', url, { estimatedCost: 70000, __v: request.__v }), 200).data,
    );
    const back = MaintenanceDetail.parse(
      expectStatus(await call(co.agent, 'PUT', url, { estimatedCost: 60000, __v: costed.__v }), 200).data,
    );
    expect((await approvalMail(request._id)).map((row) => row.data.estimate)).toEqual([
      '$600.00',
      '$700.00',
      '$600.00',
    ]);
    // Below the limit, and other changes, ask nothing.
    expectStatus(await call(co.agent, 'PUT', url, { estimatedCost: 100, __v: back.__v }), 200);
    expect(await approvalMail(request._id)).toHaveLength(3);
    expect(await approvalMail((await raise(co.admin, { estimatedCost: 50000 }))._id)).toEqual([]);
    // Another company's admin never sees it among their messages.
    const theirs = expectStatus(await call(stranger.admin, 'GET', '/api/mail?kind=approval-waiting'), 200);
    expect(theirs.data).toEqual([]);
  });

  it('an owner with no account to sign in with is not emailed: they could not answer', async () => {
    const { property } = await createLetProperty(t, co);
    const request = await raise(co.admin, { propertyId: property._id, estimatedCost: 90000 });
    expect(request.ownerApprovalRequired).toBe(true);
    expect(await approvalMail(request._id)).toEqual([]);
  });

  it("work in progress puts the property under maintenance; completing posts the owner's cost and frees it", async () => {
    const propertyId = await freshLetProperty();
    const before = await readPropertyAccount(t, co.accountant, propertyId);
    const request = await raise(co.agent, { propertyId, assignedSupplier: 'Pipe Pros' });
    expectStatus(await move(co.admin, request._id, 'approved'), 200);
    expectStatus(await move(co.agent, request._id, 'in_progress'), 200);
    expect(await propertyStatus(propertyId)).toBe('under_maintenance');
    const done = MaintenanceDetail.parse(
      expectStatus(await move(co.agent, request._id, 'completed', { actualCost: 12345 }), 200).data,
    );
    expect(done).toMatchObject({ status: 'completed', actualCost: 12345 });
    expect(done.expenseId).not.toBeNull();
    expect(await propertyStatus(propertyId)).toBe('occupied');
    const after = await readPropertyAccount(t, co.accountant, propertyId);
    expect(before.balance - after.balance).toBe(12345);
    const balance = await readTrialBalance(t, co);
    expect(balance.total).toBe(0);
    expect(balance.trustBank).toBe(balance.heldForOthers);
  });

  it('a cost the property account cannot pay is refused and nothing changes', async () => {
    const propertyId = await freshLetProperty();
    const id = await requestIn('in_progress', { propertyId, costBearer: 'owner' });
    const before = await readPropertyAccount(t, co.accountant, propertyId);
    const response = await move(co.admin, id, 'completed', { actualCost: 99_000_000 });
    expect(expectStatus(response, 422).code).toBe('INSUFFICIENT_BALANCE');
    const detail = MaintenanceDetail.parse(
      expectStatus(await call(co.admin, 'GET', `/api/maintenance/${id}`), 200).data,
    );
    expect(detail).toMatchObject({ status: 'in_progress', actualCost: null, expenseId: null });
    expect(await propertyStatus(propertyId)).toBe('under_maintenance');
    expect((await readPropertyAccount(t, co.accountant, propertyId)).balance).toBe(before.balance);
    expectStatus(await move(co.admin, id, 'completed', { actualCost: 0 }), 200);
    expect(await propertyStatus(propertyId)).toBe('occupied');
  });

  it('a cost borne by the agency posts nothing; a property without a lease returns to available', async () => {
    const request = await raise(co.admin, { propertyId: vacantPropertyId, costBearer: 'agency' });
    expectStatus(await move(co.admin, request._id, 'approved'), 200);
    expectStatus(await move(co.admin, request._id, 'in_progress'), 200);
    expect(await propertyStatus(vacantPropertyId)).toBe('under_maintenance');
    const done = MaintenanceDetail.parse(
      expectStatus(await move(co.admin, request._id, 'completed', { actualCost: 5000 }), 200).data,
    );
    expect(done.expenseId).toBeNull();
    expect(await propertyStatus(vacantPropertyId)).toBe('available');
  });
});

describe('changing a request', () => {
  it('checks __v, lets the accountant record costs only, and refuses closed requests', async () => {
    const request = await raise(co.agent);
    const url = `/api/maintenance/${request._id}`;
    const updated = MaintenanceDetail.parse(
      expectStatus(await call(co.agent, 'PUT', url, { title: 'Burst geyser', __v: request.__v }), 200).data,
    );
    expect(updated.title).toBe('Burst geyser');
    expect(expectStatus(await call(co.admin, 'PUT', url, { title: 'Old', __v: request.__v }), 409).code).toBe(
      'STALE_VERSION',
    );
    expectStatus(await call(co.accountant, 'PUT', url, { title: 'No', __v: updated.__v }), 403);
    const costed = MaintenanceDetail.parse(
      expectStatus(await call(co.accountant, 'PUT', url, { estimatedCost: 70000, __v: updated.__v }), 200)
        .data,
    );
    expect(costed).toMatchObject({ estimatedCost: 70000, ownerApprovalRequired: true });
    expectStatus(await call(co.owner, 'PUT', url, { title: 'No', __v: costed.__v }), 403);
    expectStatus(await call(co.other, 'PUT', url, { title: 'No', __v: costed.__v }), 403);
    expectStatus(await move(co.admin, request._id, 'rejected'), 200);
    const closed = await call(co.admin, 'PUT', url, { title: 'Again', __v: costed.__v + 1 });
    expect(expectStatus(closed, 422).code).toBe('REQUEST_CLOSED');
  });
});

describe('attachments', () => {
  let requestId: string;
  beforeAll(async () => {
    requestId = (await raise(co.agent))._id;
  });

  it('stores a real image and serves it with its type to those who may see the request', async () => {
    const attachment = expectStatus(
      await upload(co.agent, requestId, 'leak.png', 'image/png', PNG),
      201,
    ).data;
    expect(attachment).toMatchObject({
      fileName: 'leak.png',
      contentType: 'image/png',
      sizeBytes: PNG.length,
    });
    const url = `/api/maintenance/${requestId}/attachments/${attachment._id}`;
    for (const user of [co.admin, co.agent, co.owner, co.accountant]) {
      const response = await call(user, 'GET', url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-disposition']).toContain('leak.png');
      expect(response.rawPayload.equals(PNG)).toBe(true);
    }
    expectStatus(await call(co.other, 'GET', url), 403);
    expectStatus(await call(stranger.admin, 'GET', url), 404);
    const detail = MaintenanceDetail.parse(
      expectStatus(await call(co.owner, 'GET', `/api/maintenance/${requestId}`), 200).data,
    );
    expect(detail.attachments.map((a) => a._id)).toEqual([attachment._id]);
  });

  it('judges the file by its content: text named .png is refused', async () => {
    const response = await upload(
      co.agent,
      requestId,
      'photo.png',
      'image/png',
      Buffer.from('just some text'),
    );
    expect(expectStatus(response, 415).code).toBe('UNSUPPORTED_FILE_TYPE');
  });

  it('refuses a file over 10 MB with a message', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]);
    const body = expectStatus(await upload(co.agent, requestId, 'big.png', 'image/png', big), 413);
    expect(body.message).toBe('Files may be at most 10 MB.');
  });

  it('another company, other and the accountant cannot attach', async () => {
    expectStatus(await upload(stranger.admin, requestId, 'a.png', 'image/png', PNG), 404);
    expectStatus(await upload(co.other, requestId, 'a.png', 'image/png', PNG), 403);
    expectStatus(await upload(co.accountant, requestId, 'a.png', 'image/png', PNG), 403);
  });
});

describe('isolation and reading', () => {
  it('another company sees nothing: lists are empty and every id is 404', async () => {
    const request = await raise(co.admin);
    const list = expectStatus(await call(stranger.admin, 'GET', '/api/maintenance'), 200);
    expect(list.data).toEqual([]);
    const url = `/api/maintenance/${request._id}`;
    expectStatus(await call(stranger.admin, 'GET', url), 404);
    expectStatus(await call(stranger.admin, 'PUT', url, { title: 'x', __v: request.__v }), 404);
    expectStatus(await move(stranger.admin, request._id, 'approved'), 404);
    expectStatus(await call(stranger.owner, 'POST', `${url}/owner-approval`, { approve: true }), 404);
    expectStatus(await call(co.admin, 'GET', '/api/maintenance/not-a-uuid'), 404);
  });

  it('lists by role, with filters and search; other is refused', async () => {
    const marker = `Marker ${randomUUID().slice(0, 8)}`;
    await raise(co.admin, { title: marker, priority: 'urgent' });
    for (const user of [co.admin, co.accountant, co.agent, co.owner]) {
      const page = expectStatus(
        await call(user, 'GET', `/api/maintenance?q=${encodeURIComponent(marker)}`),
        200,
      );
      expect(page.data.map((row: { title: string }) => row.title)).toEqual([marker]);
    }
    const urgent = expectStatus(
      await call(co.admin, 'GET', '/api/maintenance?priority=urgent&status=pending'),
      200,
    );
    expect(urgent.data.every((row: { priority: string }) => row.priority === 'urgent')).toBe(true);
    const otherAgent = await addMember(t.app, co.admin, 'agent');
    expect(expectStatus(await call(otherAgent, 'GET', '/api/maintenance'), 200).data).toEqual([]);
    expectStatus(await call(co.other, 'GET', '/api/maintenance'), 403);
  });
});
