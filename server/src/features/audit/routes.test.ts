import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditFacets, AuditLogEntry, PageMeta } from '@lintel/contracts';
import { auditLog } from '../../db/schema/index.ts';
import { systemTransact } from '../../db/scope.ts';
import { LIST_COUNT_LIMIT } from '../../lib/list-query.ts';
import {
  createCompanyWithRoles,
  createTestApp,
  expectStatus,
  signupAdmin,
  type SignedIn,
  type TestApp,
} from '../../test/harness.ts';

type Company = Awaited<ReturnType<typeof createCompanyWithRoles>>;

describe('audit API', () => {
  let t: TestApp;
  let a: Company;
  let b: Company;
  beforeAll(async () => {
    t = await createTestApp();
    [a, b] = await Promise.all([createCompanyWithRoles(t.app), createCompanyWithRoles(t.app)]);
  });
  afterAll(() => t.close());

  const get = (user: SignedIn | null, url: string): Promise<LightMyRequestResponse> =>
    t.app.inject({ method: 'GET', url, headers: user ? user.auth : {} });

  async function list(user: SignedIn, query: Record<string, string | number> = {}) {
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
    );
    const body = expectStatus(await get(user, `/api/audit?${search.toString()}`), 200);
    return {
      items: (body.data as unknown[]).map((entry) => AuditLogEntry.parse(entry)),
      meta: PageMeta.parse(body.meta),
    };
  }

  async function createProperty(user: SignedIn, name = `Unit ${randomUUID().slice(0, 6)}`) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: user.auth,
      payload: { name, address: '12 Baker Road, Harare', type: 'apartment' },
    });
    return expectStatus(response, 201).data as { _id: string; name: string };
  }

  /** Entries with chosen times, straight into the table (INSERT is allowed; the API never writes). */
  async function seedEntries(
    companyId: string,
    actorId: string | null,
    rows: { action: string; entity: string; at: string; after?: unknown }[],
  ) {
    await systemTransact(t.database.db, (tx) =>
      tx.insert(auditLog).values(
        rows.map((row) => ({
          companyId,
          actorId,
          action: row.action,
          entity: row.entity,
          entityId: randomUUID(),
          after: row.after ?? null,
          createdAt: new Date(row.at),
        })),
      ),
    );
  }

  describe('who may read it', () => {
    for (const url of ['/api/audit', '/api/audit/facets']) {
      it(`GET ${url}: admin 200; agent, owner, accountant, other 403; no session 401`, async () => {
        expectStatus(await get(a.admin, url), 200);
        for (const role of ['agent', 'owner', 'accountant', 'other'] as const) {
          const body = expectStatus(await get(a[role], url), 403);
          expect(body).toMatchObject({ status: 'error', code: 'FORBIDDEN' });
        }
        expectStatus(await get(null, url), 401);
      });
    }
  });

  describe('what real actions leave', () => {
    it('creating a property through the API records property.created with its actor and after', async () => {
      const property = await createProperty(a.admin, 'Audit Court');
      const { items, meta } = await list(a.admin, { entityId: property._id });
      expect(meta.total).toBe(1);
      expect(items[0]).toMatchObject({
        action: 'property.created',
        entity: 'property',
        entityId: property._id,
        actorId: a.admin.user._id,
        actorName: 'Ada Admin',
        before: null,
        after: { _id: property._id, name: 'Audit Court' },
      });
      expect(items[0]!.requestId).toEqual(expect.any(String));
      expect(Number.isNaN(Date.parse(items[0]!.createdAt))).toBe(false);
    });

    it("names the agent who acted, and the sign-up's own entries", async () => {
      const property = await createProperty(a.agent);
      const { items } = await list(a.admin, { entityId: property._id });
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ actorId: a.agent.user._id, actorName: 'agent person' });

      const signups = await list(a.admin, { action: 'user.signed_up', actorId: a.agent.user._id });
      expect(signups.items.map((entry) => entry.entityId)).toEqual([a.agent.user._id]);
    });
  });

  describe('filters', () => {
    let admin: SignedIn;
    beforeAll(async () => {
      admin = await signupAdmin(t.app, 'Fil Ters');
      await seedEntries(admin.company._id, admin.user._id, [
        { action: 'thing.created', entity: 'thing', at: '2024-01-10T12:00:00Z' },
        { action: 'thing.updated', entity: 'thing', at: '2024-01-11T23:59:59Z' },
        { action: 'thing.deleted', entity: 'thing', at: '2024-01-12T00:00:00Z' },
        { action: 'widget.created', entity: 'widget', at: '2024-01-11T08:00:00Z' },
      ]);
      await seedEntries(admin.company._id, null, [
        { action: 'job.ran', entity: 'widget', at: '2024-01-11T09:00:00Z' },
      ]);
    });

    const actions = async (query: Record<string, string>) =>
      (await list(admin, query)).items.map((entry) => entry.action);

    it('by entity and by action', async () => {
      expect(await actions({ entity: 'thing' })).toEqual(['thing.deleted', 'thing.updated', 'thing.created']);
      expect(await actions({ action: 'thing.updated' })).toEqual(['thing.updated']);
      expect(await actions({ entity: 'widget', action: 'widget.created' })).toEqual(['widget.created']);
      expect(await actions({ entity: 'nothing' })).toEqual([]);
    });

    it('by actor; the system has no name', async () => {
      const mine = await list(admin, { actorId: admin.user._id });
      expect(mine.items.every((entry) => entry.actorId === admin.user._id)).toBe(true);
      expect(mine.items.map((entry) => entry.action)).toContain('thing.created');
      expect(mine.items.map((entry) => entry.action)).not.toContain('job.ran');
      const all = await list(admin, { entity: 'widget' });
      expect(all.items.find((entry) => entry.action === 'job.ran')).toMatchObject({
        actorId: null,
        actorName: null,
      });
      expect(await actions({ actorId: randomUUID() })).toEqual([]);
    });

    it('by date range, `to` taking in the whole of its day', async () => {
      expect(await actions({ entity: 'thing', from: '2024-01-10', to: '2024-01-11' })).toEqual([
        'thing.updated',
        'thing.created',
      ]);
      expect(await actions({ entity: 'thing', from: '2024-01-11', to: '2024-01-11' })).toEqual([
        'thing.updated',
      ]);
      expect(await actions({ entity: 'thing', from: '2024-01-12' })).toEqual(['thing.deleted']);
      expect(await actions({ entity: 'thing', to: '2024-01-10' })).toEqual(['thing.created']);
      expect(await actions({ from: '2024-01-11T08:30:00Z', to: '2024-01-11T09:00:00Z' })).toEqual([
        'job.ran',
      ]);
      expect(await actions({ from: '2030-01-01' })).toEqual([]);
    });

    it('by a free-text search over action, entity and user', async () => {
      expect(await actions({ q: 'widget.cr' })).toEqual(['widget.created']);
      const byUser = await list(admin, { q: 'Fil Ters' });
      expect(byUser.items.length).toBeGreaterThan(0);
      // The total is counted by the database over the search's entries only.
      expect(byUser.meta.total).toBe(byUser.items.length);
    });

    it('refuses a backwards range or a bad value with 400 and a message', async () => {
      const backwards = expectStatus(await get(admin, '/api/audit?from=2024-01-12&to=2024-01-10'), 400);
      expect(backwards.message).toBe('The start date must not be after the end date');
      for (const query of ['from=yesterday', 'to=2024-13-45', 'actorId=nope', 'entityId=1', 'pageSize=101']) {
        const body = expectStatus(await get(admin, `/api/audit?${query}`), 400);
        expect(body).toMatchObject({ status: 'error', message: expect.any(String) });
      }
    });

    it('facets list the entities, actions and users present', async () => {
      const body = expectStatus(await get(admin, '/api/audit/facets'), 200);
      const facets = AuditFacets.parse(body.data);
      expect(facets.entities).toEqual(expect.arrayContaining(['thing', 'widget', 'company', 'user']));
      expect(facets.actions).toEqual(
        expect.arrayContaining(['thing.created', 'thing.deleted', 'job.ran', 'company.created']),
      );
      expect(facets.actors).toEqual([{ _id: admin.user._id, name: 'Fil Ters' }]);
    });
  });

  describe('pagination', () => {
    it('pages newest first without overlap, with the total', async () => {
      const admin = await signupAdmin(t.app);
      await seedEntries(
        admin.company._id,
        admin.user._id,
        Array.from({ length: 7 }, (_, index) => ({
          action: 'page.test',
          entity: 'page',
          at: `2024-02-0${index + 1}T10:00:00Z`,
          after: { n: index + 1 },
        })),
      );
      const pages = [];
      for (const page of [1, 2, 3]) {
        const { items, meta } = await list(admin, { entity: 'page', page, pageSize: 3 });
        expect(meta).toEqual({ page, pageSize: 3, total: 7 });
        pages.push(items.map((entry) => (entry.after as { n: number }).n));
      }
      expect(pages).toEqual([[7, 6, 5], [4, 3, 2], [1]]);
      expect((await list(admin, { entity: 'page', page: 4, pageSize: 3 })).items).toEqual([]);
    });

    it(`counts exactly up to ${LIST_COUNT_LIMIT} entries past the page, then gives a lower bound`, async () => {
      const admin = await signupAdmin(t.app);
      const count = LIST_COUNT_LIMIT + 30;
      await seedEntries(
        admin.company._id,
        admin.user._id,
        Array.from({ length: count }, (_, index) => ({
          action: index < 40 ? 'bulk.early' : 'bulk.late',
          entity: 'bulk',
          at: new Date(Date.UTC(2024, 0, 1) + index * 60_000).toISOString(),
          after: { n: index },
        })),
      );
      const numbers = (items: AuditLogEntry[]) => items.map((entry) => (entry.after as { n: number }).n);
      // Page 1 counts 1,001 entries and stops: "more than 1,000".
      const first = await list(admin, { entity: 'bulk', pageSize: 25 });
      expect(first.meta).toEqual({ page: 1, pageSize: 25, total: LIST_COUNT_LIMIT, totalIsLowerBound: true });
      expect(numbers(first.items)[0]).toBe(count - 1);
      // The count starts at the page: page 2 knows of 1,000 past its own first entry.
      expect((await list(admin, { entity: 'bulk', page: 2, pageSize: 25 })).meta).toEqual({
        page: 2,
        pageSize: 25,
        total: 25 + LIST_COUNT_LIMIT,
        totalIsLowerBound: true,
      });
      // Once the window reaches past the last entry the count is exact again.
      expect((await list(admin, { entity: 'bulk', page: 3, pageSize: 25 })).meta).toEqual({
        page: 3,
        pageSize: 25,
        total: count,
      });
      const lastPage = Math.ceil(count / 25);
      const last = await list(admin, { entity: 'bulk', page: lastPage, pageSize: 25 });
      expect(last.meta).toEqual({ page: lastPage, pageSize: 25, total: count });
      expect(numbers(last.items).at(-1)).toBe(0);
      // A filter that matches fewer is exact, and a page past its end still gives the total.
      expect((await list(admin, { action: 'bulk.early' })).meta).toEqual({
        page: 1,
        pageSize: 25,
        total: 40,
      });
      expect((await list(admin, { action: 'bulk.early', page: 5 })).meta).toEqual({
        page: 5,
        pageSize: 25,
        total: 40,
      });
      // Another company's log is not touched by any of it.
      const other = await list(a.admin, { pageSize: 100 });
      expect(other.meta.totalIsLowerBound).toBeUndefined();
      expect(other.meta.total).toBeLessThan(100);
      expect(other.items.some((entry) => entry.entity === 'bulk')).toBe(false);
    });
  });

  describe('isolation', () => {
    it("never lists another company's entries, even when asked by its ids", async () => {
      const theirs = await createProperty(b.admin);
      const { items: bEntries } = await list(b.admin, { entityId: theirs._id });
      expect(bEntries).toHaveLength(1);

      const all = await list(a.admin, { pageSize: 100 });
      expect(all.items.some((entry) => entry.entityId === theirs._id)).toBe(false);
      expect(all.items.some((entry) => entry.actorId === b.admin.user._id)).toBe(false);
      expect(all.items.some((entry) => entry.entityId === b.companyId)).toBe(false);

      expect((await list(a.admin, { entityId: theirs._id })).meta.total).toBe(0);
      expect((await list(a.admin, { entityId: b.companyId })).meta.total).toBe(0);
      expect((await list(a.admin, { actorId: b.admin.user._id })).meta.total).toBe(0);

      const facets = AuditFacets.parse(expectStatus(await get(a.admin, '/api/audit/facets'), 200).data);
      const actorIds = facets.actors.map((actor) => actor._id);
      expect(actorIds).toContain(a.admin.user._id);
      expect(actorIds).not.toContain(b.admin.user._id);
      expect(actorIds).not.toContain(b.agent.user._id);
    });
  });
});
