import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, Lease, Property } from '@lintel/contracts';
import { auditLog, leases, tenants } from '../../db/schema/index.ts';
import { systemTransact } from '../../db/scope.ts';
import {
  addMember,
  createCompanyWithRoles,
  createOwnerRecord,
  createTestApp,
  expectStatus,
  injectAs,
  type RequestAs,
  type SignedIn,
  type TestApp,
} from '../../test/harness.ts';
import { todayIso } from './access.ts';
import { expireLeases } from './lease-lifecycle.ts';

const END_AFTER_START = 'End date must be after the start date';
const RENT_POSITIVE = 'Rent must be more than zero';
const DUE_DAY = 'Rent due day must be between 1 and 28';

describe('leases API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (...request: RequestAs) => injectAs(t.app, ...request);

  function expectError(response: LightMyRequestResponse, status: number, message?: string, code?: string) {
    const body = expectStatus(response, status);
    expect(body).toMatchObject({ status: 'error', code: expect.any(String), message: expect.any(String) });
    if (message) expect(body.message).toBe(message);
    if (code) expect(body.code).toBe(code);
    return body;
  }

  /** Tenants have their own API in a sibling feature; fixtures insert them directly. */
  async function createTenant(companyId: string, name = `Tina ${randomUUID().slice(0, 6)}`) {
    const [row] = await systemTransact(t.database.db, (tx) =>
      tx.insert(tenants).values({ companyId, name }).returning({ id: tenants.id }),
    );
    return row!.id;
  }

  async function createProperty(user: SignedIn, overrides: Record<string, unknown> = {}): Promise<Property> {
    const body = expectStatus(
      await call(user, 'POST', '/api/properties', {
        name: `House ${randomUUID().slice(0, 6)}`,
        address: '1 Lease Lane',
        type: 'house',
        ...overrides,
      }),
      201,
    );
    return Property.parse(body.data);
  }

  const readProperty = async (user: SignedIn, id: string) =>
    Property.parse(expectStatus(await call(user, 'GET', `/api/properties/${id}`), 200).data);

  const draftBody = (propertyId: string, tenantId: string, overrides: Record<string, unknown> = {}) => ({
    propertyId,
    tenantId,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    rentAmount: 120000,
    rentDueDay: 5,
    depositAmount: 120000,
    terms: 'No pets',
    ...overrides,
  });

  async function createLease(
    user: SignedIn,
    propertyId: string,
    tenantId: string,
    overrides: Record<string, unknown> = {},
  ): Promise<Lease> {
    const body = expectStatus(
      await call(user, 'POST', '/api/leases', draftBody(propertyId, tenantId, overrides)),
      201,
    );
    return Lease.parse(body.data);
  }

  const readLease = async (user: SignedIn, id: string) =>
    Lease.parse(expectStatus(await call(user, 'GET', `/api/leases/${id}`), 200).data);

  const activate = (user: SignedIn, id: string) => call(user, 'POST', `/api/leases/${id}/activate`);

  async function auditActions(entityId: string) {
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, entityId))
      .orderBy(asc(auditLog.createdAt));
    return rows.map((row) => row.action);
  }

  /** A company with an owner record bound to its owner user, a property managed by its agent. */
  async function setup() {
    const co = await createCompanyWithRoles(t.app);
    const ownerId = await createOwnerRecord(t.database, co.companyId, { userId: co.owner.user._id });
    const property = await createProperty(co.admin, {
      ownerId,
      agentId: co.agent.user._id,
      currency: 'ZWG',
    });
    const tenantId = await createTenant(co.companyId, 'Tendai Tenant');
    return { co, ownerId, property, tenantId };
  }

  describe('endpoints', () => {
    let s: Awaited<ReturnType<typeof setup>>;
    beforeAll(async () => {
      s = await setup();
    });

    it('POST /api/leases creates a draft with the property currency by default and audits it', async () => {
      const lease = await createLease(s.co.agent, s.property._id, s.tenantId);
      expect(lease).toMatchObject({
        propertyId: s.property._id,
        propertyName: s.property.name,
        agentId: s.co.agent.user._id,
        tenantId: s.tenantId,
        tenantName: 'Tendai Tenant',
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        rentAmount: 120000,
        currency: 'ZWG',
        rentDueDay: 5,
        depositAmount: 120000,
        depositHeld: false,
        status: 'draft',
        terms: 'No pets',
        renewedFromId: null,
        renewalId: null,
        __v: 0,
      });
      expect(await auditActions(lease._id)).toEqual(['lease.created']);
      const usd = await createLease(s.co.admin, s.property._id, s.tenantId, {
        currency: 'USD',
        rentDueDay: undefined,
      });
      expect(usd).toMatchObject({ currency: 'USD', rentDueDay: 1 });
    });

    it('GET /api/leases lists with filters, search, pagination and sort', async () => {
      const other = await createProperty(s.co.admin, { name: 'Zebra Court' });
      const otherTenant = await createTenant(s.co.companyId, 'Yusuf Renter');
      const zebra = await createLease(s.co.admin, other._id, otherTenant, { endDate: '2027-06-30' });
      const all = expectStatus(await call(s.co.accountant, 'GET', '/api/leases?pageSize=100'), 200);
      for (const item of all.data) Lease.parse(item);
      expect(all.meta).toMatchObject({ page: 1, pageSize: 100 });
      expect(all.data.map((item: Lease) => item._id)).toContain(zebra._id);

      const byName = expectStatus(await call(s.co.admin, 'GET', '/api/leases?q=zebra'), 200);
      expect(byName.data.map((item: Lease) => item._id)).toEqual([zebra._id]);
      expect(byName.meta.total).toBe(1);
      const byTenant = expectStatus(await call(s.co.admin, 'GET', '/api/leases?q=yusuf'), 200);
      expect(byTenant.data.map((item: Lease) => item._id)).toEqual([zebra._id]);
      expect(byTenant.meta.total).toBe(1);
      const byProperty = expectStatus(
        await call(s.co.admin, 'GET', `/api/leases?propertyId=${other._id}`),
        200,
      );
      expect(byProperty.meta.total).toBe(1);
      const byTenantId = expectStatus(
        await call(s.co.admin, 'GET', `/api/leases?tenantId=${otherTenant}`),
        200,
      );
      expect(byTenantId.meta.total).toBe(1);
      const active = expectStatus(await call(s.co.admin, 'GET', '/api/leases?status=active'), 200);
      expect(active.data.every((item: Lease) => item.status === 'active')).toBe(true);

      const sorted = expectStatus(await call(s.co.admin, 'GET', '/api/leases?sort=-endDate&pageSize=1'), 200);
      expect(sorted.data[0]._id).toBe(zebra._id);
      expect(sorted.meta.total).toBeGreaterThan(1);
      expectError(await call(s.co.admin, 'GET', '/api/leases?sort=bogus'), 400);
      expectError(await call(s.co.admin, 'GET', '/api/leases?status=bogus'), 400);
    });

    it('GET /api/leases/:id returns one lease; unknown or malformed ids are 404', async () => {
      const lease = await createLease(s.co.admin, s.property._id, s.tenantId);
      expect(await readLease(s.co.accountant, lease._id)).toEqual(lease);
      expectError(await call(s.co.admin, 'GET', `/api/leases/${randomUUID()}`), 404, 'Lease not found');
      expectError(await call(s.co.admin, 'GET', '/api/leases/not-a-uuid'), 404, 'Lease not found');
    });

    it('PUT /api/leases/:id edits a draft at its version; stale version 409; non-drafts 422', async () => {
      const lease = await createLease(s.co.agent, s.property._id, s.tenantId);
      const updated = expectStatus(
        await call(s.co.agent, 'PUT', `/api/leases/${lease._id}`, {
          rentAmount: 130000,
          terms: null,
          __v: 0,
        }),
        200,
      );
      expect(updated.data).toMatchObject({ rentAmount: 130000, terms: null, __v: 1 });
      expectError(
        await call(s.co.agent, 'PUT', `/api/leases/${lease._id}`, { rentAmount: 1, __v: 0 }),
        409,
        undefined,
        'STALE_VERSION',
      );
      expectError(
        await call(s.co.agent, 'PUT', `/api/leases/${lease._id}`, { endDate: '2025-06-01', __v: 1 }),
        400,
        END_AFTER_START,
      );
      expect((await readLease(s.co.admin, lease._id)).rentAmount).toBe(130000);
      expect(await auditActions(lease._id)).toEqual(['lease.created', 'lease.updated']);

      const free = await createProperty(s.co.admin, { agentId: s.co.agent.user._id });
      const active = await createLease(s.co.admin, free._id, s.tenantId);
      expectStatus(await activate(s.co.admin, active._id), 200);
      expectError(
        await call(s.co.admin, 'PUT', `/api/leases/${active._id}`, { rentAmount: 5, __v: 1 }),
        422,
        'An active lease cannot be edited.',
        'LEASE_NOT_EDITABLE',
      );
    });

    it('activate, terminate and renew answer the lease', async () => {
      const property = await createProperty(s.co.admin, { agentId: s.co.agent.user._id });
      const lease = await createLease(s.co.agent, property._id, s.tenantId);
      const activated = expectStatus(await activate(s.co.agent, lease._id), 200);
      expect(activated.data).toMatchObject({ status: 'active', activatedAt: expect.any(String) });
      const renewed = expectStatus(
        await call(s.co.agent, 'POST', `/api/leases/${lease._id}/renew`, {
          endDate: '2027-12-31',
          escalationBp: 500,
        }),
        201,
      );
      expect(renewed.data).toMatchObject({
        status: 'draft',
        startDate: '2027-01-01',
        endDate: '2027-12-31',
        rentAmount: 126000,
        escalationBp: 500,
        renewedFromId: lease._id,
      });
      expect((await readLease(s.co.admin, lease._id)).renewalId).toBe(renewed.data._id);
      const terminated = expectStatus(
        await call(s.co.agent, 'POST', `/api/leases/${lease._id}/terminate`, {
          reason: 'Tenant moved',
          endDate: '2026-06-30',
        }),
        200,
      );
      expect(terminated.data).toMatchObject({
        status: 'terminated',
        endDate: '2026-06-30',
        terminationReason: 'Tenant moved',
        endedAt: expect.any(String),
      });
      expect((await readLease(s.co.admin, renewed.data._id)).status).toBe('active');
    });
  });

  describe('validation messages', () => {
    let s: Awaited<ReturnType<typeof setup>>;
    beforeAll(async () => {
      s = await setup();
    });
    const cases: [string, Record<string, unknown>, string][] = [
      ['end before start', { startDate: '2026-05-01', endDate: '2026-04-30' }, END_AFTER_START],
      ['end equal to start', { startDate: '2026-05-01', endDate: '2026-05-01' }, END_AFTER_START],
      ['zero rent', { rentAmount: 0 }, RENT_POSITIVE],
      ['negative rent', { rentAmount: -100 }, RENT_POSITIVE],
      ['due day 0', { rentDueDay: 0 }, DUE_DAY],
      ['due day 29', { rentDueDay: 29 }, DUE_DAY],
      ['fractional due day', { rentDueDay: 2.5 }, DUE_DAY],
      ['bad date', { startDate: '2026-02-30' }, 'Enter a date as YYYY-MM-DD'],
    ];
    for (const [label, overrides, message] of cases) {
      it(`${label}: 400 '${message}', nothing created`, async () => {
        const before = expectStatus(await call(s.co.admin, 'GET', '/api/leases'), 200).meta.total;
        const body = expectError(
          await call(s.co.admin, 'POST', '/api/leases', draftBody(s.property._id, s.tenantId, overrides)),
          400,
          message,
          'VALIDATION',
        );
        expect(body.details.length).toBeGreaterThan(0);
        expect(expectStatus(await call(s.co.admin, 'GET', '/api/leases'), 200).meta.total).toBe(before);
      });
    }
    it('renew and terminate validate too', async () => {
      const lease = await createLease(s.co.admin, s.property._id, s.tenantId);
      expectStatus(await activate(s.co.admin, lease._id), 200);
      expectError(
        await call(s.co.admin, 'POST', `/api/leases/${lease._id}/renew`, { endDate: '2026-12-31' }),
        400,
        END_AFTER_START,
      );
      expectError(
        await call(s.co.admin, 'POST', `/api/leases/${lease._id}/renew`, {
          endDate: '2027-12-31',
          rentAmount: 0,
        }),
        400,
        RENT_POSITIVE,
      );
      expectError(
        await call(s.co.admin, 'POST', `/api/leases/${lease._id}/terminate`, { reason: '  ' }),
        400,
      );
      expectError(
        await call(s.co.admin, 'POST', `/api/leases/${lease._id}/terminate`, {
          reason: 'x',
          endDate: '2025-01-01',
        }),
        400,
        END_AFTER_START,
      );
      expect((await readLease(s.co.admin, lease._id)).status).toBe('active');
    });
    it('an unknown or archived tenant, or unknown property: 422', async () => {
      expectError(
        await call(s.co.admin, 'POST', '/api/leases', draftBody(s.property._id, randomUUID())),
        422,
        undefined,
        'INVALID_TENANT',
      );
      expectError(
        await call(s.co.admin, 'POST', '/api/leases', draftBody(randomUUID(), s.tenantId)),
        422,
        undefined,
        'INVALID_PROPERTY',
      );
      const archived = await createTenant(s.co.companyId);
      await systemTransact(t.database.db, (tx) =>
        tx.update(tenants).set({ archivedAt: new Date() }).where(eq(tenants.id, archived)),
      );
      expectError(
        await call(s.co.admin, 'POST', '/api/leases', draftBody(s.property._id, archived)),
        422,
        undefined,
        'TENANT_ARCHIVED',
      );
    });
  });

  describe('role matrix', () => {
    let s: Awaited<ReturnType<typeof setup>>;
    let secondAgent: SignedIn;
    /** Managed by the second agent; owned by nobody. */
    let foreign: Property;
    let mineLease: Lease;
    let foreignLease: Lease;
    beforeAll(async () => {
      s = await setup();
      secondAgent = await addMember(t.app, s.co.admin, 'agent', 'Second Agent');
      foreign = await createProperty(s.co.admin, { agentId: secondAgent.user._id });
      mineLease = await createLease(s.co.admin, s.property._id, s.tenantId);
      foreignLease = await createLease(s.co.admin, foreign._id, s.tenantId);
    });

    /** Every write refused with `status`, and the lease unchanged. */
    async function expectNoWrites(user: SignedIn, lease: Lease, status: number) {
      const before = await readLease(s.co.admin, lease._id);
      expectError(
        await call(user, 'PUT', `/api/leases/${lease._id}`, { rentAmount: 1, __v: before.__v }),
        status,
      );
      expectError(await activate(user, lease._id), status);
      expectError(await call(user, 'POST', `/api/leases/${lease._id}/terminate`, { reason: 'x' }), status);
      expectError(
        await call(user, 'POST', `/api/leases/${lease._id}/renew`, { endDate: '2030-01-01' }),
        status,
      );
      expect(await readLease(s.co.admin, lease._id)).toEqual(before);
    }

    it('admin: every action on every lease', async () => {
      const lease = await createLease(s.co.admin, foreign._id, s.tenantId);
      expectStatus(await call(s.co.admin, 'PUT', `/api/leases/${lease._id}`, { rentDueDay: 3, __v: 0 }), 200);
      expectStatus(await activate(s.co.admin, lease._id), 200);
      expectStatus(
        await call(s.co.admin, 'POST', `/api/leases/${lease._id}/renew`, { endDate: '2027-12-31' }),
        201,
      );
      expectStatus(
        await call(s.co.admin, 'POST', `/api/leases/${lease._id}/terminate`, { reason: 'x' }),
        200,
      );
      expect(expectStatus(await call(s.co.admin, 'GET', '/api/leases/ending'), 200).status).toBe('success');
    });

    it('agent: reads all, writes only on the properties it manages', async () => {
      const ids = expectStatus(await call(s.co.agent, 'GET', '/api/leases'), 200).data.map(
        (l: Lease) => l._id,
      );
      expect(ids).toEqual(expect.arrayContaining([mineLease._id, foreignLease._id]));
      expect((await readLease(s.co.agent, foreignLease._id))._id).toBe(foreignLease._id);
      const response = await call(s.co.agent, 'POST', '/api/leases', draftBody(foreign._id, s.tenantId));
      expectError(
        response,
        403,
        'Only the agent who manages this property, or an admin, can change its leases.',
      );
      await expectNoWrites(s.co.agent, foreignLease, 403);
      // Moving its own draft onto someone else's property is refused too.
      const own = await createLease(s.co.agent, s.property._id, s.tenantId);
      expectError(
        await call(s.co.agent, 'PUT', `/api/leases/${own._id}`, { propertyId: foreign._id, __v: 0 }),
        403,
      );
      expectStatus(await call(s.co.agent, 'PUT', `/api/leases/${own._id}`, { rentDueDay: 9, __v: 0 }), 200);
      expectStatus(await activate(s.co.agent, own._id), 200);
      expectStatus(
        await call(s.co.agent, 'POST', `/api/leases/${own._id}/renew`, { endDate: '2027-12-31' }),
        201,
      );
      expectStatus(await call(s.co.agent, 'POST', `/api/leases/${own._id}/terminate`, { reason: 'x' }), 200);
    });

    it('accountant: reads all, every write 403', async () => {
      const ids = expectStatus(await call(s.co.accountant, 'GET', '/api/leases'), 200).data.map(
        (l: Lease) => l._id,
      );
      expect(ids).toEqual(expect.arrayContaining([mineLease._id, foreignLease._id]));
      expectStatus(await call(s.co.accountant, 'GET', '/api/leases/ending'), 200);
      expectError(
        await call(s.co.accountant, 'POST', '/api/leases', draftBody(s.property._id, s.tenantId)),
        403,
      );
      await expectNoWrites(s.co.accountant, mineLease, 403);
    });

    it('owner: reads leases on own properties only; others 404; writes refused', async () => {
      const body = expectStatus(await call(s.co.owner, 'GET', '/api/leases'), 200);
      const ids = body.data.map((l: Lease) => l._id);
      expect(ids).toContain(mineLease._id);
      expect(ids).not.toContain(foreignLease._id);
      // The total is counted by the database, over the owner's leases only.
      expect(body.meta.total).toBe(ids.length);
      expect((await readLease(s.co.owner, mineLease._id))._id).toBe(mineLease._id);
      expectError(await call(s.co.owner, 'GET', `/api/leases/${foreignLease._id}`), 404, 'Lease not found');
      expectError(await call(s.co.owner, 'POST', '/api/leases', draftBody(s.property._id, s.tenantId)), 403);
      await expectNoWrites(s.co.owner, mineLease, 403);
      await expectNoWrites(s.co.owner, foreignLease, 404);
    });

    it('other: 403 on every endpoint', async () => {
      expectError(await call(s.co.other, 'GET', '/api/leases'), 403);
      expectError(await call(s.co.other, 'GET', '/api/leases/ending'), 403);
      expectError(await call(s.co.other, 'GET', `/api/leases/${mineLease._id}`), 403);
      expectError(await call(s.co.other, 'POST', '/api/leases', draftBody(s.property._id, s.tenantId)), 403);
      await expectNoWrites(s.co.other, mineLease, 403);
    });

    it('no session: 401', async () => {
      expectError(await call(null, 'GET', '/api/leases'), 401);
      expectError(await call(null, 'GET', '/api/leases/ending'), 401);
      expectError(await call(null, 'POST', `/api/leases/${mineLease._id}/activate`), 401);
    });
  });

  describe('tenant isolation', () => {
    let a: Awaited<ReturnType<typeof setup>>;
    let b: Awaited<ReturnType<typeof setup>>;
    let bLease: Lease;
    beforeAll(async () => {
      [a, b] = await Promise.all([setup(), setup()]);
      bLease = await createLease(b.co.admin, b.property._id, b.tenantId);
    });

    it("company B's lease is 404 for every role of A, for every action; nothing changes", async () => {
      const before = await readLease(b.co.admin, bLease._id);
      for (const user of [a.co.admin, a.co.agent, a.co.owner, a.co.accountant]) {
        expectError(await call(user, 'GET', `/api/leases/${bLease._id}`), 404);
        const listed = expectStatus(await call(user, 'GET', '/api/leases'), 200).data.map(
          (l: Lease) => l._id,
        );
        expect(listed).not.toContain(bLease._id);
      }
      expectError(await call(a.co.admin, 'PUT', `/api/leases/${bLease._id}`, { rentAmount: 1, __v: 0 }), 404);
      expectError(await activate(a.co.admin, bLease._id), 404);
      expectError(
        await call(a.co.admin, 'POST', `/api/leases/${bLease._id}/terminate`, { reason: 'x' }),
        404,
      );
      expectError(
        await call(a.co.admin, 'POST', `/api/leases/${bLease._id}/renew`, { endDate: '2030-01-01' }),
        404,
      );
      expect(await readLease(b.co.admin, bLease._id)).toEqual(before);
      expect(await auditActions(bLease._id)).toEqual(['lease.created']);
      expect((await readProperty(b.co.admin, b.property._id)).status).toBe('available');
    });

    it("company B's property or tenant in a new lease: 422, nothing created", async () => {
      const before = expectStatus(await call(a.co.admin, 'GET', '/api/leases'), 200).meta.total;
      expectError(
        await call(a.co.admin, 'POST', '/api/leases', draftBody(b.property._id, a.tenantId)),
        422,
        undefined,
        'INVALID_PROPERTY',
      );
      expectError(
        await call(a.co.admin, 'POST', '/api/leases', draftBody(a.property._id, b.tenantId)),
        422,
        undefined,
        'INVALID_TENANT',
      );
      const own = await createLease(a.co.admin, a.property._id, a.tenantId);
      expectError(
        await call(a.co.admin, 'PUT', `/api/leases/${own._id}`, { tenantId: b.tenantId, __v: 0 }),
        422,
      );
      expectError(
        await call(a.co.admin, 'PUT', `/api/leases/${own._id}`, { propertyId: b.property._id, __v: 0 }),
        422,
      );
      expect(expectStatus(await call(a.co.admin, 'GET', '/api/leases'), 200).meta.total).toBe(before + 1);
      expect(await readLease(a.co.admin, own._id)).toMatchObject({ __v: 0, tenantId: a.tenantId });
      const bCount = await t.database.db
        .select()
        .from(leases)
        .where(and(eq(leases.companyId, b.co.companyId)));
      expect(bCount).toHaveLength(1);
    });
  });

  describe('lifecycle rules', () => {
    let s: Awaited<ReturnType<typeof setup>>;
    beforeAll(async () => {
      s = await setup();
    });

    it('illegal transitions: 422 ILLEGAL_TRANSITION with a message', async () => {
      const property = await createProperty(s.co.admin);
      const lease = await createLease(s.co.admin, property._id, s.tenantId);
      expectError(
        await call(s.co.admin, 'POST', `/api/leases/${lease._id}/terminate`, { reason: 'x' }),
        422,
        'A draft lease cannot be terminated.',
        'ILLEGAL_TRANSITION',
      );
      expectError(
        await call(s.co.admin, 'POST', `/api/leases/${lease._id}/renew`, { endDate: '2030-01-01' }),
        422,
        'A draft lease cannot be renewed.',
        'ILLEGAL_TRANSITION',
      );
      expectStatus(await activate(s.co.admin, lease._id), 200);
      expectError(
        await activate(s.co.admin, lease._id),
        422,
        'An active lease cannot be activated.',
        'ILLEGAL_TRANSITION',
      );
      expectStatus(
        await call(s.co.admin, 'POST', `/api/leases/${lease._id}/terminate`, { reason: 'x' }),
        200,
      );
      expectError(
        await activate(s.co.admin, lease._id),
        422,
        'A terminated lease cannot be activated.',
        'ILLEGAL_TRANSITION',
      );
      expectError(
        await call(s.co.admin, 'POST', `/api/leases/${lease._id}/terminate`, { reason: 'x' }),
        422,
        'A terminated lease cannot be terminated.',
      );
      expectError(
        await call(s.co.admin, 'PUT', `/api/leases/${lease._id}`, { rentAmount: 5, __v: 2 }),
        422,
        'A terminated lease cannot be edited.',
      );
    });

    it('one active lease per property: a second activation 409 PROPERTY_ALREADY_LET', async () => {
      const property = await createProperty(s.co.admin);
      const first = await createLease(s.co.admin, property._id, s.tenantId);
      const second = await createLease(s.co.admin, property._id, s.tenantId);
      expectStatus(await activate(s.co.admin, first._id), 200);
      expectError(
        await activate(s.co.admin, second._id),
        409,
        'This property already has an active lease.',
        'PROPERTY_ALREADY_LET',
      );
      expect((await readLease(s.co.admin, second._id)).status).toBe('draft');
    });

    it('20 concurrent activations on one property: exactly one wins', async () => {
      const property = await createProperty(s.co.admin);
      const drafts = await Promise.all(
        Array.from({ length: 20 }, () => createLease(s.co.admin, property._id, s.tenantId)),
      );
      const responses = await Promise.all(drafts.map((lease) => activate(s.co.admin, lease._id)));
      const codes = responses.map((response) => response.statusCode);
      expect(codes.filter((code) => code === 200)).toHaveLength(1);
      expect(codes.filter((code) => code === 409)).toHaveLength(19);
      for (const response of responses.filter((r) => r.statusCode === 409)) {
        expect(response.json().code).toBe('PROPERTY_ALREADY_LET');
      }
      const active = expectStatus(
        await call(s.co.admin, 'GET', `/api/leases?propertyId=${property._id}&status=active`),
        200,
      );
      expect(active.meta.total).toBe(1);
      expect((await readProperty(s.co.admin, property._id)).status).toBe('occupied');
    });

    it('property status: activation lets it, termination frees it, maintenance is kept', async () => {
      const property = await createProperty(s.co.admin);
      const lease = await createLease(s.co.admin, property._id, s.tenantId);
      expect((await readProperty(s.co.admin, property._id)).status).toBe('available');
      expectStatus(await activate(s.co.admin, lease._id), 200);
      expect((await readProperty(s.co.admin, property._id)).status).toBe('occupied');
      expectStatus(
        await call(s.co.admin, 'POST', `/api/leases/${lease._id}/terminate`, { reason: 'Left' }),
        200,
      );
      expect((await readProperty(s.co.admin, property._id)).status).toBe('available');
      expect(await auditActions(property._id)).toEqual([
        'property.created',
        'property.status_changed',
        'property.status_changed',
      ]);

      const repairs = await createProperty(s.co.admin);
      const other = await createLease(s.co.admin, repairs._id, s.tenantId);
      expectStatus(await activate(s.co.admin, other._id), 200);
      expectStatus(
        await call(s.co.admin, 'PUT', `/api/properties/${repairs._id}`, { status: 'under_maintenance' }),
        200,
      );
      expectStatus(
        await call(s.co.admin, 'POST', `/api/leases/${other._id}/terminate`, { reason: 'Fire' }),
        200,
      );
      expect((await readProperty(s.co.admin, repairs._id)).status).toBe('under_maintenance');
    });

    it('renewal chain: renew, terminate the old → the renewal is active; renew twice → 409', async () => {
      const property = await createProperty(s.co.admin);
      const old = await createLease(s.co.admin, property._id, s.tenantId, { rentAmount: 100001 });
      expectStatus(await activate(s.co.admin, old._id), 200);
      const renewal = Lease.parse(
        expectStatus(
          await call(s.co.admin, 'POST', `/api/leases/${old._id}/renew`, {
            endDate: '2027-12-31',
            escalationBp: 250,
          }),
          201,
        ).data,
      );
      // 100001 × 1.025 = 102501.025 → 102501 (half-up in integers).
      expect(renewal).toMatchObject({ rentAmount: 102501, startDate: '2027-01-01', renewedFromId: old._id });
      expectError(
        await call(s.co.admin, 'POST', `/api/leases/${old._id}/renew`, { endDate: '2028-12-31' }),
        409,
        'This lease has already been renewed.',
        'LEASE_ALREADY_RENEWED',
      );
      const given = await call(s.co.admin, 'POST', `/api/leases/${renewal._id}/renew`, {
        endDate: '2029-01-01',
      });
      expectError(given, 422, 'A draft lease cannot be renewed.');
      expectStatus(
        await call(s.co.admin, 'POST', `/api/leases/${old._id}/terminate`, { reason: 'Early' }),
        200,
      );
      expect((await readLease(s.co.admin, renewal._id)).status).toBe('active');
      expect((await readProperty(s.co.admin, property._id)).status).toBe('occupied');
      expect(await auditActions(renewal._id)).toEqual(['lease.renewed', 'lease.activated']);
      // The renewal can itself be renewed with explicit start and rent.
      const next = expectStatus(
        await call(s.co.admin, 'POST', `/api/leases/${renewal._id}/renew`, {
          startDate: '2028-02-01',
          endDate: '2029-01-31',
          rentAmount: 110000,
        }),
        201,
      );
      expect(next.data).toMatchObject({ startDate: '2028-02-01', rentAmount: 110000, escalationBp: null });
    });
  });

  describe('expiry job and ending leases', () => {
    let s: Awaited<ReturnType<typeof setup>>;
    let other: Awaited<ReturnType<typeof setup>>;
    beforeAll(async () => {
      [s, other] = await Promise.all([setup(), setup()]);
    });

    it('expires ended leases, activates renewals, frees properties; a second run changes nothing', async () => {
      const today = todayIso();
      const plain = await createProperty(s.co.admin);
      const chained = await createProperty(s.co.admin);
      const current = await createProperty(s.co.admin);
      const bProperty = await createProperty(other.co.admin);
      const ended = await createLease(s.co.admin, plain._id, s.tenantId, {
        startDate: '2024-01-01',
        endDate: addDays(today, -1),
      });
      const oldOne = await createLease(s.co.admin, chained._id, s.tenantId, {
        startDate: '2024-01-01',
        endDate: addDays(today, -3),
      });
      const running = await createLease(s.co.admin, current._id, s.tenantId, {
        startDate: '2024-01-01',
        endDate: today,
      });
      const bEnded = await createLease(other.co.admin, bProperty._id, other.tenantId, {
        startDate: '2024-01-01',
        endDate: '2025-01-01',
      });
      for (const [user, lease] of [
        [s.co.admin, ended],
        [s.co.admin, oldOne],
        [s.co.admin, running],
        [other.co.admin, bEnded],
      ] as const) {
        expectStatus(await activate(user, lease._id), 200);
      }
      const renewal = expectStatus(
        await call(s.co.admin, 'POST', `/api/leases/${oldOne._id}/renew`, { endDate: addDays(today, 300) }),
        201,
      ).data as Lease;

      const first = await expireLeases(t.database.db, today);
      expect(first.expired).toBeGreaterThanOrEqual(3);
      expect(first.renewed).toBeGreaterThanOrEqual(1);
      const snapshot = async () => ({
        ended: await readLease(s.co.admin, ended._id),
        oldOne: await readLease(s.co.admin, oldOne._id),
        renewal: await readLease(s.co.admin, renewal._id),
        running: await readLease(s.co.admin, running._id),
        bEnded: await readLease(other.co.admin, bEnded._id),
        plain: (await readProperty(s.co.admin, plain._id)).status,
        chained: (await readProperty(s.co.admin, chained._id)).status,
        current: (await readProperty(s.co.admin, current._id)).status,
        bProperty: (await readProperty(other.co.admin, bProperty._id)).status,
      });
      const after = await snapshot();
      expect(after).toMatchObject({
        ended: { status: 'expired' },
        oldOne: { status: 'expired' },
        renewal: { status: 'active' },
        running: { status: 'active' },
        bEnded: { status: 'expired' },
        plain: 'available',
        chained: 'occupied',
        current: 'occupied',
        bProperty: 'available',
      });
      const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, ended._id));
      const expiredEntry = audits.find((entry) => entry.action === 'lease.expired');
      expect(expiredEntry).toMatchObject({ actorId: null, companyId: s.co.companyId });
      const bAudit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, bEnded._id));
      expect(bAudit.find((entry) => entry.action === 'lease.expired')?.companyId).toBe(other.co.companyId);

      expect(await expireLeases(t.database.db, today)).toEqual({ expired: 0, renewed: 0 });
      expect(await snapshot()).toEqual(after);
      expect(await auditActions(ended._id)).toEqual(['lease.created', 'lease.activated', 'lease.expired']);
    });

    it('concurrent runs expire each lease once', async () => {
      const today = todayIso();
      const property = await createProperty(s.co.admin);
      const lease = await createLease(s.co.admin, property._id, s.tenantId, {
        startDate: '2024-01-01',
        endDate: '2024-12-31',
      });
      expectStatus(await activate(s.co.admin, lease._id), 200);
      await Promise.all([expireLeases(t.database.db, today), expireLeases(t.database.db, today)]);
      expect(await auditActions(lease._id)).toEqual(['lease.created', 'lease.activated', 'lease.expired']);
    });

    it('GET /api/leases/ending?days=N: agent and owner theirs, admin and accountant all', async () => {
      const today = todayIso();
      // A company of its own: the leases above end today and would be listed too.
      s = await setup();
      const secondAgent = await addMember(t.app, s.co.admin, 'agent', 'Other Agent');
      const mine = await createProperty(s.co.admin, { ownerId: s.ownerId, agentId: s.co.agent.user._id });
      const theirs = await createProperty(s.co.admin, { agentId: secondAgent.user._id });
      const far = await createProperty(s.co.admin, { agentId: s.co.agent.user._id });
      const soon = await createLease(s.co.admin, mine._id, s.tenantId, {
        startDate: '2024-01-01',
        endDate: addDays(today, 10),
      });
      const soonTheirs = await createLease(s.co.admin, theirs._id, s.tenantId, {
        startDate: '2024-01-01',
        endDate: addDays(today, 20),
      });
      const later = await createLease(s.co.admin, far._id, s.tenantId, {
        startDate: '2024-01-01',
        endDate: addDays(today, 90),
      });
      for (const lease of [soon, soonTheirs, later]) expectStatus(await activate(s.co.admin, lease._id), 200);
      const draftSoon = await createLease(s.co.admin, mine._id, s.tenantId, {
        startDate: '2024-01-01',
        endDate: addDays(today, 5),
      });
      const ending = async (user: SignedIn, days?: number) =>
        (
          expectStatus(await call(user, 'GET', `/api/leases/ending${days ? `?days=${days}` : ''}`), 200)
            .data as Lease[]
        ).map((lease) => lease._id);
      expect(await ending(s.co.admin)).toEqual([soon._id, soonTheirs._id]);
      expect(await ending(s.co.accountant, 30)).toEqual([soon._id, soonTheirs._id]);
      expect(await ending(s.co.agent, 30)).toEqual([soon._id]);
      expect(await ending(secondAgent, 30)).toEqual([soonTheirs._id]);
      expect(await ending(s.co.owner, 30)).toEqual([soon._id]);
      expect(await ending(s.co.admin, 100)).toEqual([soon._id, soonTheirs._id, later._id]);
      expect(await ending(other.co.admin, 100)).not.toContain(soon._id);
      expect(await ending(s.co.admin, 100)).not.toContain(draftSoon._id);
      expectError(await call(s.co.admin, 'GET', '/api/leases/ending?days=0'), 400);
    });
  });
});
