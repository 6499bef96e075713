import { gunzipSync } from 'node:zlib';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Property, Session, User } from '@lintel/contracts';
import { properties } from '../db/schema/index.ts';
import { systemTransact } from '../db/scope.ts';
import {
  companyInput,
  cookieHeader,
  createCompanyWithRoles,
  createOwnerRecord,
  createTestApp,
  expectError,
  expectStatus,
  injectAs,
  signupAdmin,
  TEST_PASSWORD,
  uniqueEmail,
  type SignedIn,
  type TestApp,
} from './harness.ts';

/**
 * The requests SPEC.md's own client sends, exactly as it sends them (issue 15): its property
 * form, its whole-list reads, a wrong password, sign-up without a company, delete, and its
 * development set-up on another origin.
 */
let t: TestApp;
let co: Awaited<ReturnType<typeof createCompanyWithRoles>>;
let ownerRecordId: string;

beforeAll(async () => {
  t = await createTestApp();
  co = await createCompanyWithRoles(t.app);
  ownerRecordId = await createOwnerRecord(t.database, co.companyId, { userId: co.owner.user._id });
});
afterAll(() => t.close());

const call = (
  user: SignedIn | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => injectAs(t.app, user, method, url, payload);

/** What SPEC's property form posts: the caller's own id as ownerId, companyId and fields it does not show. */
const specForm = (user: SignedIn, name = `Replay ${randomInt(1e6)}`) => ({
  name,
  address: '97 Replay Rd, Harare',
  type: 'apartment',
  ownerId: user.user._id,
  companyId: user.company._id,
  rent: 500,
  status: 'available',
});

const claims = (user: SignedIn) =>
  `userId=${user.user._id}&companyId=${user.company._id}&userRole=${user.user.role}`;

describe("1. SPEC's property form sends ownerId = the signed-in user's own id", () => {
  it('POST /api/properties/public as an agent: created with no owner, managed by the agent', async () => {
    const body = expectStatus(
      await call(co.agent, 'POST', `/api/properties/public?${claims(co.agent)}`, specForm(co.agent)),
      201,
    );
    const created = Property.parse(body.data);
    expect(created).toMatchObject({ ownerId: null, agentId: co.agent.user._id, companyId: co.companyId });
    expect(created).toMatchObject({
      address: '97 Replay Rd, Harare',
      type: 'apartment',
      status: 'available',
    });
  });

  it('POST /api/properties as an admin: the same', async () => {
    const body = expectStatus(await call(co.admin, 'POST', '/api/properties', specForm(co.admin)), 201);
    expect(body.data.ownerId).toBeNull();
  });

  it("PUT /api/properties/{id} with the caller's own id leaves the owner unchanged", async () => {
    const created = expectStatus(
      await call(co.admin, 'POST', '/api/properties', { ...specForm(co.admin), ownerId: ownerRecordId }),
      201,
    ).data;
    expect(created.ownerId).toBe(ownerRecordId);
    const renamed = `${created.name} (renamed)`;
    for (const editor of [co.admin, co.agent]) {
      // The agent may change it once it manages it.
      if (editor === co.agent) {
        await call(co.admin, 'PUT', `/api/properties/${created._id}`, { agentId: co.agent.user._id });
      }
      const body = expectStatus(
        await call(editor, 'PUT', `/api/properties/${created._id}`, { ...specForm(editor, renamed) }),
        200,
      );
      expect(body.data).toMatchObject({ name: renamed, ownerId: ownerRecordId, companyId: co.companyId });
    }
  });

  it("an owner user's id names their own owner record; anyone else's id is still refused", async () => {
    const named = expectStatus(
      await call(co.admin, 'POST', '/api/properties', { ...specForm(co.admin), ownerId: co.owner.user._id }),
      201,
    );
    expect(named.data.ownerId).toBe(ownerRecordId);
    // The accountant's id, sent by the admin, is nobody's owner record: not the caller's own, so 422.
    expectError(
      await call(co.admin, 'POST', '/api/properties', {
        ...specForm(co.admin),
        ownerId: co.accountant.user._id,
      }),
      422,
      'INVALID_OWNER',
    );
  });

  it('never trusts companyId in the body', async () => {
    const other = await createCompanyWithRoles(t.app);
    const body = expectStatus(
      await call(co.admin, 'POST', '/api/properties', { ...specForm(co.admin), companyId: other.companyId }),
      201,
    );
    expect(body.data.companyId).toBe(co.companyId);
  });
});

describe('2. a list read without paging is the whole list', () => {
  let big: Awaited<ReturnType<typeof createCompanyWithRoles>>;
  let bigOwnerId: string;
  const COUNT = 30;

  beforeAll(async () => {
    big = await createCompanyWithRoles(t.app);
    bigOwnerId = await createOwnerRecord(t.database, big.companyId, { userId: big.owner.user._id });
    await systemTransact(t.database.db, (tx) =>
      tx.insert(properties).values(
        Array.from({ length: COUNT }, (_, index) => ({
          companyId: big.companyId,
          name: `Whole ${String(index).padStart(2, '0')}`,
          address: `${index} Whole Road`,
          type: 'house' as const,
          // 27 of the 30 are the owner's.
          ownerId: index < 27 ? bigOwnerId : null,
        })),
      ),
    );
  });

  const names = (body: { data: Property[] }) => body.data.map((item) => item.name);

  it("GET /api/properties/public-filtered with SPEC's query answers all 30", async () => {
    const body = expectStatus(
      await call(big.agent, 'GET', `/api/properties/public-filtered?${claims(big.agent)}`),
      200,
    );
    expect(body.data).toHaveLength(COUNT);
    expect(body.meta).toEqual({ page: 1, pageSize: COUNT, total: COUNT });
    expect(names(body)).toEqual([...names(body)].sort());
  });

  it('GET /api/properties answers all 30; page or pageSize still page', async () => {
    expect(expectStatus(await call(big.accountant, 'GET', '/api/properties'), 200).data).toHaveLength(COUNT);
    const first = expectStatus(await call(big.accountant, 'GET', '/api/properties?page=1'), 200);
    expect(first.data).toHaveLength(25);
    expect(first.meta).toEqual({ page: 1, pageSize: 25, total: COUNT });
    const sized = expectStatus(await call(big.accountant, 'GET', '/api/properties?pageSize=10'), 200);
    expect(sized.meta).toEqual({ page: 1, pageSize: 10, total: COUNT });
    const second = expectStatus(await call(big.accountant, 'GET', '/api/properties?page=2'), 200);
    expect(names(second)).toEqual(['Whole 25', 'Whole 26', 'Whole 27', 'Whole 28', 'Whole 29']);
  });

  it('GET /api/properties/owner/{ownerId} answers all 27 of the owner, to the owner too; role rules unchanged', async () => {
    for (const reader of [big.admin, big.owner]) {
      const body = expectStatus(
        await call(reader, 'GET', `/api/properties/owner/${big.owner.user._id}`),
        200,
      );
      expect(body.data).toHaveLength(27);
    }
    // The owner's own whole list holds only theirs.
    expect(expectStatus(await call(big.owner, 'GET', '/api/properties'), 200).data).toHaveLength(27);
    // Another company's user sees none of them.
    expectError(await call(co.admin, 'GET', `/api/properties/owner/${bigOwnerId}`), 404);
  });

  it('compresses the whole list when the client accepts gzip', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/properties',
      headers: { ...big.accountant.auth, 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(response.rawPayload).toString('utf8'));
    expect(body.data).toHaveLength(COUNT);
  });
});

