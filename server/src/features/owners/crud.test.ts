import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Owner } from '@lintel/contracts';
import { auditLog } from '../../db/schema/index.ts';
import {
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

const NOT_FOUND = { status: 'error', code: 'NOT_FOUND', message: 'Owner not found' };
const FORBIDDEN = { status: 'error', code: 'FORBIDDEN' };

describe('owners API: create, read, update, delete', () => {
  let t: TestApp;
  let a: Company;
  let b: Company;

  beforeAll(async () => {
    t = await createTestApp();
    [a, b] = await Promise.all([createCompanyWithRoles(t.app), createCompanyWithRoles(t.app)]);
  });
  afterAll(() => t.close());

  const call = (...request: RequestAs) => injectAs(t.app, ...request);

  const sample = (overrides: Record<string, unknown> = {}) => {
    const tag = randomUUID().slice(0, 8);
    return {
      name: `Owner ${tag}`,
      email: `owner-${tag}@example.com`,
      phone: '+263 77 123 4567',
      idNumber: `63-${tag}`,
      bankDetails: {
        bankName: 'CBZ',
        accountName: `Owner ${tag}`,
        accountNumber: '0123456789',
        branch: 'Avondale',
      },
      notes: 'Prefers email',
      ...overrides,
    };
  };

  async function create(user: SignedIn, overrides: Record<string, unknown> = {}): Promise<Owner> {
    const body = expectStatus(await call(user, 'POST', '/api/owners', sample(overrides)), 201);
    return Owner.parse(body.data);
  }

  async function read(user: SignedIn, id: string): Promise<Owner> {
    return Owner.parse(expectStatus(await call(user, 'GET', `/api/owners/${id}`), 200).data);
  }

  async function addProperty(user: SignedIn, ownerId: string) {
    expectStatus(
      await call(user, 'POST', '/api/properties', {
        name: 'Unit',
        address: '1 Road',
        type: 'house',
        ownerId,
      }),
      201,
    );
  }

  describe('POST /api/owners', () => {
    it('creates an owner with every field, and audits it', async () => {
      const input = sample();
      const body = expectStatus(await call(a.admin, 'POST', '/api/owners', input), 201);
      expect(body.status).toBe('success');
      const owner = Owner.strict().parse(body.data);
      expect(owner).toMatchObject({
        name: input.name,
        email: input.email,
        phone: input.phone,
        idNumber: input.idNumber,
        bankDetails: { ...input.bankDetails, branchCode: null },
        notes: input.notes,
        userId: null,
        propertyCount: 0,
        __v: 0,
      });
      const audit = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, owner._id), eq(auditLog.action, 'owner.created')));
      expect(audit).toHaveLength(1);
      expect(audit[0]!.actorId).toBe(a.admin.user._id);
    });

    it('needs only a name; empty optional fields are stored as nothing', async () => {
      const owner = await create(a.agent, {
        email: '',
        phone: '',
        idNumber: undefined,
        bankDetails: null,
        notes: '',
      });
      expect(owner).toMatchObject({
        email: null,
        phone: null,
        idNumber: null,
        bankDetails: null,
        notes: null,
      });
    });

    it('refuses a missing name, a bad email and incomplete bank details with 400', async () => {
      expectError(await call(a.admin, 'POST', '/api/owners', sample({ name: '  ' })), 400, 'VALIDATION');
      expectError(
        await call(a.admin, 'POST', '/api/owners', sample({ email: 'not-an-email' })),
        400,
        'VALIDATION',
      );
      expectError(
        await call(a.admin, 'POST', '/api/owners', sample({ bankDetails: { bankName: 'CBZ' } })),
        400,
        'VALIDATION',
      );
    });

    it('refuses a duplicate email (any case) or ID number within the company with 409', async () => {
      const first = await create(a.admin);
      const byEmail = expectError(
        await call(a.admin, 'POST', '/api/owners', sample({ email: first.email!.toUpperCase() })),
        409,
        'OWNER_DUPLICATE',
      );
      expect(byEmail.message).toMatch(/email/);
      const byId = expectError(
        await call(a.agent, 'POST', '/api/owners', sample({ idNumber: first.idNumber })),
        409,
        'OWNER_DUPLICATE',
      );
      expect(byId.message).toMatch(/ID/);
      // Another company may hold the same person.
      await create(b.admin, { email: first.email, idNumber: first.idNumber });
    });

    it.each(['owner', 'accountant', 'other'] as const)('refuses the %s with 403', async (role) => {
      expect(expectStatus(await call(a[role], 'POST', '/api/owners', sample()), 403)).toMatchObject(
        FORBIDDEN,
      );
    });

    it('answers 401 without a session', async () => {
      expectError(await call(null, 'POST', '/api/owners', sample()), 401);
    });
  });

  describe('GET /api/owners/:id', () => {
    it.each(['admin', 'agent', 'accountant'] as const)('lets the %s read any owner record', async (role) => {
      const owner = await create(a.admin);
      expect(await read(a[role], owner._id)).toEqual(owner);
    });

    it('lets an owner user read only the record bound to them', async () => {
      const ownId = await createOwnerRecord(t.database, a.companyId, {
        name: 'Bound',
        userId: a.owner.user._id,
      });
      const own = await read(a.owner, ownId);
      expect(own).toMatchObject({ _id: ownId, userId: a.owner.user._id });
      const other = await create(a.admin);
      expect(expectStatus(await call(a.owner, 'GET', `/api/owners/${other._id}`), 404)).toMatchObject(
        NOT_FOUND,
      );
    });

    it('refuses the other role with 403', async () => {
      const owner = await create(a.admin);
      expect(expectStatus(await call(a.other, 'GET', `/api/owners/${owner._id}`), 403)).toMatchObject(
        FORBIDDEN,
      );
    });

    it('counts the properties that name the owner', async () => {
      const owner = await create(a.admin);
      await addProperty(a.admin, owner._id);
      await addProperty(a.agent, owner._id);
      expect((await read(a.accountant, owner._id)).propertyCount).toBe(2);
    });

    it('answers 404 for unknown ids, non-UUIDs and a bound user id', async () => {
      expect(expectStatus(await call(a.admin, 'GET', `/api/owners/${randomUUID()}`), 404)).toMatchObject(
        NOT_FOUND,
      );
      expect(expectStatus(await call(a.admin, 'GET', '/api/owners/not-a-uuid'), 404)).toMatchObject(
        NOT_FOUND,
      );
      await createOwnerRecord(t.database, a.companyId, { userId: a.agent.user._id });
      expectStatus(await call(a.admin, 'GET', `/api/owners/${a.agent.user._id}`), 404);
    });
  });

  describe('PUT /api/owners/:id', () => {
    it.each(['admin', 'agent'] as const)(
      'lets the %s update an owner, bumping __v and auditing',
      async (role) => {
        const owner = await create(a.admin);
        const body = expectStatus(
          await call(a[role], 'PUT', `/api/owners/${owner._id}`, {
            name: 'Renamed',
            phone: null,
            bankDetails: {
              bankName: 'FBC',
              accountName: 'Renamed',
              accountNumber: '999',
              branchCode: '4455',
            },
            __v: owner.__v,
          }),
          200,
        );
        const updated = Owner.parse(body.data);
        expect(updated).toMatchObject({
          name: 'Renamed',
          phone: null,
          email: owner.email,
          bankDetails: { bankName: 'FBC', accountNumber: '999', branch: null, branchCode: '4455' },
          __v: owner.__v + 1,
        });
        const audit = await t.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entityId, owner._id), eq(auditLog.action, 'owner.updated')));
        expect(audit).toHaveLength(1);
        expect(audit[0]!.before).toMatchObject({ name: owner.name });
        expect(audit[0]!.after).toMatchObject({ name: 'Renamed' });
      },
    );

    it('refuses a stale __v with 409 and changes nothing', async () => {
      const owner = await create(a.admin);
      expectStatus(await call(a.admin, 'PUT', `/api/owners/${owner._id}`, { name: 'First', __v: 0 }), 200);
      expectError(
        await call(a.agent, 'PUT', `/api/owners/${owner._id}`, { name: 'Second', __v: 0 }),
        409,
        'STALE_VERSION',
      );
      expect((await read(a.admin, owner._id)).name).toBe('First');
    });

    it("refuses taking another owner's email or ID number with 409, but keeping one's own is fine", async () => {
      const first = await create(a.admin);
      const second = await create(a.admin);
      expectError(
        await call(a.admin, 'PUT', `/api/owners/${second._id}`, { email: first.email }),
        409,
        'OWNER_DUPLICATE',
      );
      expectError(
        await call(a.admin, 'PUT', `/api/owners/${second._id}`, { idNumber: first.idNumber }),
        409,
        'OWNER_DUPLICATE',
      );
      expectStatus(
        await call(a.admin, 'PUT', `/api/owners/${second._id}`, {
          email: second.email,
          idNumber: second.idNumber,
        }),
        200,
      );
    });

    it('refuses bad input with 400', async () => {
      const owner = await create(a.admin);
      expectError(await call(a.admin, 'PUT', `/api/owners/${owner._id}`, { name: '' }), 400, 'VALIDATION');
      expectError(await call(a.admin, 'PUT', `/api/owners/${owner._id}`, { __v: 'x' }), 400, 'VALIDATION');
    });

    it.each(['owner', 'accountant', 'other'] as const)('refuses the %s with 403', async (role) => {
      const owner = await create(a.admin);
      expectStatus(await call(a[role], 'PUT', `/api/owners/${owner._id}`, { name: 'Nope' }), 403);
      expect((await read(a.admin, owner._id)).name).toBe(owner.name);
    });
  });

  describe('DELETE /api/owners/:id', () => {
    it('lets the admin delete an owner without properties, and audits it', async () => {
      const owner = await create(a.agent);
      expect(expectStatus(await call(a.admin, 'DELETE', `/api/owners/${owner._id}`), 200).data).toEqual({
        _id: owner._id,
      });
      expectStatus(await call(a.admin, 'GET', `/api/owners/${owner._id}`), 404);
      const audit = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, owner._id), eq(auditLog.action, 'owner.deleted')));
      expect(audit).toHaveLength(1);
    });

    it('refuses deleting an owner whom properties reference with 409 OWNER_HAS_PROPERTIES', async () => {
      const owner = await create(a.admin);
      await addProperty(a.admin, owner._id);
      const body = expectError(
        await call(a.admin, 'DELETE', `/api/owners/${owner._id}`),
        409,
        'OWNER_HAS_PROPERTIES',
      );
      expect(body.message).toMatch(/properties/);
      expect((await read(a.admin, owner._id)).propertyCount).toBe(1);
    });

    it.each(['agent', 'owner', 'accountant', 'other'] as const)('refuses the %s with 403', async (role) => {
      const owner = await create(a.admin);
      expectStatus(await call(a[role], 'DELETE', `/api/owners/${owner._id}`), 403);
      await read(a.admin, owner._id);
    });

    it('answers 404 for unknown ids', async () => {
      expect(expectStatus(await call(a.admin, 'DELETE', `/api/owners/${randomUUID()}`), 404)).toMatchObject(
        NOT_FOUND,
      );
      expectStatus(await call(a.admin, 'DELETE', '/api/owners/42'), 404);
    });
  });

  describe('company isolation', () => {
    it("answers 404 for another company's owner on every call and changes nothing", async () => {
      const theirs = await create(b.admin);
      expect(expectStatus(await call(a.admin, 'GET', `/api/owners/${theirs._id}`), 404)).toMatchObject(
        NOT_FOUND,
      );
      expectStatus(await call(a.agent, 'GET', `/api/owners/${theirs._id}`), 404);
      expectStatus(
        await call(a.admin, 'PUT', `/api/owners/${theirs._id}`, { name: 'Hijacked', __v: 0 }),
        404,
      );
      expectStatus(await call(a.admin, 'DELETE', `/api/owners/${theirs._id}`), 404);
      expect(await read(b.admin, theirs._id)).toEqual(theirs);
    });

    it("never lists another company's new owners", async () => {
      const theirs = await create(b.admin);
      const body = expectStatus(await call(a.admin, 'GET', `/api/owners?pageSize=100&q=${theirs.name}`), 200);
      expect(body.data).toEqual([]);
    });
  });
});
