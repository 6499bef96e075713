import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AMOUNT, Property } from '@lintel/contracts';
import { auditLog, properties } from '../../db/schema/index.ts';
import { systemTransact, transact } from '../../db/scope.ts';
import { LIST_COUNT_LIMIT } from '../../lib/list-query.ts';
import {
  addMember,
  cookieHeader,
  createCompanyWithRoles,
  createOwnerRecord,
  createTestApp,
  expectStatus,
  failure,
  signupAdmin,
  TEST_PASSWORD,
  type SignedIn,
  type TestApp,
} from '../../test/harness.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Company = Awaited<ReturnType<typeof createCompanyWithRoles>>;

const FIELDS_REQUIRED = 'Name, address, and type are required';
const ID_REQUIRED = 'Property ID is required';
const OWNER_ID_REQUIRED = 'Owner ID is required';
const TRANSFER_REQUIRED = 'Property ID and new owner ID are required';
const NOT_FOUND = { status: 'error', code: 'NOT_FOUND', message: 'Property not found' };
const OWNER_NOT_FOUND = { status: 'error', code: 'NOT_FOUND', message: 'Owner not found' };
const FORBIDDEN = { status: 'error', code: 'FORBIDDEN' };

describe('properties API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // Test-file helpers: thin wrappers over app.inject so each test reads as the call it makes.
  const call = (
    user: SignedIn | null,
    method: Method,
    url: string,
    payload?: InjectOptions['payload'],
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      headers: { ...(user ? user.auth : {}), ...headers },
      ...(payload === undefined ? {} : { payload }),
    });

  /** Asserts the error envelope, and that the message is exactly (or contains) the given text. */
  function expectError(response: LightMyRequestResponse, status: number, message?: string | RegExp) {
    const body = expectStatus(response, status);
    expect(body).toMatchObject({ status: 'error', code: expect.any(String), message: expect.any(String) });
    if (typeof message === 'string') expect(body.message).toBe(message);
    else if (message) expect(body.message).toMatch(message);
    return body;
  }

  const sample = (overrides: Record<string, unknown> = {}) => ({
    name: `Unit ${randomUUID().slice(0, 6)}`,
    address: '12 Baker Road, Harare',
    type: 'apartment',
    ...overrides,
  });

  async function create(user: SignedIn, overrides: Record<string, unknown> = {}): Promise<Property> {
    const body = expectStatus(await call(user, 'POST', '/api/properties', sample(overrides)), 201);
    return Property.parse(body.data);
  }

  async function read(user: SignedIn, id: string): Promise<Property> {
    return Property.parse(expectStatus(await call(user, 'GET', `/api/properties/${id}`), 200).data);
  }

  async function listIds(user: SignedIn, url = '/api/properties'): Promise<string[]> {
    const body = expectStatus(await call(user, 'GET', url), 200);
    return (body.data as Property[]).map((property) => property._id).sort();
  }

  async function auditOf(entityId: string) {
    return t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, entityId))
      .orderBy(asc(auditLog.createdAt));
  }

  const sorted = (ids: string[]) => [...ids].sort();

  describe('endpoints: success envelopes', () => {
    let co: Company;
    let ownerId: string;
    let otherOwnerId: string;
    beforeAll(async () => {
      co = await createCompanyWithRoles(t.app);
      ownerId = await createOwnerRecord(t.database, co.companyId, {
        name: 'Olive Owner',
        userId: co.owner.user._id,
      });
      otherOwnerId = await createOwnerRecord(t.database, co.companyId, { name: 'Oscar Other' });
    });

    it('POST /api/properties creates with every field echoed and 201', async () => {
      const response = await call(co.admin, 'POST', '/api/properties', {
        name: '  Sunset Flats  ',
        address: '4 Hill Road, Harare',
        type: 'townhouse',
        status: 'occupied',
        ownerId,
        agentId: co.agent.user._id,
        rentAmount: 125000,
        levyAmount: 15050,
        currency: 'ZWG',
        bedrooms: 3,
        bathrooms: 2,
        area: 140,
        description: 'Corner unit',
        commissionRate: 1250,
      });
      const body = expectStatus(response, 201);
      expect(body.status).toBe('success');
      expect(body.meta).toBeUndefined();
      const created = Property.parse(body.data);
      expect(created).toEqual({
        _id: expect.any(String),
        companyId: co.companyId,
        name: 'Sunset Flats',
        address: '4 Hill Road, Harare',
        type: 'townhouse',
        status: 'occupied',
        ownerId,
        ownerName: 'Olive Owner',
        agentId: co.agent.user._id,
        agentName: 'agent person',
        rentAmount: 125000,
        levyAmount: 15050,
        currency: 'ZWG',
        bedrooms: 3,
        bathrooms: 2,
        area: 140,
        description: 'Corner unit',
        commissionRate: 1250,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        __v: 0,
      });
      expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);
    });

    it('POST /api/properties fills defaults for the optional fields', async () => {
      const created = await create(co.admin, { name: 'Bare', type: 'land' });
      expect(created).toMatchObject({
        name: 'Bare',
        type: 'land',
        status: 'available',
        ownerId: null,
        ownerName: null,
        agentId: null,
        agentName: null,
        rentAmount: 0,
        levyAmount: 0,
        currency: 'USD',
        bedrooms: null,
        description: null,
        commissionRate: null,
        __v: 0,
      });
    });

    it('POST /api/properties/public creates in the session company when the claims match', async () => {
      const query = `userId=${co.agent.user._id}&companyId=${co.companyId}&userRole=agent`;
      const response = await call(
        co.agent,
        'POST',
        `/api/properties/public?${query}`,
        sample({ name: 'Pub' }),
      );
      const body = expectStatus(response, 201);
      expect(body).toMatchObject({ status: 'success', data: { name: 'Pub', companyId: co.companyId } });
      expect(body.data.agentId).toBe(co.agent.user._id);
      expect((await read(co.admin, body.data._id)).name).toBe('Pub');
    });

    it('GET /api/properties returns contract-shaped properties with meta (the whole list unpaged)', async () => {
      const created = await create(co.admin, { name: 'Listed One' });
      const body = expectStatus(await call(co.accountant, 'GET', '/api/properties'), 200);
      expect(body.status).toBe('success');
      expect(Array.isArray(body.data)).toBe(true);
      for (const item of body.data) Property.parse(item);
      expect(body.meta).toEqual({ page: 1, pageSize: body.data.length, total: body.data.length });
      expect(body.data.map((item: Property) => item._id)).toContain(created._id);
    });

    it('GET /api/properties/public-filtered lists the same rows with or without matching claims', async () => {
      const plain = await listIds(co.other);
      const claims = `userId=${co.other.user._id}&companyId=${co.companyId}&userRole=other`;
      const body = expectStatus(
        await call(co.other, 'GET', `/api/properties/public-filtered?${claims}`),
        200,
      );
      expect(body.meta).toMatchObject({ page: 1, pageSize: plain.length, total: plain.length });
      expect(sorted(body.data.map((item: Property) => item._id))).toEqual(plain);
      expect(await listIds(co.other, '/api/properties/public-filtered')).toEqual(plain);
    });

    it('GET /api/properties/:id returns the one property', async () => {
      const created = await create(co.admin, { rentAmount: 90000 });
      const body = expectStatus(await call(co.admin, 'GET', `/api/properties/${created._id}`), 200);
      expect(body).toEqual({ status: 'success', data: created });
    });

    it('PUT /api/properties/:id changes only the fields sent and bumps __v', async () => {
      const created = await create(co.admin, { bedrooms: 2, description: 'Old' });
      const body = expectStatus(
        await call(co.admin, 'PUT', `/api/properties/${created._id}`, {
          name: 'Renamed',
          description: null,
          rentAmount: 50000,
        }),
        200,
      );
      expect(body.status).toBe('success');
      expect(body.data).toEqual({
        ...created,
        name: 'Renamed',
        description: null,
        rentAmount: 50000,
        __v: 1,
        updatedAt: expect.any(String),
      });
      expect(Date.parse(body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
      expect(await read(co.admin, created._id)).toEqual(body.data);
    });

    it('DELETE /api/properties/:id removes it and answers the property as it was', async () => {
      const created = await create(co.admin);
      const body = expectStatus(await call(co.admin, 'DELETE', `/api/properties/${created._id}`), 200);
      expect(body).toEqual({ status: 'success', data: created });
      expect(
        await call(co.admin, 'GET', `/api/properties/${created._id}`).then((r) => r.json()),
      ).toMatchObject(NOT_FOUND);
      expectError(
        await call(co.admin, 'DELETE', `/api/properties/${created._id}`),
        404,
        'Property not found',
      );
      expect(await listIds(co.admin)).not.toContain(created._id);
    });

    it("GET /api/properties/owner/:ownerId lists that owner's properties by record id or user id", async () => {
      const mine = await create(co.admin, { ownerId });
      const theirs = await create(co.admin, { ownerId: otherOwnerId });
      for (const key of [ownerId, co.owner.user._id]) {
        const body = expectStatus(await call(co.admin, 'GET', `/api/properties/owner/${key}`), 200);
        expect(body.status).toBe('success');
        const ids = body.data.map((item: Property) => item._id);
        expect(ids).toContain(mine._id);
        expect(ids).not.toContain(theirs._id);
        expect(body.data.every((item: Property) => item.ownerId === ownerId)).toBe(true);
        expect(body.meta).toEqual({ page: 1, pageSize: ids.length, total: ids.length });
      }
      expect(await listIds(co.admin, `/api/properties/owner/${otherOwnerId}`)).toEqual([theirs._id]);
    });

    it('PUT /api/properties/:id/transfer moves the property to the new owner', async () => {
      const created = await create(co.admin, { ownerId: otherOwnerId });
      const body = expectStatus(
        await call(co.admin, 'PUT', `/api/properties/${created._id}/transfer`, {
          newOwnerId: ownerId,
          companyId: co.companyId,
        }),
        200,
      );
      expect(body.status).toBe('success');
      expect(body.data).toMatchObject({ _id: created._id, ownerId, ownerName: 'Olive Owner', __v: 1 });
      expect((await read(co.admin, created._id)).ownerId).toBe(ownerId);
    });

    it('transfer accepts the bound user id and stores the owner record id', async () => {
      const created = await create(co.admin);
      const body = expectStatus(
        await call(co.admin, 'PUT', `/api/properties/${created._id}/transfer`, {
          newOwnerId: co.owner.user._id,
        }),
        200,
      );
      expect(body.data.ownerId).toBe(ownerId);
    });
  });

  describe('SPEC §5 messages, exactly', () => {
    let admin: SignedIn;
    let property: Property;
    beforeAll(async () => {
      admin = await signupAdmin(t.app);
      property = await create(admin);
    });

    const requiredCases: [string, Record<string, unknown>][] = [
      ['missing name', { address: 'A', type: 'house' }],
      ['missing address', { name: 'N', type: 'house' }],
      ['missing type', { name: 'N', address: 'A' }],
      ['blank name', { name: '   ', address: 'A', type: 'house' }],
      ['blank address', { name: 'N', address: '\t ', type: 'house' }],
      ['empty type', { name: 'N', address: 'A', type: '' }],
      ['null name', { name: null, address: 'A', type: 'house' }],
      ['empty body', {}],
    ];
    for (const [label, payload] of requiredCases) {
      it(`create with ${label}: 400 '${FIELDS_REQUIRED}'`, async () => {
        const before = await listIds(admin);
        for (const url of ['/api/properties', '/api/properties/public']) {
          const body = expectError(await call(admin, 'POST', url, payload), 400, FIELDS_REQUIRED);
          expect(body.code).toBe('VALIDATION');
        }
        expect(await listIds(admin)).toEqual(before);
      });
    }

    it(`a blank property id: 400 '${ID_REQUIRED}' on get, update and delete`, async () => {
      expectError(await call(admin, 'GET', '/api/properties/%20'), 400, ID_REQUIRED);
      expectError(await call(admin, 'PUT', '/api/properties/%20', { name: 'X' }), 400, ID_REQUIRED);
      expectError(await call(admin, 'DELETE', '/api/properties/%20'), 400, ID_REQUIRED);
      expect((await read(admin, property._id)).__v).toBe(0);
    });

    it('an empty id segment reaches the handler and gets the SPEC message, never a 500', async () => {
      // find-my-way matches an empty parameter, so the client sees the SPEC text, not a router 404.
      expectError(await call(admin, 'GET', '/api/properties/'), 400, ID_REQUIRED);
      expectError(await call(admin, 'DELETE', '/api/properties/'), 400, ID_REQUIRED);
      expectError(await call(admin, 'GET', '/api/properties/owner/'), 400, OWNER_ID_REQUIRED);
      expectError(
        await call(admin, 'PUT', '/api/properties//transfer', { newOwnerId: 'x' }),
        400,
        TRANSFER_REQUIRED,
      );
    });

    it(`a blank owner id: 400 '${OWNER_ID_REQUIRED}'`, async () => {
      expectError(await call(admin, 'GET', '/api/properties/owner/%20'), 400, OWNER_ID_REQUIRED);
      expectError(await call(admin, 'GET', '/api/properties/owner/%20%20%09'), 400, OWNER_ID_REQUIRED);
    });

    it(`transfer without a new owner or property: 400 '${TRANSFER_REQUIRED}'`, async () => {
      const url = `/api/properties/${property._id}/transfer`;
      for (const payload of [{}, { newOwnerId: '' }, { newOwnerId: '   ' }, { newOwnerId: null }]) {
        expectError(await call(admin, 'PUT', url, payload), 400, TRANSFER_REQUIRED);
      }
      expectError(
        await call(admin, 'PUT', '/api/properties/%20/transfer', { newOwnerId: randomUUID() }),
        400,
        TRANSFER_REQUIRED,
      );
      const after = await read(admin, property._id);
      expect(after).toMatchObject({ ownerId: null, __v: 0 });
    });
  });

  describe('role matrix (PRODUCT.md)', () => {
    let co: Company;
    let secondAgent: SignedIn;
    let boundOwnerId: string;
    let otherOwnerId: string;
    /** Owned by the signed-in owner, no agent. */
    let ownedProperty: Property;
    /** Managed by co.agent, owned by someone else. */
    let agentProperty: Property;
    /** Managed by the second agent. */
    let foreignProperty: Property;
    let all: string[];

    beforeAll(async () => {
      co = await createCompanyWithRoles(t.app);
      secondAgent = await addMember(t.app, co.admin, 'agent', 'Second Agent');
      boundOwnerId = await createOwnerRecord(t.database, co.companyId, { userId: co.owner.user._id });
      otherOwnerId = await createOwnerRecord(t.database, co.companyId, { name: 'Someone Else' });
      ownedProperty = await create(co.admin, { name: 'Owned', ownerId: boundOwnerId });
      agentProperty = await create(co.agent, { name: 'Agent managed', ownerId: otherOwnerId });
      foreignProperty = await create(co.admin, { name: 'Second agent', agentId: secondAgent.user._id });
      all = sorted([ownedProperty._id, agentProperty._id, foreignProperty._id]);
    });

    /** Every write a role may not make on a property, each 403 (or 404 where it cannot see it). */
    async function expectNoWrites(user: SignedIn, target: Property, status = 403) {
      const before = await read(co.admin, target._id);
      expectError(await call(user, 'PUT', `/api/properties/${target._id}`, { name: 'Hijacked' }), status);
      expectError(
        await call(user, 'PUT', `/api/properties/${target._id}/transfer`, { newOwnerId: boundOwnerId }),
        status,
      );
      expectError(await call(user, 'DELETE', `/api/properties/${target._id}`), status);
      expect(await read(co.admin, target._id)).toEqual(before);
    }

    it('admin reads and changes every property', async () => {
      expect(await listIds(co.admin)).toEqual(expect.arrayContaining(all));
      for (const id of all) expect((await read(co.admin, id))._id).toBe(id);
      const extra = await create(co.admin, { agentId: secondAgent.user._id });
      const updated = expectStatus(
        await call(co.admin, 'PUT', `/api/properties/${extra._id}`, { name: 'Admin edit', __v: 0 }),
        200,
      );
      expect(updated.data.name).toBe('Admin edit');
      const moved = expectStatus(
        await call(co.admin, 'PUT', `/api/properties/${extra._id}/transfer`, { newOwnerId: otherOwnerId }),
        200,
      );
      expect(moved.data.ownerId).toBe(otherOwnerId);
      expectStatus(await call(co.admin, 'DELETE', `/api/properties/${extra._id}`), 200);
      expectError(await call(co.admin, 'GET', `/api/properties/${extra._id}`), 404, 'Property not found');
    });

    it('admin may name any active agent (or admin) of the company as the managing agent', async () => {
      const created = await create(co.admin, { agentId: co.admin.user._id });
      expect(created.agentId).toBe(co.admin.user._id);
      const moved = expectStatus(
        await call(co.admin, 'PUT', `/api/properties/${created._id}`, { agentId: secondAgent.user._id }),
        200,
      );
      expect(moved.data).toMatchObject({ agentId: secondAgent.user._id, agentName: 'Second Agent' });
      const cleared = expectStatus(
        await call(co.admin, 'PUT', `/api/properties/${created._id}`, { agentId: null }),
        200,
      );
      expect(cleared.data).toMatchObject({ agentId: null, agentName: null });
    });

    it('agent creates properties and becomes their managing agent, whatever agentId it sends', async () => {
      const created = await create(co.agent, { agentId: secondAgent.user._id });
      expect(created).toMatchObject({ agentId: co.agent.user._id, agentName: 'agent person' });
      const viaPublic = expectStatus(await call(co.agent, 'POST', '/api/properties/public', sample()), 201);
      expect(viaPublic.data.agentId).toBe(co.agent.user._id);
    });

    it('agent reads every property of the company', async () => {
      expect(await listIds(co.agent)).toEqual(expect.arrayContaining(all));
      expect((await read(co.agent, foreignProperty._id)).name).toBe('Second agent');
      expect((await read(co.agent, ownedProperty._id)).name).toBe('Owned');
    });

    it('agent changes, transfers and deletes the properties it manages', async () => {
      const mine = await create(co.agent, { name: 'Mine' });
      const updated = expectStatus(
        await call(co.agent, 'PUT', `/api/properties/${mine._id}`, {
          name: 'Mine, renamed',
          agentId: co.agent.user._id,
        }),
        200,
      );
      expect(updated.data).toMatchObject({ name: 'Mine, renamed', agentId: co.agent.user._id, __v: 1 });
      const moved = expectStatus(
        await call(co.agent, 'PUT', `/api/properties/${mine._id}/transfer`, { newOwnerId: boundOwnerId }),
        200,
      );
      expect(moved.data.ownerId).toBe(boundOwnerId);
      expectStatus(await call(co.agent, 'DELETE', `/api/properties/${mine._id}`), 200);
      expectError(await call(co.admin, 'GET', `/api/properties/${mine._id}`), 404);
    });

    it('agent gets 403 on properties managed by someone else, and nothing changes', async () => {
      const response = await call(co.agent, 'PUT', `/api/properties/${foreignProperty._id}`, {
        name: 'Nope',
      });
      expectError(response, 403, 'Only the agent who manages this property, or an admin, can change it.');
      await expectNoWrites(co.agent, foreignProperty);
      await expectNoWrites(co.agent, ownedProperty);
    });

    it('agent cannot hand its property to another agent (403)', async () => {
      const before = await read(co.admin, agentProperty._id);
      for (const agentId of [secondAgent.user._id, null]) {
        const response = await call(co.agent, 'PUT', `/api/properties/${agentProperty._id}`, { agentId });
        expectError(response, 403, 'Only an admin can hand a property to another agent.');
      }
      expect(await read(co.admin, agentProperty._id)).toEqual(before);
    });

    it("agent cannot set a property's commission rate (403); an admin can", async () => {
      const before = await read(co.admin, agentProperty._id);
      const message = "Only an admin can set a property's commission rate.";
      expectError(
        await call(co.agent, 'PUT', `/api/properties/${agentProperty._id}`, { commissionRate: 2500 }),
        403,
        message,
      );
      expectError(
        await call(co.agent, 'POST', '/api/properties', { ...sample(), commissionRate: 2500 }),
        403,
        message,
      );
      expect(await read(co.admin, agentProperty._id)).toEqual(before);
      const changed = expectStatus(
        await call(co.admin, 'PUT', `/api/properties/${agentProperty._id}`, { commissionRate: 750 }),
        200,
      ).data;
      expect(changed.commissionRate).toBe(750);
      // Sending the rate it already has changes nothing, so an agent's full-form save still works.
      expectStatus(
        await call(co.agent, 'PUT', `/api/properties/${agentProperty._id}`, { commissionRate: 750 }),
        200,
      );
    });

    for (const role of ['accountant', 'other'] as const) {
      it(`${role} reads every property and may not write (403)`, async () => {
        const user = co[role];
        expect(await listIds(user)).toEqual(expect.arrayContaining(all));
        expect(await listIds(user, '/api/properties/public-filtered')).toEqual(expect.arrayContaining(all));
        for (const id of all) expect((await read(user, id))._id).toBe(id);
        expect(await listIds(user, `/api/properties/owner/${boundOwnerId}`)).toEqual([ownedProperty._id]);
        const before = await listIds(co.admin);
        expectError(await call(user, 'POST', '/api/properties', sample()), 403);
        expectError(await call(user, 'POST', '/api/properties/public', sample()), 403);
        expect(await listIds(co.admin)).toEqual(before);
        await expectNoWrites(user, agentProperty);
        await expectNoWrites(user, ownedProperty);
      });
    }

    it('owner sees only the properties of the owner record bound to them', async () => {
      const body = expectStatus(await call(co.owner, 'GET', '/api/properties'), 200);
      expect(body.data.map((item: Property) => item._id)).toEqual([ownedProperty._id]);
      expect(body.meta.total).toBe(1);
      // Paged, the total is counted by the database: the owner's properties only.
      const paged = expectStatus(await call(co.owner, 'GET', '/api/properties?page=1&pageSize=25'), 200);
      expect(paged.data.map((item: Property) => item._id)).toEqual([ownedProperty._id]);
      expect(paged.meta.total).toBe(1);
      expect(await listIds(co.owner, '/api/properties/public-filtered')).toEqual([ownedProperty._id]);
      // A filter for someone else's owner id cannot widen the view.
      expect(await listIds(co.owner, `/api/properties?ownerId=${otherOwnerId}`)).toEqual([]);
      expect((await read(co.owner, ownedProperty._id)).name).toBe('Owned');
    });

    it("owner gets 404 for everyone else's properties, read or write", async () => {
      for (const target of [agentProperty, foreignProperty]) {
        expect((await call(co.owner, 'GET', `/api/properties/${target._id}`)).json()).toMatchObject(
          NOT_FOUND,
        );
        await expectNoWrites(co.owner, target, 404);
      }
    });

    it('owner may not create or change even their own property (403)', async () => {
      expectError(await call(co.owner, 'POST', '/api/properties', sample({ ownerId: boundOwnerId })), 403);
      await expectNoWrites(co.owner, ownedProperty);
    });

    it('owner lists their own properties by owner record id or by their user id', async () => {
      for (const key of [boundOwnerId, co.owner.user._id]) {
        expect(await listIds(co.owner, `/api/properties/owner/${key}`)).toEqual([ownedProperty._id]);
      }
    });

    it("owner asking for another owner's list gets 404", async () => {
      const response = await call(co.owner, 'GET', `/api/properties/owner/${otherOwnerId}`);
      expect(expectStatus(response, 404)).toMatchObject(OWNER_NOT_FOUND);
    });

    it('an owner user with no owner record sees nothing', async () => {
      const unbound = await addMember(t.app, co.admin, 'owner', 'Unbound Owner');
      const body = expectStatus(await call(unbound, 'GET', '/api/properties'), 200);
      expect(body).toMatchObject({ data: [], meta: { total: 0 } });
      expectError(
        await call(unbound, 'GET', `/api/properties/${ownedProperty._id}`),
        404,
        'Property not found',
      );
      expectError(
        await call(unbound, 'GET', `/api/properties/owner/${unbound.user._id}`),
        404,
        'Owner not found',
      );
    });

    it('no session: 401 on every endpoint', async () => {
      const id = ownedProperty._id;
      const calls: [Method, string, unknown?][] = [
        ['GET', '/api/properties'],
        ['GET', '/api/properties/public-filtered'],
        ['POST', '/api/properties', sample()],
        ['POST', '/api/properties/public', sample()],
        ['GET', `/api/properties/${id}`],
        ['PUT', `/api/properties/${id}`, { name: 'x' }],
        ['DELETE', `/api/properties/${id}`],
        ['GET', `/api/properties/owner/${boundOwnerId}`],
        ['PUT', `/api/properties/${id}/transfer`, { newOwnerId: otherOwnerId }],
      ];
      for (const [method, url, payload] of calls) {
        expectError(await call(null, method, url, payload as InjectOptions['payload']), 401);
        const forged = { authorization: 'Bearer not-a-real-token' };
        expectError(await call(null, method, url, payload as InjectOptions['payload'], forged), 401);
      }
      expect(await read(co.admin, id)).toMatchObject({ name: 'Owned', ownerId: boundOwnerId });
    });
  });

  describe('tenant isolation', () => {
    let a: Company;
    let b: Company;
    let aOwnerId: string;
    let bOwnerId: string;
    let aProperty: Property;
    let bProperty: Property;

    beforeAll(async () => {
      [a, b] = await Promise.all([createCompanyWithRoles(t.app), createCompanyWithRoles(t.app)]);
      aOwnerId = await createOwnerRecord(t.database, a.companyId, { name: 'A Owner' });
      bOwnerId = await createOwnerRecord(t.database, b.companyId, {
        name: 'B Owner',
        userId: b.owner.user._id,
      });
      aProperty = await create(a.admin, { name: 'A house' });
      bProperty = await create(b.admin, {
        name: 'B secret villa',
        ownerId: bOwnerId,
        agentId: b.agent.user._id,
        rentAmount: 300000,
      });
    });

    const expectBUnchanged = async () => {
      expect(await read(b.admin, bProperty._id)).toEqual(bProperty);
      expect((await auditOf(bProperty._id)).map((entry) => entry.action)).toEqual(['property.created']);
    };

    it("A's admin gets 404 for B's property on get, update, delete and transfer", async () => {
      const id = bProperty._id;
      expect((await call(a.admin, 'GET', `/api/properties/${id}`)).json()).toMatchObject(NOT_FOUND);
      expectError(
        await call(a.admin, 'PUT', `/api/properties/${id}`, { name: 'Taken', __v: 0 }),
        404,
        'Property not found',
      );
      expectError(await call(a.admin, 'DELETE', `/api/properties/${id}`), 404, 'Property not found');
      expectError(
        await call(a.admin, 'PUT', `/api/properties/${id}/transfer`, { newOwnerId: aOwnerId }),
        404,
        'Property not found',
      );
      // Not even with B's own owner as the target.
      expectError(
        await call(a.admin, 'PUT', `/api/properties/${id}/transfer`, { newOwnerId: bOwnerId }),
        404,
        'Property not found',
      );
      for (const user of [a.agent, a.accountant, a.other, a.owner]) {
        expectError(await call(user, 'GET', `/api/properties/${id}`), 404, 'Property not found');
      }
      await expectBUnchanged();
    });

    it("A gets 404 for B's owner (by record id and by its user id)", async () => {
      for (const key of [bOwnerId, b.owner.user._id]) {
        expect((await call(a.admin, 'GET', `/api/properties/owner/${key}`)).json()).toMatchObject(
          OWNER_NOT_FOUND,
        );
      }
    });

    it("A cannot reference B's owner or agent in a body (422) and nothing is written", async () => {
      const before = await listIds(a.admin);
      const invalidOwner = 'The chosen owner is not an owner of this company.';
      const invalidAgent = 'The chosen agent is not an active agent of this company.';
      let body = expectError(
        await call(a.admin, 'POST', '/api/properties', sample({ ownerId: bOwnerId })),
        422,
        invalidOwner,
      );
      expect(body.code).toBe('INVALID_OWNER');
      body = expectError(
        await call(a.admin, 'POST', '/api/properties', sample({ agentId: b.agent.user._id })),
        422,
        invalidAgent,
      );
      expect(body.code).toBe('INVALID_AGENT');
      expectError(
        await call(a.admin, 'POST', '/api/properties/public', sample({ ownerId: bOwnerId })),
        422,
        invalidOwner,
      );
      expect(await listIds(a.admin)).toEqual(before);

      const url = `/api/properties/${aProperty._id}`;
      expectError(await call(a.admin, 'PUT', url, { ownerId: bOwnerId }), 422, invalidOwner);
      expectError(await call(a.admin, 'PUT', url, { agentId: b.admin.user._id }), 422, invalidAgent);
      body = expectError(
        await call(a.admin, 'PUT', `${url}/transfer`, { newOwnerId: bOwnerId }),
        422,
        invalidOwner,
      );
      expect(body.code).toBe('INVALID_OWNER');
      expectError(
        await call(a.admin, 'PUT', `${url}/transfer`, { newOwnerId: b.owner.user._id }),
        422,
        invalidOwner,
      );
      expect(await read(a.admin, aProperty._id)).toEqual(aProperty);
      expect((await auditOf(aProperty._id)).map((entry) => entry.action)).toEqual(['property.created']);
      await expectBUnchanged();
    });

    it("lists never include B's rows, whatever the filters", async () => {
      const urls = [
        '/api/properties',
        '/api/properties?pageSize=100',
        '/api/properties?q=secret',
        `/api/properties?ownerId=${bOwnerId}`,
        `/api/properties?agentId=${b.agent.user._id}`,
        '/api/properties/public-filtered?q=villa',
        `/api/properties/public-filtered?ownerId=${bOwnerId}`,
      ];
      for (const user of [a.admin, a.agent, a.accountant, a.other, a.owner]) {
        for (const url of urls) {
          const body = expectStatus(await call(user, 'GET', url), 200);
          expect(body.data.every((item: Property) => item.companyId === a.companyId)).toBe(true);
          expect(body.data.map((item: Property) => item._id)).not.toContain(bProperty._id);
        }
      }
      expect(await listIds(a.admin, '/api/properties?q=secret')).toEqual([]);
      expect(await listIds(b.admin, '/api/properties?q=secret')).toEqual([bProperty._id]);
      expect(await listIds(b.admin)).not.toContain(aProperty._id);
    });

    it('public endpoints refuse claims that do not match the session (403)', async () => {
      const mismatches = [
        `companyId=${b.companyId}`,
        `userId=${b.admin.user._id}`,
        `userId=${a.agent.user._id}`,
        'userRole=agent',
        'userRole=superuser',
        `userId=${a.admin.user._id}&companyId=${b.companyId}&userRole=admin`,
      ];
      const before = await listIds(a.admin);
      for (const query of mismatches) {
        const listed = await call(a.admin, 'GET', `/api/properties/public-filtered?${query}`);
        expectError(listed, 403, 'This request does not match the signed-in user. Please sign in again.');
        const created = await call(a.admin, 'POST', `/api/properties/public?${query}`, sample());
        expect(expectError(created, 403)).toMatchObject(FORBIDDEN);
      }
      expect(await listIds(a.admin)).toEqual(before);
      expect(await listIds(b.admin)).toEqual([bProperty._id]);
    });

    it('public endpoints accept claims that match the session (200, 201)', async () => {
      const claims = `userId=${a.admin.user._id}&companyId=${a.companyId}&userRole=admin`;
      const listed = expectStatus(
        await call(a.admin, 'GET', `/api/properties/public-filtered?${claims}`),
        200,
      );
      expect(listed.data.map((item: Property) => item._id)).toContain(aProperty._id);
      const created = expectStatus(
        await call(a.admin, 'POST', `/api/properties/public?${claims}`, sample({ name: 'Claimed' })),
        201,
      );
      expect(created.data).toMatchObject({ name: 'Claimed', companyId: a.companyId });
      expect(await listIds(b.admin)).toEqual([bProperty._id]);
    });

    it('a companyId in a body is ignored: the property stays in the session company', async () => {
      const created = await create(a.admin, { name: 'Stays home', companyId: b.companyId });
      expect(created.companyId).toBe(a.companyId);
      const updated = expectStatus(
        await call(a.admin, 'PUT', `/api/properties/${created._id}`, {
          companyId: b.companyId,
          name: 'Still home',
        }),
        200,
      );
      expect(updated.data).toMatchObject({ companyId: a.companyId, name: 'Still home' });
      const moved = expectStatus(
        await call(a.admin, 'PUT', `/api/properties/${created._id}/transfer`, {
          newOwnerId: aOwnerId,
          companyId: b.companyId,
        }),
        200,
      );
      expect(moved.data.companyId).toBe(a.companyId);
      expect((await read(a.admin, created._id)).companyId).toBe(a.companyId);
      expectError(await call(b.admin, 'GET', `/api/properties/${created._id}`), 404, 'Property not found');
      expect(await listIds(b.admin)).toEqual([bProperty._id]);
    });
  });

  describe('lists: pagination, search, sort and filters', () => {
    let admin: SignedIn;
    let byName: Record<string, Property>;
    beforeAll(async () => {
      admin = await signupAdmin(t.app);
      const rows = [
        { name: 'Delta Court', address: '4 Elm Street', rentAmount: 40000, type: 'house' },
        { name: 'alpha House', address: '1 Oak Avenue', rentAmount: 10000, type: 'house' },
        {
          name: 'Charlie Flats',
          address: '3 Pine Road',
          rentAmount: 90000,
          type: 'apartment',
          status: 'occupied',
        },
        { name: 'Bravo Place', address: '2 Oak Avenue', rentAmount: 70000, type: 'office' },
        { name: '100% Serviced', address: '5 Cedar Lane', rentAmount: 20000, type: 'apartment' },
        { name: '1000 Serviced', address: '6 Cedar Lane', rentAmount: 30000, type: 'apartment' },
        { name: 'Under_score', address: '7 Birch Way', rentAmount: 50000, type: 'land' },
        { name: 'Underxscore', address: '8 Birch Way', rentAmount: 60000, type: 'land' },
      ];
      byName = {};
      for (const row of rows) byName[row.name] = await create(admin, row);
    });

    const names = async (url: string) => {
      const body = expectStatus(await call(admin, 'GET', url), 200);
      return { names: body.data.map((item: Property) => item.name) as string[], meta: body.meta };
    };

    it('pages through the list with page, pageSize and meta.total', async () => {
      const all = await names('/api/properties?pageSize=100');
      expect(all.meta).toEqual({ page: 1, pageSize: 100, total: 8 });
      const pages = [];
      for (let page = 1; page <= 3; page += 1) {
        const result = await names(`/api/properties?page=${page}&pageSize=3`);
        expect(result.meta).toEqual({ page, pageSize: 3, total: 8 });
        pages.push(...result.names);
      }
      expect(pages).toEqual(all.names);
      expect((await names('/api/properties?page=3&pageSize=3')).names).toHaveLength(2);
      expect(await names('/api/properties?page=9&pageSize=3')).toEqual({
        names: [],
        meta: { page: 9, pageSize: 3, total: 8 },
      });
    });

    // Where lower-case names fall depends on the database collation, so only same-case order is checked.
    it('sorts by name by default, on sort=name and reversed on sort=-name', async () => {
      const byDefault = (await names('/api/properties')).names;
      expect(byDefault).toEqual((await names('/api/properties?sort=name')).names);
      expect([...byDefault].sort()).toEqual(Object.keys(byName).sort());
      expect(byDefault.indexOf('Bravo Place')).toBeLessThan(byDefault.indexOf('Charlie Flats'));
      expect(byDefault.indexOf('Charlie Flats')).toBeLessThan(byDefault.indexOf('Delta Court'));
      const descending = (await names('/api/properties?sort=-name')).names;
      expect(descending).toEqual([...byDefault].reverse());
    });

    it('sorts by -rentAmount and rentAmount', async () => {
      const body = expectStatus(await call(admin, 'GET', '/api/properties?sort=-rentAmount'), 200);
      const rents = body.data.map((item: Property) => item.rentAmount);
      expect(rents).toEqual([90000, 70000, 60000, 50000, 40000, 30000, 20000, 10000]);
      expect(body.data[0].name).toBe('Charlie Flats');
      const ascending = (await names('/api/properties?sort=rentAmount&pageSize=2')).names;
      expect(ascending).toEqual(['alpha House', '100% Serviced']);
    });

    it('refuses an unknown sort with 400 and a message, including inherited property names', async () => {
      for (const sort of ['price', '-', '-nope', 'constructor', 'toString', '__proto__', 'hasOwnProperty']) {
        const body = expectError(
          await call(admin, 'GET', `/api/properties?sort=${encodeURIComponent(sort)}`),
          400,
          /^Sort must be one of: name, address, type, status, rentAmount, createdAt, updatedAt/,
        );
        expect(body.code).toBe('VALIDATION');
      }
    });

    it('refuses pageSize above 100 and page or pageSize below 1 with 400', async () => {
      expectError(
        await call(admin, 'GET', '/api/properties?pageSize=101'),
        400,
        'Page size must be at most 100',
      );
      expectError(await call(admin, 'GET', '/api/properties?pageSize=0'), 400, /Page size/);
      expectError(await call(admin, 'GET', '/api/properties?page=0'), 400, /Page/);
      expectError(await call(admin, 'GET', '/api/properties?page=two'), 400, /Page/);
      expectError(
        await call(admin, 'GET', '/api/properties/public-filtered?pageSize=1000'),
        400,
        /Page size/,
      );
    });

    it('searches name and address case-insensitively with q', async () => {
      expect((await names('/api/properties?q=ALPHA')).names).toEqual(['alpha House']);
      const oak = await names('/api/properties?q=oak%20avenue');
      expect(oak.names.sort()).toEqual(['Bravo Place', 'alpha House']);
      expect(oak.meta.total).toBe(2);
      expect((await names('/api/properties?q=%20%20pine%20')).names).toEqual(['Charlie Flats']);
      expect((await names('/api/properties?q=nothing-like-this')).names).toEqual([]);
    });

    it('treats % and _ in q as text, not wildcards', async () => {
      expect((await names(`/api/properties?q=${encodeURIComponent('100%')}`)).names).toEqual([
        '100% Serviced',
      ]);
      expect((await names(`/api/properties?q=${encodeURIComponent('%')}`)).names).toEqual(['100% Serviced']);
      expect((await names('/api/properties?q=Under_')).names).toEqual(['Under_score']);
      expect((await names(`/api/properties?q=${encodeURIComponent('\\')}`)).names).toEqual([]);
    });

    it('filters by status, type, ownerId and agentId', async () => {
      expect((await names('/api/properties?status=occupied')).names).toEqual(['Charlie Flats']);
      expect((await names('/api/properties?type=land')).names.sort()).toEqual(['Under_score', 'Underxscore']);
      const ownerId = await createOwnerRecord(t.database, admin.company._id, { name: 'Filter Owner' });
      expectStatus(
        await call(admin, 'PUT', `/api/properties/${byName['Delta Court']!._id}/transfer`, {
          newOwnerId: ownerId,
        }),
        200,
      );
      expect((await names(`/api/properties?ownerId=${ownerId}`)).names).toEqual(['Delta Court']);
      expect((await names(`/api/properties/owner/${ownerId}?q=court`)).names).toEqual(['Delta Court']);
      expect((await names(`/api/properties/owner/${ownerId}?q=alpha`)).names).toEqual([]);
      expect((await names(`/api/properties?agentId=${admin.user._id}`)).names).toEqual([]);
      expectError(await call(admin, 'GET', '/api/properties?status=sold'), 400, /Status/);
      expectError(await call(admin, 'GET', '/api/properties?ownerId=not-a-uuid'), 400, /Owner id/);
    });

    it('paginates the by-owner list too', async () => {
      const ownerId = await createOwnerRecord(t.database, admin.company._id, { name: 'Paged Owner' });
      for (const name of ['Bravo Place', 'Charlie Flats', 'alpha House']) {
        expectStatus(
          await call(admin, 'PUT', `/api/properties/${byName[name]!._id}/transfer`, { newOwnerId: ownerId }),
          200,
        );
      }
      const first = expectStatus(
        await call(admin, 'GET', `/api/properties/owner/${ownerId}?pageSize=2&sort=-rentAmount`),
        200,
      );
      expect(first.meta).toEqual({ page: 1, pageSize: 2, total: 3 });
      expect(first.data.map((item: Property) => item.name)).toEqual(['Charlie Flats', 'Bravo Place']);
      const second = expectStatus(
        await call(admin, 'GET', `/api/properties/owner/${ownerId}?page=2&pageSize=2&sort=-rentAmount`),
        200,
      );
      expect(second.data.map((item: Property) => item.name)).toEqual(['alpha House']);
      expectError(
        await call(admin, 'GET', `/api/properties/owner/${ownerId}?sort=bogus`),
        400,
        /^Sort must be/,
      );
    });

    it(`totals the whole list exactly from the kept count; a filter counts up to ${LIST_COUNT_LIMIT} rows past the page, then gives a lower bound`, async () => {
      const big = await signupAdmin(t.app, 'Bianca Bulk');
      const count = LIST_COUNT_LIMIT + 30;
      await systemTransact(t.database.db, (tx) =>
        tx.insert(properties).values(
          Array.from({ length: count }, (_, index) => ({
            companyId: big.company._id,
            name: `Bulk ${String(index).padStart(5, '0')}`,
            address: `${index} Bulk Road`,
            type: 'house' as const,
          })),
        ),
      );
      const meta = async (query: string) =>
        expectStatus(await call(big, 'GET', `/api/properties?${query}`), 200);
      // The whole list: the count the triggers keep, exact on every page.
      const first = await meta('pageSize=25');
      expect(first.meta).toEqual({ page: 1, pageSize: 25, total: count });
      expect(first.data[0].name).toBe('Bulk 00000');
      expect((await meta('page=999&pageSize=25')).meta).toEqual({ page: 999, pageSize: 25, total: count });
      // A filter that matches them all counts 1,001 rows and stops: "more than 1,000".
      expect((await meta('q=Bulk&pageSize=25')).meta).toEqual({
        page: 1,
        pageSize: 25,
        total: LIST_COUNT_LIMIT,
        totalIsLowerBound: true,
      });
      // Near the end the window reaches past the last row: exact again.
      const last = await meta(`q=Bulk&page=${Math.ceil(count / 25)}&pageSize=25`);
      expect(last.meta).toEqual({ page: Math.ceil(count / 25), pageSize: 25, total: count });
      expect(last.data.at(-1).name).toBe(`Bulk ${String(count - 1).padStart(5, '0')}`);
      // A filter that matches fewer rows is exact, and past the end still gives the total.
      expect((await meta('q=Bulk 010&page=1')).meta).toEqual({ page: 1, pageSize: 25, total: 30 });
      expect((await meta('q=Bulk 010&page=5')).meta).toEqual({ page: 5, pageSize: 25, total: 30 });
      // A delete, through the API or not, and a create move the count.
      expectStatus(await call(big, 'DELETE', `/api/properties/${first.data[0]._id}`), 200);
      await systemTransact(t.database.db, (tx) =>
        tx.delete(properties).where(sql`${properties.name} like 'Bulk 0100%'`),
      );
      await create(big, { name: 'Bulk new' });
      expect((await meta('pageSize=25')).meta.total).toBe(count - 1 - 10 + 1);
      // Another company's list is not touched by any of it.
      expect(expectStatus(await call(admin, 'GET', '/api/properties?pageSize=100'), 200).meta).toEqual({
        page: 1,
        pageSize: 100,
        total: 8,
      });
    });

    it('the application cannot write the kept counts: only the triggers on properties do', async () => {
      const tamper = transact({ db: t.database.db, companyId: admin.company._id }, (tx) =>
        tx.execute(sql`update property_counts set properties = 0`),
      );
      expect(await failure(tamper)).toMatch(/permission denied/i);
      expect(expectStatus(await call(admin, 'GET', '/api/properties?pageSize=5'), 200).meta.total).toBe(8);
    });
  });

  describe('optimistic concurrency and money', () => {
    let admin: SignedIn;
    beforeAll(async () => {
      admin = await signupAdmin(t.app);
    });

    it('a stale __v gets 409 and changes nothing; the current __v succeeds and increments', async () => {
      const created = await create(admin, { name: 'Version 0' });
      const url = `/api/properties/${created._id}`;
      const first = expectStatus(await call(admin, 'PUT', url, { name: 'Version 1', __v: 0 }), 200);
      expect(first.data).toMatchObject({ name: 'Version 1', __v: 1 });

      const stale = expectError(
        await call(admin, 'PUT', url, { name: 'Lost update', rentAmount: 1, __v: 0 }),
        409,
      );
      expect(stale.code).toBe('STALE_VERSION');
      expect(stale.message).toBe('Someone else changed this property. Reload it and try again.');
      expectError(await call(admin, 'PUT', url, { name: 'Future', __v: 7 }), 409);
      expect(await read(admin, created._id)).toEqual(first.data);

      const second = expectStatus(await call(admin, 'PUT', url, { name: 'Version 2', __v: 1 }), 200);
      expect(second.data).toMatchObject({ name: 'Version 2', __v: 2, rentAmount: 0 });
      // Without __v the client opts out of the check (last write wins), but the version still moves.
      const third = expectStatus(await call(admin, 'PUT', url, { status: 'inactive' }), 200);
      expect(third.data).toMatchObject({ name: 'Version 2', status: 'inactive', __v: 3 });
      // A transfer is a change too: the old __v is stale afterwards.
      const ownerId = await createOwnerRecord(t.database, admin.company._id);
      expect(
        expectStatus(await call(admin, 'PUT', `${url}/transfer`, { newOwnerId: ownerId }), 200).data.__v,
      ).toBe(4);
      expectError(await call(admin, 'PUT', url, { name: 'Too late', __v: 3 }), 409);
      expect((await read(admin, created._id)).name).toBe('Version 2');
      expectError(await call(admin, 'PUT', url, { __v: -1 }), 400);
      expectError(await call(admin, 'PUT', url, { __v: '4' }), 400);
    });

    it('money fields are integers in minor units', async () => {
      const big = MAX_AMOUNT;
      const created = await create(admin, { rentAmount: 123456, levyAmount: big, commissionRate: 10000 });
      expect(created).toMatchObject({ rentAmount: 123456, levyAmount: big, commissionRate: 10000 });
      expect((await read(admin, created._id)).levyAmount).toBe(big);

      const invalid: [string, Record<string, unknown>, RegExp][] = [
        ['a fraction', { rentAmount: 1.5 }, /^Rent amount must be a whole number/],
        ['a negative amount', { rentAmount: -100 }, /^Rent amount/],
        ['a string amount', { rentAmount: '1500' }, /^Rent amount/],
        ['a fractional levy', { levyAmount: 0.01 }, /^Levy amount/],
        // Larger amounts would let sums (balances, reports) pass Number.MAX_SAFE_INTEGER.
        [
          'beyond the largest amount',
          { rentAmount: big + 1 },
          /^Rent amount must be at most 9,999,999,999.99/,
        ],
        ['beyond safe integers', { levyAmount: Number.MAX_SAFE_INTEGER }, /^Levy amount/],
        ['a rate above 100%', { commissionRate: 10001 }, /^Commission rate/],
        ['a fractional rate', { commissionRate: 12.5 }, /^Commission rate/],
        ['a lowercase currency', { currency: 'usd' }, /^Currency must be a three-letter code/],
      ];
      const before = await listIds(admin);
      for (const [, fields, message] of invalid) {
        expectError(await call(admin, 'POST', '/api/properties', sample(fields)), 400, message);
        expectError(await call(admin, 'PUT', `/api/properties/${created._id}`, fields), 400, message);
      }
      expect(await listIds(admin)).toEqual(before);
      expect(await read(admin, created._id)).toEqual(created);
    });
  });

  describe('bad input never gives a 500', () => {
    let admin: SignedIn;
    let property: Property;
    beforeAll(async () => {
      admin = await signupAdmin(t.app);
      property = await create(admin);
    });

    it('malformed JSON: 400 with a message on every body-taking endpoint', async () => {
      const urls: [Method, string][] = [
        ['POST', '/api/properties'],
        ['POST', '/api/properties/public'],
        ['PUT', `/api/properties/${property._id}`],
        ['PUT', `/api/properties/${property._id}/transfer`],
      ];
      for (const [method, url] of urls) {
        for (const raw of ['{"name": "x",', '{name: 1}', 'null', '"just a string"', '[1,2]']) {
          const response = await call(admin, method, url, raw, { 'content-type': 'application/json' });
          expect(response.statusCode, `${method} ${url} ${raw}: ${response.body}`).toBe(400);
          expect(response.json()).toMatchObject({ status: 'error', message: expect.any(String) });
        }
        const form = { 'content-type': 'application/x-www-form-urlencoded' };
        expectError(
          await call(admin, method, url, 'name=x', form),
          415,
          'This content type is not supported; send JSON.',
        );
      }
      expectError(
        await call(admin, 'POST', '/api/properties', '{"name":', { 'content-type': 'application/json' }),
        400,
        'The request body is not valid JSON.',
      );
      expect(await read(admin, property._id)).toEqual(property);
    });

    it('wrong types: 400 naming the field', async () => {
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ name: 42 }, /^Name must be a string/],
        [{ type: 'castle' }, /^Type must be one of: apartment, house/],
        [{ status: 'sold' }, /^Status must be one of/],
        [{ bedrooms: '3' }, /^Bedrooms/],
        [{ bathrooms: 1.5 }, /^Bathrooms/],
        [{ area: -1 }, /^Area/],
        [{ ownerId: 'owner-1' }, /^Owner id must be a valid id/],
        [{ agentId: 17 }, /^Agent id/],
        [{ description: ['a'] }, /^Description/],
      ];
      for (const [fields, message] of cases) {
        expectError(await call(admin, 'POST', '/api/properties', sample(fields)), 400, message);
        expectError(await call(admin, 'PUT', `/api/properties/${property._id}`, fields), 400, message);
      }
      expectError(
        await call(admin, 'PUT', `/api/properties/${property._id}/transfer`, { newOwnerId: 5 }),
        400,
      );
      expect(await read(admin, property._id)).toEqual(property);
    });

    it('huge strings: 400 for over-long fields, 413 for an over-large body', async () => {
      expectError(
        await call(admin, 'POST', '/api/properties', sample({ name: 'n'.repeat(201) })),
        400,
        /^Name must be at most 200/,
      );
      expectError(
        await call(admin, 'POST', '/api/properties', sample({ address: 'a'.repeat(501) })),
        400,
        /^Address/,
      );
      expectError(
        await call(admin, 'POST', '/api/properties', sample({ description: 'd'.repeat(5001) })),
        400,
        /^Description/,
      );
      expectError(
        await call(admin, 'PUT', `/api/properties/${property._id}`, { name: 'n'.repeat(10_000) }),
        400,
        /^Name/,
      );
      expectError(
        await call(admin, 'POST', '/api/properties', sample({ name: 'n'.repeat(2_000_000) })),
        413,
        'The request body is too large.',
      );
      expectError(await call(admin, 'GET', `/api/properties?q=${'q'.repeat(201)}`), 400, /^Q /);
      expectError(await call(admin, 'GET', `/api/properties?sort=${'s'.repeat(51)}`), 400);
      const longId = 'x'.repeat(100);
      expectError(await call(admin, 'GET', `/api/properties/${longId}`), 404, 'Property not found');
      expectError(await call(admin, 'GET', `/api/properties/owner/${longId}`), 404, 'Owner not found');
      // Past the router's 100-character parameter limit the router answers 414 before any route.
      for (const url of [
        `/api/properties/${'x'.repeat(5000)}`,
        `/api/properties/owner/${'x'.repeat(5000)}`,
      ]) {
        const response = await call(admin, 'GET', url);
        expect(response.statusCode).toBe(414);
        expect(response.json()).toEqual({
          status: 'error',
          code: 'FST_ERR_MAX_PARAM_LENGTH',
          message: 'The request address is too long.',
        });
      }
      const created = await create(admin, { name: 'n'.repeat(200), description: 'é'.repeat(5000) });
      expect(created.name).toHaveLength(200);
      expect(created.description).toBe('é'.repeat(5000));
    });

    it("non-UUID ids: 404 'Property not found' on every id route", async () => {
      for (const id of [
        'not-a-uuid',
        '123',
        `${property._id}x`,
        "1'%20OR%20'1'='1",
        property._id.toUpperCase().slice(1),
      ]) {
        expect((await call(admin, 'GET', `/api/properties/${id}`)).json()).toMatchObject(NOT_FOUND);
        expectError(
          await call(admin, 'PUT', `/api/properties/${id}`, { name: 'x' }),
          404,
          'Property not found',
        );
        expectError(await call(admin, 'DELETE', `/api/properties/${id}`), 404, 'Property not found');
        expectError(
          await call(admin, 'PUT', `/api/properties/${id}/transfer`, { newOwnerId: randomUUID() }),
          404,
          'Property not found',
        );
        expectError(await call(admin, 'GET', `/api/properties/owner/${id}`), 404, 'Owner not found');
      }
      // An unknown but well-formed id is the same 404.
      expectError(await call(admin, 'GET', `/api/properties/${randomUUID()}`), 404, 'Property not found');
      expectError(await call(admin, 'GET', `/api/properties/owner/${randomUUID()}`), 404, 'Owner not found');
      // Upper-case is still the same UUID.
      expect((await read(admin, property._id.toUpperCase()))._id).toBe(property._id);
    });

    it('unknown ownerId or agentId in a body: 422 with a message, nothing written', async () => {
      const accountant = await addMember(t.app, admin, 'accountant');
      const before = await listIds(admin);
      const cases: [Record<string, unknown>, string, string][] = [
        [{ ownerId: randomUUID() }, 'INVALID_OWNER', 'The chosen owner is not an owner of this company.'],
        [
          { agentId: randomUUID() },
          'INVALID_AGENT',
          'The chosen agent is not an active agent of this company.',
        ],
        // A real user of the company, but not an agent.
        [
          { agentId: accountant.user._id },
          'INVALID_AGENT',
          'The chosen agent is not an active agent of this company.',
        ],
      ];
      for (const [fields, code, message] of cases) {
        const created = expectError(
          await call(admin, 'POST', '/api/properties', sample(fields)),
          422,
          message,
        );
        expect(created.code).toBe(code);
        expectError(await call(admin, 'PUT', `/api/properties/${property._id}`, fields), 422, message);
      }
      const transfer = await call(admin, 'PUT', `/api/properties/${property._id}/transfer`, {
        newOwnerId: randomUUID(),
      });
      expect(expectError(transfer, 422, 'The chosen owner is not an owner of this company.').code).toBe(
        'INVALID_OWNER',
      );
      expectError(
        await call(admin, 'PUT', `/api/properties/${property._id}/transfer`, { newOwnerId: 'not-a-uuid' }),
        422,
        'The chosen owner is not an owner of this company.',
      );
      expect(await listIds(admin)).toEqual(before);
      expect(await read(admin, property._id)).toEqual(property);
      expect((await auditOf(property._id)).map((entry) => entry.action)).toEqual(['property.created']);
    });
  });

  describe('cookie authentication', () => {
    let admin: SignedIn;
    let cookie: string;
    let xsrf: string;
    beforeAll(async () => {
      admin = await signupAdmin(t.app);
      await create(admin, { name: 'Cookie Cottage' });
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: admin.user.email, password: TEST_PASSWORD },
      });
      expectStatus(login, 200);
      cookie = cookieHeader(login);
      xsrf = login.cookies.find((item) => item.name === 'XSRF-TOKEN')?.value ?? '';
      expect(cookie).toContain('accessToken=');
      expect(xsrf).not.toBe('');
    });

    it('the accessToken cookie authenticates GET /api/properties/public-filtered without a Bearer header', async () => {
      const response = await call(null, 'GET', '/api/properties/public-filtered', undefined, { cookie });
      const body = expectStatus(response, 200);
      expect(body.data.map((item: Property) => item.name)).toEqual(['Cookie Cottage']);
      expect(body.meta.total).toBe(1);
    });

    it('a cookie-authenticated POST /api/properties/public needs X-XSRF-TOKEN matching the cookie', async () => {
      const url = `/api/properties/public?userId=${admin.user._id}&companyId=${admin.company._id}&userRole=admin`;
      const message = 'Missing or invalid XSRF token. Reload the page and try again.';
      expectError(await call(null, 'POST', url, sample(), { cookie }), 403, message);
      expectError(
        await call(null, 'POST', url, sample(), { cookie, 'x-xsrf-token': 'guessed' }),
        403,
        message,
      );
      const forgedPair = `${cookie.replace(/XSRF-TOKEN=[^;]*/, 'XSRF-TOKEN=forged')}`;
      expectError(
        await call(null, 'POST', url, sample(), { cookie: forgedPair, 'x-xsrf-token': xsrf }),
        403,
        message,
      );
      expect(await listIds(admin)).toHaveLength(1);

      const response = await call(null, 'POST', url, sample({ name: 'Via cookie' }), {
        cookie,
        'x-xsrf-token': xsrf,
      });
      const body = expectStatus(response, 201);
      expect(body.data).toMatchObject({ name: 'Via cookie', companyId: admin.company._id });
      expect(await listIds(admin)).toHaveLength(2);
    });

    it('no session at all: 401 with a message', async () => {
      expectError(
        await call(null, 'GET', '/api/properties/public-filtered'),
        401,
        'Authentication required. Please log in.',
      );
      expectError(await call(null, 'POST', '/api/properties/public', sample()), 401);
      const expired = 'accessToken=not.a.jwt';
      expectError(
        await call(null, 'GET', '/api/properties/public-filtered', undefined, { cookie: expired }),
        401,
      );
    });
  });

  // Inputs that once reached past validation: the database's limits, the XSRF check, the router.
  describe('input that reaches past validation', () => {
    let admin: SignedIn;
    beforeAll(async () => {
      admin = await signupAdmin(t.app);
    });

    // PostgreSQL text cannot hold U+0000 (SQLSTATE 22021).
    it('a NUL character in q is a 400, not a 500', async () => {
      expectError(await call(admin, 'GET', '/api/properties?q=a%00b'), 400);
    });

    it('a NUL character in a name is a 400, not a 500', async () => {
      expectError(await call(admin, 'POST', '/api/properties', sample({ name: 'a\u0000b' })), 400);
    });

    // Same length in characters, not in bytes: the comparison must not throw.
    it('an X-XSRF-TOKEN with non-ASCII characters is a 403, not a 500', async () => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: admin.user.email, password: TEST_PASSWORD },
      });
      const xsrf = login.cookies.find((item) => item.name === 'XSRF-TOKEN')?.value ?? '';
      const headers = { cookie: cookieHeader(login), 'x-xsrf-token': `\u00e9${xsrf.slice(1)}` };
      expectError(await call(null, 'POST', '/api/properties/public', sample(), headers), 403);
    });

    // Found by the bad-input sweep: the lease's foreign key refused the delete, answered as a 500.
    it('deleting a property that has a lease is a 409 that keeps it, not a 500', async () => {
      const property = await create(admin);
      const tenant = expectStatus(await call(admin, 'POST', '/api/tenants', { name: 'Tina Tenant' }), 201);
      expectStatus(
        await call(admin, 'POST', '/api/leases', {
          propertyId: property._id,
          tenantId: tenant.data._id,
          startDate: '2026-01-01',
          endDate: '2026-12-31',
          rentAmount: 100000,
        }),
        201,
      );
      const refused = expectError(await call(admin, 'DELETE', `/api/properties/${property._id}`), 409);
      expect(refused.code).toBe('PROPERTY_IN_USE');
      expect(await read(admin, property._id)).toEqual(property);
      expect((await auditOf(property._id)).map((entry) => entry.action)).toEqual(['property.created']);
    });

    // Rejected by the router before any route runs.
    it('an over-long path id is answered in the API error envelope', async () => {
      const response = await call(admin, 'GET', `/api/properties/${'x'.repeat(5000)}`);
      expect(response.json()).toMatchObject({ status: 'error', code: expect.any(String) });
    });
  });

  describe('audit log', () => {
    it('every write leaves an audit entry with actor, before and after', async () => {
      const co = await createCompanyWithRoles(t.app);
      const ownerId = await createOwnerRecord(t.database, co.companyId, { name: 'Audited Owner' });
      const created = await create(co.agent, { name: 'Audited' });
      const url = `/api/properties/${created._id}`;
      expectStatus(await call(co.agent, 'PUT', url, { name: 'Audited, renamed', __v: 0 }), 200);
      expectStatus(await call(co.admin, 'PUT', `${url}/transfer`, { newOwnerId: ownerId }), 200);
      // Refused writes leave nothing behind.
      expectError(await call(co.accountant, 'PUT', url, { name: 'No' }), 403);
      expectError(await call(co.admin, 'PUT', url, { name: 'Stale', __v: 0 }), 409);
      expectError(await call(co.admin, 'PUT', url, { ownerId: randomUUID() }), 422);
      expectStatus(await call(co.admin, 'DELETE', url), 200);

      const entries = await auditOf(created._id);
      expect(entries.map((entry) => entry.action)).toEqual([
        'property.created',
        'property.updated',
        'property.transferred',
        'property.deleted',
      ]);
      expect(entries.map((entry) => entry.actorId)).toEqual([
        co.agent.user._id,
        co.agent.user._id,
        co.admin.user._id,
        co.admin.user._id,
      ]);
      expect(entries.every((entry) => entry.companyId === co.companyId && entry.entity === 'property')).toBe(
        true,
      );
      expect(
        entries.every((entry) => typeof entry.requestId === 'string' && entry.requestId.length > 0),
      ).toBe(true);
      const [createdEntry, updatedEntry, transferredEntry, deletedEntry] = entries;
      expect(createdEntry).toMatchObject({
        before: null,
        after: { _id: created._id, name: 'Audited', __v: 0 },
      });
      expect(updatedEntry).toMatchObject({
        before: { name: 'Audited', __v: 0 },
        after: { name: 'Audited, renamed', __v: 1 },
      });
      expect(transferredEntry).toMatchObject({ before: { ownerId: null }, after: { ownerId, __v: 2 } });
      expect(deletedEntry).toMatchObject({ before: { _id: created._id, ownerId, __v: 2 }, after: null });
    });

    it('POST /api/properties/public is audited like POST /api/properties', async () => {
      const admin = await signupAdmin(t.app);
      const body = expectStatus(await call(admin, 'POST', '/api/properties/public', sample()), 201);
      const entries = await auditOf(body.data._id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ action: 'property.created', actorId: admin.user._id });
    });
  });
});