describe('3. a wrong password is not an expired session', () => {
  it('POST /api/auth/login with a wrong password or an unknown email: 400 INVALID_CREDENTIALS', async () => {
    for (const email of [co.agent.user.email, uniqueEmail('nobody')]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'not-the-password' },
        remoteAddress: `10.15.${randomInt(256)}.${randomInt(256)}`,
      });
      expect(expectError(response, 400, 'INVALID_CREDENTIALS').message).toBe('Invalid email or password.');
    }
  });
});

describe('4. sign-up without a company', () => {
  const signUp = async (email = uniqueEmail('solo')) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: TEST_PASSWORD, name: 'Sam Solo' },
    });
    const session = Session.parse(expectStatus(response, 201));
    return { ...session, response, auth: { authorization: `Bearer ${session.token}` } };
  };
  const refreshWith = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken } });
  const as = (auth: { authorization: string }, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

  it('POST /api/auth/signup {email, password, name}: 201, a user with no company and the default role, signed in', async () => {
    const solo = await signUp();
    expect(solo.company).toBeNull();
    expect(solo.user).toMatchObject({ companyId: null, role: 'other', firstName: 'Sam', lastName: 'Solo' });
    expect(solo.token).toBeTruthy();
    expect(solo.refreshToken).toBeTruthy();
    const me = expectStatus(await as(solo.auth, 'GET', '/api/auth/me'), 200);
    expect(User.parse(me.user)).toEqual(solo.user);
    // Signs in again the same way, and refreshes.
    const again = expectStatus(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: solo.user.email, password: TEST_PASSWORD },
      }),
      200,
    );
    expect(again.company).toBeNull();
    expectStatus(await refreshWith(solo.refreshToken), 200);
  });

  it("sees no company's data: NO_COMPANY with SPEC's text, 404 for the company and 409 for lists, never 401 or 403", async () => {
    const solo = await signUp();
    const noCompany = {
      status: 'error',
      code: 'NO_COMPANY',
      message: 'User is not associated with any company',
    };
    for (const url of ['/api/companies/current', `/api/companies/${co.companyId}`]) {
      expect(expectStatus(await as(solo.auth, 'GET', url), 404)).toEqual(noCompany);
    }
    for (const url of [
      '/api/properties',
      `/api/properties/public-filtered?userId=${solo.user._id}&userRole=other`,
      `/api/properties/owner/${solo.user._id}`,
      `/api/properties/${co.admin.user._id}`,
      '/api/users',
      '/api/payments',
      '/api/dashboard/other',
    ]) {
      expect(expectStatus(await as(solo.auth, 'GET', url), 409), url).toEqual(noCompany);
    }
    expect(
      expectStatus(
        await as(solo.auth, 'POST', '/api/properties', { name: 'X', address: 'Y', type: 'house' }),
        409,
      ),
    ).toEqual(noCompany);
  });

  it('refuses an email already taken, as before', async () => {
    const solo = await signUp();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: solo.user.email, password: TEST_PASSWORD, name: 'Twin' },
    });
    expectError(response, 409, 'EMAIL_TAKEN');
  });

  it('creates an agency: the user becomes its admin with a fresh session; the old one ends', async () => {
    const solo = await signUp();
    const created = Session.parse(
      expectStatus(
        await as(solo.auth, 'POST', '/api/auth/create-company', companyInput('Solo Lettings')),
        201,
      ),
    );
    expect(created.user).toMatchObject({
      _id: solo.user._id,
      role: 'admin',
      companyId: created.company!._id,
    });
    expect(created.company).toMatchObject({ name: 'Solo Lettings', ownerId: solo.user._id });
    const fresh = { authorization: `Bearer ${created.token}` };
    expect(expectStatus(await as(fresh, 'GET', '/api/companies/current'), 200).data.name).toBe(
      'Solo Lettings',
    );
    expectStatus(await as(fresh, 'GET', '/api/users'), 200);
    // The company-less token and refresh token are over.
    expectError(await as(solo.auth, 'GET', '/api/auth/me'), 401);
    expectError(await refreshWith(solo.refreshToken), 401);
    // Once in a company, neither way in works again.
    expectError(
      await as(fresh, 'POST', '/api/auth/create-company', companyInput()),
      409,
      'ALREADY_IN_COMPANY',
    );
    // The audit log of the new company has it.
    const audit = expectStatus(await as(fresh, 'GET', '/api/audit?pageSize=100'), 200);
    expect(audit.data.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['company.created', 'user.joined']),
    );
  });

  it('joins a company with an invitation code, in the invited role; a used code is refused', async () => {
    const solo = await signUp();
    const invitation = expectStatus(
      await call(co.admin, 'POST', '/api/users/invitations', { email: solo.user.email, role: 'agent' }),
      201,
    ).data;
    const joined = Session.parse(
      expectStatus(
        await as(solo.auth, 'POST', '/api/auth/accept-invitation', { code: invitation.code }),
        200,
      ),
    );
    expect(joined.user).toMatchObject({ role: 'agent', companyId: co.companyId });
    expect(joined.company?._id).toBe(co.companyId);
    const fresh = { authorization: `Bearer ${joined.token}` };
    expectStatus(await as(fresh, 'GET', '/api/properties'), 200);

    const late = await signUp();
    expectError(
      await as(late.auth, 'POST', '/api/auth/accept-invitation', { code: invitation.code }),
      400,
      'INVALID_INVITATION',
    );
    expectError(await as(late.auth, 'POST', '/api/auth/accept-invitation', { code: '' }), 400, 'VALIDATION');
  });

  it('an invitation for another email is refused; one for an owner binds their owner record', async () => {
    const solo = await signUp();
    const forSomeoneElse = expectStatus(
      await call(co.admin, 'POST', '/api/users/invitations', { email: uniqueEmail('else'), role: 'agent' }),
      201,
    ).data;
    expectError(
      await as(solo.auth, 'POST', '/api/auth/accept-invitation', { code: forSomeoneElse.code }),
      400,
      'INVITATION_EMAIL_MISMATCH',
    );
    const ownerId = await createOwnerRecord(t.database, co.companyId, { name: 'Odette Owner' });
    const home = expectStatus(
      await call(co.admin, 'POST', '/api/properties', {
        name: 'Odette House',
        address: '3 Rd',
        type: 'house',
        ownerId,
      }),
      201,
    ).data;
    const ownerInvitation = expectStatus(
      await call(co.admin, 'POST', '/api/users/invitations', { role: 'owner', ownerId }),
      201,
    ).data;
    const joined = expectStatus(
      await as(solo.auth, 'POST', '/api/auth/accept-invitation', { code: ownerInvitation.code }),
      200,
    );
    const mine = expectStatus(
      await as({ authorization: `Bearer ${joined.token}` }, 'GET', '/api/properties'),
      200,
    );
    expect(mine.data.map((item: Property) => item._id)).toEqual([home._id]);
  });

  it('of two joins with one code at once, exactly one wins', async () => {
    const [first, second] = await Promise.all([signUp(), signUp()]);
    const invitation = expectStatus(
      await call(co.admin, 'POST', '/api/users/invitations', { role: 'accountant' }),
      201,
    ).data;
    const answers = await Promise.all(
      [first, second].map((solo) =>
        as(solo.auth, 'POST', '/api/auth/accept-invitation', { code: invitation.code }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('the sign-up throttle counts this path too: 429 past the limit per address, other addresses unaffected', async () => {
    const limited = await createTestApp({ config: { signupsPerAddress: 3 } });
    try {
      const remoteAddress = `10.44.${randomInt(256)}.${randomInt(256)}`;
      const attempt = (from: string, company?: object) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          remoteAddress: from,
          payload: { email: uniqueEmail('bulk'), password: TEST_PASSWORD, name: 'Bulk', company },
        });
      expectStatus(await attempt(remoteAddress), 201);
      expectStatus(await attempt(remoteAddress, companyInput()), 201);
      expectStatus(await attempt(remoteAddress), 201);
      const refused = expectError(await attempt(remoteAddress), 429, 'TOO_MANY_REQUESTS');
      expect(refused.message).toBe('Too many sign-ups from this address. Try again in 15 minutes.');
      expectError(await attempt(remoteAddress, companyInput()), 429, 'TOO_MANY_REQUESTS');
      expectStatus(await attempt(`10.45.${randomInt(256)}.${randomInt(256)}`), 201);
    } finally {
      await limited.close();
    }
  });
});

describe('5. delete answers the deleted property; the development set-up', () => {
  it('DELETE /api/properties/{id}: 200 with the property in data', async () => {
    const created = expectStatus(
      await call(co.admin, 'POST', '/api/properties', specForm(co.admin)),
      201,
    ).data;
    const body = expectStatus(await call(co.admin, 'DELETE', `/api/properties/${created._id}`), 200);
    expect(Property.parse(body.data)).toEqual(created);
  });

  /** Signs in and keeps the cookies, as the browser does; the answer sets XSRF-TOKEN too. */
  const cookieSession = async (app: TestApp['app'], email = co.agent.user.email) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expectStatus(response, 200);
    return cookieHeader(response);
  };
  /** SPEC §7's dev client: cookies, no X-XSRF-TOKEN (axios adds it same-origin only), its Origin. */
  const refreshByCookie = (app: TestApp['app'], cookie: string, origin?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers: { cookie, 'content-type': 'application/json', ...(origin ? { origin } : {}) },
      payload: {},
    });

  it('accepts a cookie-only refresh from a trusted origin, refuses it from an unknown one or with no Origin', async () => {
    for (const origin of ['https://evil.example', 'null', undefined]) {
      const refused = expectError(await refreshByCookie(t.app, await cookieSession(t.app), origin), 403);
      expect(refused.message).toBe('Missing or invalid XSRF token. Reload the page and try again.');
    }
    for (const origin of ['http://localhost:5173', 'http://localhost:80']) {
      // The test app trusts :5173; localhost:80 is Lintel's own origin as inject addresses it.
      const body = expectStatus(await refreshByCookie(t.app, await cookieSession(t.app), origin), 200);
      expect(body.token).toBeTruthy();
    }
  });

  it('accepts a cookie-authenticated property write from a trusted origin without the XSRF header', async () => {
    const cookie = await cookieSession(t.app);
    const write = (origin: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/properties/public?${claims(co.agent)}`,
        headers: { cookie, origin, 'content-type': 'application/json' },
        payload: specForm(co.agent),
      });
    expectError(await write('https://evil.example'), 403);
    expect(expectStatus(await write('http://localhost:5173'), 201).data.agentId).toBe(co.agent.user._id);
  });

  it('a server trusting no other origin (production by default) refuses the dev origin, and CORS gives it nothing', async () => {
    const production = await createTestApp({ config: { trustedOrigins: [] } });
    try {
      const { user } = await signupAdmin(production.app);
      const cookie = await cookieSession(production.app, user.email);
      expectError(await refreshByCookie(production.app, cookie, 'http://localhost:5173'), 403);
      expectStatus(await refreshByCookie(production.app, cookie, 'http://localhost:80'), 200);
      const preflight = await production.app.inject({
        method: 'OPTIONS',
        url: '/api/auth/refresh-token',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await production.close();
    }
  });
});
