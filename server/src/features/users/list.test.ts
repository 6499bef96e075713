import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '@lintel/contracts';
import { users } from '../../db/schema/index.ts';
import {
  addMember,
  createCompanyWithRoles,
  createTestApp,
  expectStatus,
  signupAdmin,
  type SignedIn,
  type TestApp,
} from '../../test/harness.ts';

type Company = Awaited<ReturnType<typeof createCompanyWithRoles>>;
type Page = { status: string; data: User[]; meta: { page: number; pageSize: number; total: number } };

describe('GET /api/users', () => {
  let t: TestApp;
  let a: Company;
  let b: SignedIn;
  let bAgent: SignedIn;
  let amara: SignedIn;
  let retired: SignedIn;

  const list = (user: SignedIn | null, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/users${query}`, headers: user ? user.auth : {} });
  const listBody = async (user: SignedIn, query = '') => expectStatus(await list(user, query), 200) as Page;
  const ids = (page: Page) => page.data.map((user) => user._id);
  const idsOf = (...people: SignedIn[]) => people.map((person) => person.user._id);

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompanyWithRoles(t.app);
    amara = await addMember(t.app, a.admin, 'agent', 'Amara Nkosi');
    retired = await addMember(t.app, a.admin, 'agent', 'Rufus Retired');
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, retired.user._id));
    b = await signupAdmin(t.app, 'Bongani Other');
    bAgent = await addMember(t.app, b, 'agent', 'Amara Elsewhere');
  });
  afterAll(() => t.close());

  it('answers 401 without a session', async () => {
    expect(expectStatus(await list(null), 401)).toMatchObject({ status: 'error', code: 'UNAUTHORIZED' });
  });

  it("lists every user of the admin's company as Users in the page envelope", async () => {
    const page = await listBody(a.admin);
    expect(page.status).toBe('success');
    expect(page.meta).toEqual({ page: 1, pageSize: 25, total: 7 });
    expect(ids(page).sort()).toEqual(
      idsOf(a.admin, a.agent, a.owner, a.accountant, a.other, amara, retired).sort(),
    );
    for (const user of page.data) expect(User.strict().parse(user)).toEqual(user);
    expect(page.data.find((user) => user._id === amara.user._id)).toMatchObject({
      firstName: 'Amara',
      lastName: 'Nkosi',
      role: 'agent',
      isActive: true,
      companyId: a.companyId,
    });
  });

  it('never sends password hashes', async () => {
    const response = await list(a.admin);
    expect(response.body).not.toMatch(/password|argon/i);
  });

  it.each(['agent', 'owner', 'accountant', 'other'] as const)('refuses the %s with 403', async (role) => {
    const body = expectStatus(await list(a[role]), 403);
    expect(body).toMatchObject({ status: 'error', code: 'FORBIDDEN', message: expect.any(String) });
  });

  it('filters by role and by isActive', async () => {
    const agents = await listBody(a.admin, '?role=agent');
    expect(ids(agents).sort()).toEqual(idsOf(a.agent, amara, retired).sort());
    expect(agents.meta.total).toBe(3);
    expect(ids(await listBody(a.admin, '?role=agent&isActive=true')).sort()).toEqual(
      idsOf(a.agent, amara).sort(),
    );
    expect(ids(await listBody(a.admin, '?isActive=false'))).toEqual(idsOf(retired));
    expect(ids(await listBody(a.admin, '?role=accountant'))).toEqual(idsOf(a.accountant));
  });

  it('refuses an unknown role or a non-boolean isActive with 400', async () => {
    expect(expectStatus(await list(a.admin, '?role=superuser'), 400)).toMatchObject({ code: 'VALIDATION' });
    expect(expectStatus(await list(a.admin, '?isActive=maybe'), 400)).toMatchObject({ code: 'VALIDATION' });
  });

  it('searches first name, last name, full name and email, case-insensitively', async () => {
    expect(ids(await listBody(a.admin, '?q=amara'))).toEqual(idsOf(amara));
    expect(ids(await listBody(a.admin, '?q=NKOSI'))).toEqual(idsOf(amara));
    expect(ids(await listBody(a.admin, '?q=amara%20nkosi'))).toEqual(idsOf(amara));
    expect(
      ids(await listBody(a.admin, `?q=${encodeURIComponent(a.accountant.user.email.toUpperCase())}`)),
    ).toEqual(idsOf(a.accountant));
    expect(ids(await listBody(a.admin, '?q=amara&role=owner'))).toEqual([]);
    expect(ids(await listBody(a.admin, '?q=%25'))).toEqual([]);
  });

  it('paginates with a total, pages never overlapping', async () => {
    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) => listBody(a.admin, `?pageSize=2&page=${page}`)),
    );
    expect(pages.map((page) => page.data.length)).toEqual([2, 2, 2, 1]);
    for (const [index, page] of pages.entries()) {
      expect(page.meta).toEqual({ page: index + 1, pageSize: 2, total: 7 });
    }
    const all = pages.flatMap(ids);
    expect(new Set(all).size).toBe(7);
    expect(expectStatus(await list(a.admin, '?pageSize=101'), 400)).toMatchObject({ code: 'VALIDATION' });
  });

  it('sorts by name, email, role or createdAt and refuses other keys', async () => {
    const byName = await listBody(a.admin, '?sort=name&role=agent');
    // Where "agent person" and "Amara" fall depends on the database's collation; Rufus is last in any.
    const names = byName.data.map((user) => `${user.firstName} ${user.lastName}`);
    expect(new Set(names)).toEqual(new Set(['agent person', 'Amara Nkosi', 'Rufus Retired']));
    expect(names.at(-1)).toBe('Rufus Retired');
    const descending = await listBody(a.admin, '?sort=-name&role=agent');
    expect(descending.data[0]!.firstName).toBe('Rufus');
    const byRole = await listBody(a.admin, '?sort=role');
    const roles = byRole.data.map((user) => user.role);
    expect(roles).toEqual([...roles].sort());
    // Emails are unique, so descending is exactly ascending reversed (whatever the collation).
    const byEmail = ids(await listBody(a.admin, '?sort=email'));
    expect(ids(await listBody(a.admin, '?sort=-email'))).toEqual([...byEmail].reverse());
    expect((await listBody(a.admin, '?sort=-createdAt')).data).toHaveLength(7);
    for (const sort of ['passwordHash', 'constructor', 'hasOwnProperty']) {
      expect(expectStatus(await list(a.admin, `?sort=${sort}`), 400)).toMatchObject({ code: 'VALIDATION' });
    }
  });

  it("never lists another company's users, even when searched for", async () => {
    const ofA = await listBody(a.admin, '?pageSize=100');
    expect(ids(ofA)).not.toContain(b.user._id);
    expect(ids(ofA)).not.toContain(bAgent.user._id);
    expect(ids(await listBody(a.admin, '?q=elsewhere'))).toEqual([]);
    expect(ids(await listBody(a.admin, `?q=${encodeURIComponent(b.user.email)}`))).toEqual([]);
    expect(ids(await listBody(a.admin, `?role=agent&companyId=${b.company._id}`))).not.toContain(
      bAgent.user._id,
    );

    const ofB = await listBody(b, '?pageSize=100');
    expect(ids(ofB).sort()).toEqual(idsOf(b, bAgent).sort());
    expect(ofB.meta.total).toBe(2);
  });
});
