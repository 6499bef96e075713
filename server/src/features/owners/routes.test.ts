import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OwnerSummary } from '@lintel/contracts';
import { systemTransact } from '../../db/scope.ts';
import {
  createCompanyWithRoles,
  createOwnerRecord,
  createTestApp,
  expectStatus,
  type SignedIn,
  type TestApp,
} from '../../test/harness.ts';
import { insertOwner } from './index.ts';

type Company = Awaited<ReturnType<typeof createCompanyWithRoles>>;

describe('GET /api/owners', () => {
  let t: TestApp;
  let a: Company;
  let b: Company;
  /** A word in every owner name of company A, so searches cannot match other test files' rows. */
  const tag = randomUUID().slice(0, 6);
  const ownersOfA: Record<string, string> = {};
  let ownerOfB: string;

  const list = (user: SignedIn | null, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/owners${query}`, headers: user ? user.auth : {} });

  async function listBody(user: SignedIn, query = '') {
    const body = expectStatus(await list(user, query), 200);
    return body as {
      status: string;
      data: OwnerSummary[];
      meta: { page: number; pageSize: number; total: number };
    };
  }

  const names = (owners: OwnerSummary[]) => owners.map((owner) => owner.name);

  async function addOwner(companyId: string, values: { name: string; email?: string; phone?: string }) {
    const row = await systemTransact(t.database.db, (tx) =>
      insertOwner(tx, {
        companyId,
        name: values.name,
        email: values.email ?? null,
        phone: values.phone ?? null,
        idNumber: '63-123456-X-42',
        bankDetails: { bank: 'Test Bank', account: '0001' },
        notes: 'private notes',
      }),
    );
    return row.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    [a, b] = await Promise.all([createCompanyWithRoles(t.app), createCompanyWithRoles(t.app)]);
    ownersOfA.olive = await createOwnerRecord(t.database, a.companyId, {
      name: `Olive ${tag}`,
      userId: a.owner.user._id,
    });
    ownersOfA.mark = await addOwner(a.companyId, {
      name: `Mark ${tag}`,
      email: 'mark.landlord@example.com',
      phone: '+263 77 111 2222',
    });
    ownersOfA.zara = await addOwner(a.companyId, { name: `Zara ${tag}`, email: 'zara@example.com' });
    ownersOfA.percent = await addOwner(a.companyId, { name: `100% Holdings ${tag}` });
    ownerOfB = await addOwner(b.companyId, { name: `Bella ${tag}`, email: 'bella@example.com' });
  });
  afterAll(() => t.close());

  it('answers 401 without a session', async () => {
    const body = expectStatus(await list(null), 401);
    expect(body).toMatchObject({ status: 'error', code: 'UNAUTHORIZED' });
  });

  it("lists the company's owners as summaries in the page envelope, by name", async () => {
    const body = await listBody(a.admin);
    expect(body.status).toBe('success');
    expect(body.meta).toEqual({ page: 1, pageSize: 25, total: 4 });
    expect(names(body.data)).toEqual([`100% Holdings ${tag}`, `Mark ${tag}`, `Olive ${tag}`, `Zara ${tag}`]);
    for (const owner of body.data) expect(OwnerSummary.strict().parse(owner)).toEqual(owner);
    expect(body.data.find((owner) => owner._id === ownersOfA.mark)).toEqual({
      _id: ownersOfA.mark,
      name: `Mark ${tag}`,
      email: 'mark.landlord@example.com',
      phone: '+263 77 111 2222',
      userId: null,
    });
    expect(body.data.find((owner) => owner._id === ownersOfA.olive)).toMatchObject({
      email: null,
      phone: null,
      userId: a.owner.user._id,
    });
  });

  it('never sends id numbers, bank details or notes', async () => {
    const response = await list(a.admin);
    expect(response.body).not.toContain('63-123456-X-42');
    expect(response.body).not.toContain('Test Bank');
    expect(response.body).not.toContain('private notes');
  });

  it.each(['agent', 'accountant'] as const)('lets the %s list owners', async (role) => {
    const body = await listBody(a[role]);
    expect(body.meta.total).toBe(4);
  });

  it.each(['owner', 'other'] as const)('refuses the %s with 403', async (role) => {
    const body = expectStatus(await list(a[role]), 403);
    expect(body).toMatchObject({ status: 'error', code: 'FORBIDDEN', message: expect.any(String) });
  });

  it('searches name and email, case-insensitively', async () => {
    expect(names((await listBody(a.admin, '?q=oLiVe')).data)).toEqual([`Olive ${tag}`]);
    expect(names((await listBody(a.admin, '?q=landlord%40EXAMPLE')).data)).toEqual([`Mark ${tag}`]);
    const both = await listBody(a.admin, '?q=example.com');
    expect(names(both.data)).toEqual([`Mark ${tag}`, `Zara ${tag}`]);
    expect(both.meta.total).toBe(2);
    expect((await listBody(a.admin, '?q=nobody-by-this-name')).data).toEqual([]);
  });

  it('treats % and _ in the search as plain text', async () => {
    expect(names((await listBody(a.admin, '?q=100%25')).data)).toEqual([`100% Holdings ${tag}`]);
    expect((await listBody(a.admin, '?q=%25%25')).data).toEqual([]);
    expect((await listBody(a.admin, '?q=_')).data).toEqual([]);
  });

  it('paginates with a total, pages never overlapping', async () => {
    const first = await listBody(a.admin, '?pageSize=3&page=1');
    const second = await listBody(a.admin, '?pageSize=3&page=2');
    const beyond = await listBody(a.admin, '?pageSize=3&page=3');
    expect(first.meta).toEqual({ page: 1, pageSize: 3, total: 4 });
    expect(second.meta).toEqual({ page: 2, pageSize: 3, total: 4 });
    expect(first.data).toHaveLength(3);
    expect(names(second.data)).toEqual([`Zara ${tag}`]);
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(4);
  });

  it('sorts by name, email or createdAt and refuses other keys', async () => {
    expect(names((await listBody(a.admin, '?sort=-name')).data)).toEqual([
      `Zara ${tag}`,
      `Olive ${tag}`,
      `Mark ${tag}`,
      `100% Holdings ${tag}`,
    ]);
    expect(names((await listBody(a.admin, '?sort=email&q=example')).data)).toEqual([
      `Mark ${tag}`,
      `Zara ${tag}`,
    ]);
    expect((await listBody(a.admin, '?sort=-createdAt')).data).toHaveLength(4);
    for (const sort of ['idNumber', 'constructor', '__proto__', '-']) {
      const body = expectStatus(await list(a.admin, `?sort=${sort}`), 400);
      expect(body).toMatchObject({ status: 'error', code: 'VALIDATION' });
    }
  });

  it('refuses page sizes above 100 and pages below 1 with 400', async () => {
    expect(expectStatus(await list(a.admin, '?pageSize=101'), 400)).toMatchObject({ code: 'VALIDATION' });
    expect(expectStatus(await list(a.admin, '?pageSize=0'), 400)).toMatchObject({ code: 'VALIDATION' });
    expect(expectStatus(await list(a.admin, '?page=0'), 400)).toMatchObject({ code: 'VALIDATION' });
    expect((await listBody(a.admin, '?pageSize=100')).meta.pageSize).toBe(100);
  });

  it("never lists another company's owners, even when searched for", async () => {
    const ofA = await listBody(a.admin, '?pageSize=100');
    expect(ofA.data.map((owner) => owner._id)).not.toContain(ownerOfB);
    expect((await listBody(a.admin, '?q=bella')).data).toEqual([]);
    expect((await listBody(a.agent, '?q=bella')).data).toEqual([]);

    const ofB = await listBody(b.admin, '?pageSize=100');
    expect(ofB.data.map((owner) => owner._id)).toEqual([ownerOfB]);
    expect(ofB.meta.total).toBe(1);
    expect((await listBody(b.accountant, `?q=${tag}`)).data.map((owner) => owner._id)).toEqual([ownerOfB]);
  });

  it('ignores a companyId in the query string', async () => {
    const body = expectStatus(await list(a.admin, `?companyId=${b.companyId}`), 200);
    expect(body.data.map((owner: OwnerSummary) => owner._id)).not.toContain(ownerOfB);
  });
});
