import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Tenant } from '@lintel/contracts';
import { auditLog, leases } from '../../db/schema/index.ts';
import { systemTransact } from '../../db/scope.ts';
import {
  addMember,
  createCompanyWithRoles,
  createOwnerRecord,
  createTestApp,
  expectError,
  expectStatus,
  injectAs,
  type RequestAs,
  type SignedIn,
  type TestApp,
} from '../../test/harness.ts';

type Company = Awaited<ReturnType<typeof createCompanyWithRoles>>;

const NOT_FOUND = { status: 'error', code: 'NOT_FOUND', message: 'Tenant not found' };
const FORBIDDEN = { status: 'error', code: 'FORBIDDEN' };
const HAS_LEASES = {
  status: 'error',
  code: 'TENANT_HAS_LEASES',
  message: 'This tenant has leases, so they cannot be deleted. Archive them instead.',
};

describe('tenants API', () => {
  let t: TestApp;
  let a: Company;
  let b: Company;
  /** A second agent of company A, who manages none of the fixture properties. */
  let otherAgent: SignedIn;
  /** Managed by a.agent, owned by the owner record bound to a.owner. */
  let ownedProperty: string;
  /** Managed by nobody, owned by nobody. */
  let plainProperty: string;

  const call = (...request: RequestAs) => injectAs(t.app, ...request);

  const sample = (overrides: Record<string, unknown> = {}) => {
    const tag = randomUUID().slice(0, 8);
    return {
      name: `Tina ${tag}`,
      email: `tina-${tag}@example.com`,
      phone: `+263 71 ${tag}`,
      idNumber: `ID-${tag}`,
      notes: 'Works nights',
      ...overrides,
    };
  };

  async function create(user: SignedIn, overrides: Record<string, unknown> = {}): Promise<Tenant> {
    const body = expectStatus(await call(user, 'POST', '/api/tenants', sample(overrides)), 201);
    return Tenant.parse(body.data);
  }

  async function read(user: SignedIn, id: string): Promise<Tenant> {
    return Tenant.parse(expectStatus(await call(user, 'GET', `/api/tenants/${id}`), 200).data);
  }

  async function listIds(user: SignedIn, query = ''): Promise<string[]> {
    const body = expectStatus(await call(user, 'GET', `/api/tenants?pageSize=100${query}`), 200);
    return (body.data as Tenant[]).map((tenant) => tenant._id);
  }

  async function addLease(companyId: string, propertyId: string, tenantId: string) {
    await systemTransact(t.database.db, (tx) =>
      tx.insert(leases).values({
        companyId,
        propertyId,
        tenantId,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        rentCents: 50000,
        currency: 'USD',
      }),
    );
  }

  async function createProperty(user: SignedIn, ownerId?: string) {
    const body = expectStatus(
      await call(user, 'POST', '/api/properties', {
        name: 'Flat',
        address: '2 Road',
        type: 'apartment',
        ownerId,
      }),
      201,
    );
    return body.data._id as string;
  }

  beforeAll(async () => {
    t = await createTestApp();
    [a, b] = await Promise.all([createCompanyWithRoles(t.app), createCompanyWithRoles(t.app)]);
    otherAgent = await addMember(t.app, a.admin, 'agent', 'Second Agent');
    const ownerRecord = await createOwnerRecord(t.database, a.companyId, { userId: a.owner.user._id });
    ownedProperty = await createProperty(a.agent, ownerRecord);
    plainProperty = await createProperty(a.admin);
  });
  afterAll(() => t.close());

  describe('POST /api/tenants', () => {
    it.each(['admin', 'agent'] as const)('lets the %s add a tenant, audited', async (role) => {
      const input = sample();
      const body = expectStatus(await call(a[role], 'POST', '/api/tenants', input), 201);
      const tenant = Tenant.strict().parse(body.data);
      expect(tenant).toMatchObject({ ...input, archivedAt: null, hasLeases: false, canEdit: true, __v: 0 });
      const audit = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, tenant._id), eq(auditLog.action, 'tenant.created')));
      expect(audit).toHaveLength(1);
    });

    it('needs only a full name', async () => {
      const tenant = await create(a.admin, { email: '', phone: undefined, idNumber: null, notes: '' });
      expect(tenant).toMatchObject({ email: null, phone: null, idNumber: null, notes: null });
      // Several tenants without email or ID number are fine.
      await create(a.admin, { email: null, idNumber: null });
    });

    it('refuses a missing name or a bad email with 400', async () => {
      expectError(await call(a.admin, 'POST', '/api/tenants', sample({ name: '' })), 400, 'VALIDATION');
      expectError(
        await call(a.admin, 'POST', '/api/tenants', sample({ name: undefined })),
        400,
        'VALIDATION',
      );
      expectError(await call(a.admin, 'POST', '/api/tenants', sample({ email: 'nope' })), 400, 'VALIDATION');
    });

    it('refuses a duplicate email (any case) or ID number with 409 TENANT_DUPLICATE naming which', async () => {
      const first = await create(a.admin);
      const byEmail = expectError(
        await call(a.agent, 'POST', '/api/tenants', sample({ email: first.email!.toUpperCase() })),
        409,
        'TENANT_DUPLICATE',
      );
      expect(byEmail.message).toBe('Another tenant already has this email address.');
      const byId = expectError(
        await call(a.admin, 'POST', '/api/tenants', sample({ idNumber: first.idNumber })),
        409,
        'TENANT_DUPLICATE',
      );
      expect(byId.message).toBe('Another tenant already has this ID number.');
      // Another company may rent to the same person.
      await create(b.admin, { email: first.email, idNumber: first.idNumber });
    });

    it.each(['owner', 'accountant', 'other'] as const)('refuses the %s with 403', async (role) => {
      expect(expectStatus(await call(a[role], 'POST', '/api/tenants', sample()), 403)).toMatchObject(
        FORBIDDEN,
      );
    });

    it('answers 401 without a session', async () => {
      expectError(await call(null, 'POST', '/api/tenants', sample()), 401);
      expectError(await call(null, 'GET', '/api/tenants'), 401);
    });
  });

  describe('GET /api/tenants', () => {
    const tag = randomUUID().slice(0, 6);
    let zed: Tenant;
    let amy: Tenant;
    let archived: Tenant;

    beforeAll(async () => {
      zed = await create(a.admin, { name: `Zed ${tag}`, phone: `+1 555 ${tag}` });
      amy = await create(a.admin, { name: `amy ${tag}`, idNumber: `NAT-${tag}` });
      archived = await create(a.admin, { name: `Arch ${tag}` });
      expectStatus(await call(a.admin, 'PUT', `/api/tenants/${archived._id}`, { archived: true }), 200);
    });

    it.each(['admin', 'agent', 'accountant'] as const)(
      'lets the %s list unarchived tenants by name',
      async (role) => {
        const body = expectStatus(await call(a[role], 'GET', `/api/tenants?q=${tag}`), 200);
        expect(body.meta).toEqual({ page: 1, pageSize: 25, total: 2 });
        expect((body.data as Tenant[]).map((x) => x._id)).toEqual([amy._id, zed._id]);
      },
    );

    it('lists archived tenants with archived=true', async () => {
      expect(await listIds(a.admin, `&q=${tag}&archived=true`)).toEqual([archived._id]);
      expect(await listIds(a.admin, `&q=${tag}&archived=false`)).toEqual([amy._id, zed._id]);
    });

    it('searches name, email, phone and ID number', async () => {
      expect(await listIds(a.admin, `&q=NAT-${tag}`)).toEqual([amy._id]);
      expect(await listIds(a.admin, `&q=555 ${tag}`)).toEqual([zed._id]);
      expect(await listIds(a.admin, `&q=${encodeURIComponent(zed.email!)}`)).toEqual([zed._id]);
      expect(await listIds(a.admin, '&q=%25%25')).toEqual([]);
    });

    it('paginates and sorts', async () => {
      const first = expectStatus(
        await call(a.admin, 'GET', `/api/tenants?q=${tag}&pageSize=1&sort=-name`),
        200,
      );
      expect(first.meta).toEqual({ page: 1, pageSize: 1, total: 2 });
      expect(first.data[0]._id).toBe(zed._id);
      const second = expectStatus(
        await call(a.admin, 'GET', `/api/tenants?q=${tag}&pageSize=1&page=2&sort=-name`),
        200,
      );
      expect(second.data[0]._id).toBe(amy._id);
      expectError(await call(a.admin, 'GET', '/api/tenants?sort=idNumber'), 400, 'VALIDATION');
      expectError(await call(a.admin, 'GET', '/api/tenants?pageSize=101'), 400, 'VALIDATION');
    });

    it('shows an owner only the tenants leasing their properties', async () => {
      const leasing = await create(a.admin);
      const elsewhere = await create(a.admin);
      await addLease(a.companyId, ownedProperty, leasing._id);
      await addLease(a.companyId, plainProperty, elsewhere._id);
      expect(await listIds(a.owner)).toEqual([leasing._id]);
      expect(await read(a.owner, leasing._id)).toEqual({
        ...(await read(a.admin, leasing._id)),
        canEdit: false,
      });
      expect(expectStatus(await call(a.owner, 'GET', `/api/tenants/${elsewhere._id}`), 404)).toMatchObject(
        NOT_FOUND,
      );
      expect(expectStatus(await call(a.owner, 'GET', `/api/tenants/${zed._id}`), 404)).toMatchObject(
        NOT_FOUND,
      );
    });

    it('refuses the other role with 403', async () => {
      expect(expectStatus(await call(a.other, 'GET', '/api/tenants'), 403)).toMatchObject(FORBIDDEN);
      expect(expectStatus(await call(a.other, 'GET', `/api/tenants/${zed._id}`), 403)).toMatchObject(
        FORBIDDEN,
      );
    });
  });

  describe('GET /api/tenants/:id', () => {
    it.each(['admin', 'agent', 'accountant'] as const)('lets the %s read any tenant', async (role) => {
      const tenant = await create(a.admin);
      expect(await read(a[role], tenant._id)).toEqual({ ...tenant, canEdit: role !== 'accountant' });
    });

    it('answers 404 for unknown ids and non-UUIDs', async () => {
      expect(expectStatus(await call(a.admin, 'GET', `/api/tenants/${randomUUID()}`), 404)).toMatchObject(
        NOT_FOUND,
      );
      expect(expectStatus(await call(a.admin, 'GET', '/api/tenants/abc'), 404)).toMatchObject(NOT_FOUND);
    });
  });

  describe('PUT /api/tenants/:id', () => {
    it('updates fields, bumps __v and audits before and after', async () => {
      const tenant = await create(a.agent);
      const body = expectStatus(
        await call(a.admin, 'PUT', `/api/tenants/${tenant._id}`, { name: 'New Name', phone: null, __v: 0 }),
        200,
      );
      expect(Tenant.parse(body.data)).toMatchObject({
        name: 'New Name',
        phone: null,
        email: tenant.email,
        __v: 1,
      });
      const [audit] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, tenant._id), eq(auditLog.action, 'tenant.updated')));
      expect(audit!.before).toMatchObject({ name: tenant.name });
      expect(audit!.after).toMatchObject({ name: 'New Name' });
    });

    it('archives and restores', async () => {
      const tenant = await create(a.admin);
      const archived = Tenant.parse(
        expectStatus(
          await call(a.agent, 'PUT', `/api/tenants/${tenant._id}`, { archived: true, __v: 0 }),
          200,
        ).data,
      );
      expect(archived.archivedAt).toEqual(expect.any(String));
      expect(await listIds(a.admin)).not.toContain(tenant._id);
      expect(await listIds(a.admin, '&archived=true')).toContain(tenant._id);
      const restored = Tenant.parse(
        expectStatus(await call(a.agent, 'PUT', `/api/tenants/${tenant._id}`, { archived: false }), 200).data,
      );
      expect(restored.archivedAt).toBeNull();
      const actions = await t.database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.entityId, tenant._id));
      expect(actions.map((row) => row.action).sort()).toEqual([
        'tenant.archived',
        'tenant.created',
        'tenant.restored',
      ]);
    });

    it('refuses a stale __v with 409 and changes nothing', async () => {
      const tenant = await create(a.admin);
      expectStatus(await call(a.admin, 'PUT', `/api/tenants/${tenant._id}`, { name: 'One', __v: 0 }), 200);
      expectError(
        await call(a.admin, 'PUT', `/api/tenants/${tenant._id}`, { name: 'Two', __v: 0 }),
        409,
        'STALE_VERSION',
      );
      expect((await read(a.admin, tenant._id)).name).toBe('One');
    });

    it("refuses taking another tenant's email or ID number with 409 and changes nothing", async () => {
      const first = await create(a.admin);
      const second = await create(a.admin);
      const byEmail = expectError(
        await call(a.admin, 'PUT', `/api/tenants/${second._id}`, { email: first.email }),
        409,
        'TENANT_DUPLICATE',
      );
      expect(byEmail.message).toMatch(/email/);
      const byId = expectError(
        await call(a.admin, 'PUT', `/api/tenants/${second._id}`, { idNumber: first.idNumber }),
        409,
        'TENANT_DUPLICATE',
      );
      expect(byId.message).toMatch(/ID number/);
      expect(await read(a.admin, second._id)).toEqual(second);
    });

    it('refuses bad input with 400', async () => {
      const tenant = await create(a.admin);
      expectError(await call(a.admin, 'PUT', `/api/tenants/${tenant._id}`, { name: '' }), 400, 'VALIDATION');
      expectError(
        await call(a.admin, 'PUT', `/api/tenants/${tenant._id}`, { archived: 'yes' }),
        400,
        'VALIDATION',
      );
    });

    it('lets an agent change a tenant without leases or leasing a property they manage, not others', async () => {
      const free = await create(a.admin);
      const theirs = await create(a.admin);
      const notTheirs = await create(a.admin);
      await addLease(a.companyId, ownedProperty, theirs._id);
      await addLease(a.companyId, plainProperty, notTheirs._id);
      // The reply tells each user what they may change, so the web can hide the rest.
      expect(await read(a.agent, free._id)).toMatchObject({ hasLeases: false, canEdit: true });
      expect(await read(a.agent, theirs._id)).toMatchObject({ hasLeases: true, canEdit: true });
      expect(await read(a.agent, notTheirs._id)).toMatchObject({ hasLeases: true, canEdit: false });
      expect(await read(otherAgent, theirs._id)).toMatchObject({ canEdit: false });
      expect(await read(a.admin, notTheirs._id)).toMatchObject({ canEdit: true });
      const listed = expectStatus(
        await call(a.agent, 'GET', `/api/tenants?q=${encodeURIComponent(notTheirs.name)}`),
        200,
      );
      expect(listed.data[0]).toMatchObject({ _id: notTheirs._id, hasLeases: true, canEdit: false });
      expectStatus(await call(a.agent, 'PUT', `/api/tenants/${free._id}`, { notes: 'ok' }), 200);
      expectStatus(await call(a.agent, 'PUT', `/api/tenants/${theirs._id}`, { notes: 'ok' }), 200);
      expect(
        expectStatus(await call(a.agent, 'PUT', `/api/tenants/${notTheirs._id}`, { archived: true }), 403),
      ).toMatchObject(FORBIDDEN);
      expectStatus(await call(otherAgent, 'PUT', `/api/tenants/${theirs._id}`, { notes: 'no' }), 403);
      expect((await read(a.admin, theirs._id)).notes).toBe('ok');
      expect((await read(a.admin, notTheirs._id)).archivedAt).toBeNull();
      // An admin changes any tenant.
      expectStatus(await call(a.admin, 'PUT', `/api/tenants/${notTheirs._id}`, { archived: true }), 200);
    });

    it.each(['owner', 'accountant', 'other'] as const)('refuses the %s with 403', async (role) => {
      const tenant = await create(a.admin);
      await addLease(a.companyId, ownedProperty, tenant._id);
      expectStatus(await call(a[role], 'PUT', `/api/tenants/${tenant._id}`, { name: 'Nope' }), 403);
      expect((await read(a.admin, tenant._id)).name).toBe(tenant.name);
    });
  });

  describe('DELETE /api/tenants/:id', () => {
    it.each(['admin', 'agent'] as const)(
      'lets the %s delete a tenant without leases, audited',
      async (role) => {
        const tenant = await create(a.admin);
        expect(expectStatus(await call(a[role], 'DELETE', `/api/tenants/${tenant._id}`), 200).data).toEqual({
          _id: tenant._id,
        });
        expectStatus(await call(a.admin, 'GET', `/api/tenants/${tenant._id}`), 404);
        const audit = await t.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entityId, tenant._id), eq(auditLog.action, 'tenant.deleted')));
        expect(audit).toHaveLength(1);
      },
    );

    it('refuses deleting a tenant who has leases with 409 TENANT_HAS_LEASES', async () => {
      const tenant = await create(a.admin);
      await addLease(a.companyId, plainProperty, tenant._id);
      expect(expectStatus(await call(a.admin, 'DELETE', `/api/tenants/${tenant._id}`), 409)).toMatchObject(
        HAS_LEASES,
      );
      expect(expectStatus(await call(a.agent, 'DELETE', `/api/tenants/${tenant._id}`), 409)).toMatchObject(
        HAS_LEASES,
      );
      await read(a.admin, tenant._id);
    });

    it.each(['owner', 'accountant', 'other'] as const)('refuses the %s with 403', async (role) => {
      const tenant = await create(a.admin);
      expectStatus(await call(a[role], 'DELETE', `/api/tenants/${tenant._id}`), 403);
      await read(a.admin, tenant._id);
    });

    it('answers 404 for unknown ids', async () => {
      expect(expectStatus(await call(a.admin, 'DELETE', `/api/tenants/${randomUUID()}`), 404)).toMatchObject(
        NOT_FOUND,
      );
      expectStatus(await call(a.admin, 'DELETE', '/api/tenants/1'), 404);
    });
  });

  describe('company isolation', () => {
    it("answers 404 for another company's tenant on every call and changes nothing", async () => {
      const theirs = await create(b.admin);
      for (const user of [a.admin, a.agent, a.accountant, a.owner]) {
        expect(expectStatus(await call(user, 'GET', `/api/tenants/${theirs._id}`), 404)).toMatchObject(
          NOT_FOUND,
        );
      }
      expectStatus(await call(a.admin, 'PUT', `/api/tenants/${theirs._id}`, { name: 'Hijack', __v: 0 }), 404);
      expectStatus(await call(a.admin, 'PUT', `/api/tenants/${theirs._id}`, { archived: true }), 404);
      expectStatus(await call(a.agent, 'DELETE', `/api/tenants/${theirs._id}`), 404);
      expectStatus(await call(a.admin, 'DELETE', `/api/tenants/${theirs._id}`), 404);
      expect(await read(b.admin, theirs._id)).toEqual(theirs);
    });

    it("never lists another company's tenants, even when searched for", async () => {
      const theirs = await create(b.admin);
      expect(await listIds(a.admin, `&q=${encodeURIComponent(theirs.name)}`)).toEqual([]);
      expect(await listIds(a.admin, `&q=${encodeURIComponent(theirs.name)}&archived=true`)).toEqual([]);
      expect(await listIds(a.admin)).not.toContain(theirs._id);
      expect(await listIds(b.admin)).toContain(theirs._id);
    });
  });
});
