import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import {
  createCompanyWithRoles,
  createTestApp,
  expectError,
  expectStatus,
  type SignedIn,
  signupAdmin,
  type TestApp,
} from '../../test/harness.ts';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const NON_ADMIN_ROLES = ['agent', 'owner', 'accountant', 'other'] as const;

describe('companies API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const getCompany = (who: SignedIn | undefined, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/companies/${id}`, headers: who?.auth });
  const putCompany = (who: SignedIn, id: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/companies/${id}`,
      headers: who.auth,
      payload: payload as Record<string, unknown>,
    });
  /** The stored company as its own admin sees it. */
  const readBack = async (who: SignedIn) => expectStatus(await getCompany(who, who.company._id), 200).data;
  const updateAudits = (companyId: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, companyId), eq(auditLog.action, 'company.updated')))
      .orderBy(asc(auditLog.createdAt));

  describe('GET /api/companies/current', () => {
    it('returns every SPEC §3 company field to the admin who signed up', async () => {
      const admin = await signupAdmin(t.app);
      const body = expectStatus(
        await t.app.inject({ method: 'GET', url: '/api/companies/current', headers: admin.auth }),
        200,
      );
      expect(body.status).toBe('success');
      const company = body.data;
      expect(Object.keys(company).sort()).toEqual(
        [
          '_id',
          'name',
          'address',
          'phone',
          'email',
          'website',
          'registrationNumber',
          'tinNumber',
          'vatNumber',
          'ownerId',
          'description',
          'logo',
          'isActive',
          'subscriptionStatus',
          'subscriptionEndDate',
          'bankAccounts',
          'createdAt',
          'updatedAt',
          '__v',
        ].sort(),
      );
      expect(company).toEqual({
        _id: admin.user.companyId,
        name: admin.company.name,
        address: '1 Test Street, Harare',
        phone: '+263 77 000 0000',
        email: admin.company.email,
        website: null,
        registrationNumber: 'CR 1/2020',
        tinNumber: '2000000001',
        vatNumber: null,
        ownerId: admin.user._id,
        description: null,
        logo: null,
        isActive: true,
        subscriptionStatus: 'trial',
        subscriptionEndDate: null,
        bankAccounts: [],
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
        __v: 0,
      });
      expect(company.email).toMatch(/^office-.*@test\.example$/);
      // The sign-up reply and the fetched company are the same record.
      expect(company).toEqual(admin.company);
    });

    it('gives every role its own company (SPEC: the client loads it for every signed-in user)', async () => {
      const team = await createCompanyWithRoles(t.app);
      const expected = await readBack(team.admin);
      for (const role of ['admin', ...NON_ADMIN_ROLES] as const) {
        const response = await t.app.inject({
          method: 'GET',
          url: '/api/companies/current',
          headers: team[role].auth,
        });
        expect(expectStatus(response, 200), role).toEqual({ status: 'success', data: expected });
        expect(team[role].user.role).toBe(role);
      }
      expect(expected.ownerId).toBe(team.admin.user._id);
    });

    it('refuses a request without a session or with a forged token', async () => {
      expectError(await t.app.inject({ method: 'GET', url: '/api/companies/current' }), 401, 'UNAUTHORIZED');
      expectError(
        await t.app.inject({
          method: 'GET',
          url: '/api/companies/current',
          headers: { authorization: 'Bearer not.a.token' },
        }),
        401,
        'UNAUTHORIZED',
      );
    });
  });

  describe('GET /api/companies/:id', () => {
    it('returns your own company to every role', async () => {
      const team = await createCompanyWithRoles(t.app);
      const expected = await readBack(team.admin);
      expect(expected._id).toBe(team.companyId);
      for (const role of NON_ADMIN_ROLES) {
        expect(expectStatus(await getCompany(team[role], team.companyId), 200), role).toEqual({
          status: 'success',
          data: expected,
        });
      }
    });

    it("answers 404 for another company's id, a random UUID and a non-UUID", async () => {
      const [a, b] = await Promise.all([signupAdmin(t.app), signupAdmin(t.app)]);
      for (const id of [b.company._id, randomUUID(), 'not-a-uuid']) {
        const body = expectError(await getCompany(a, id), 404, 'NOT_FOUND');
        expect(JSON.stringify(body)).not.toContain(b.company.name);
      }
      // B is still there for B: the 404 hid it, it did not lose it.
      expect((await readBack(b)).name).toBe(b.company.name);
    });

    it('answers 401 without a session', async () => {
      const admin = await signupAdmin(t.app);
      expectError(await getCompany(undefined, admin.company._id), 401, 'UNAUTHORIZED');
    });
  });

  describe('PUT /api/companies/:id', () => {
    const bankAccounts = [
      {
        bankName: '  CBZ Bank ',
        accountName: 'Acme Trust Account',
        accountNumber: '01234567890',
        branch: 'Borrowdale',
        branchCode: '6101',
        swiftCode: 'COBZZWHA',
        currency: 'USD',
      },
      { bankName: 'Stanbic', accountName: 'Acme Operations', accountNumber: '9140001', currency: 'ZWG' },
    ];

    it('updates the profile and bank accounts, bumps __v and audits before/after', async () => {
      const admin = await signupAdmin(t.app);
      const before = await readBack(admin);
      const response = await putCompany(admin, before._id, {
        __v: before.__v,
        name: 'Renamed Realty',
        phone: '+263 24 270 0000',
        email: 'Accounts@Renamed.Example',
        website: 'https://renamed.example',
        vatNumber: 'VAT-10020',
        description: 'Residential lettings in Harare',
        bankAccounts,
      });
      const body = expectStatus(response, 200);
      expect(body.status).toBe('success');
      const after = body.data;
      expect(after).toEqual({
        ...before,
        name: 'Renamed Realty',
        phone: '+263 24 270 0000',
        email: 'accounts@renamed.example',
        website: 'https://renamed.example',
        vatNumber: 'VAT-10020',
        description: 'Residential lettings in Harare',
        bankAccounts: [{ ...bankAccounts[0], bankName: 'CBZ Bank' }, bankAccounts[1]],
        updatedAt: expect.stringMatching(ISO),
        __v: before.__v + 1,
      });
      expect(new Date(after.updatedAt).getTime()).toBeGreaterThan(new Date(before.updatedAt).getTime());
      expect(await readBack(admin)).toEqual(after);

      const audits = await updateAudits(before._id);
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({
        companyId: before._id,
        actorId: admin.user._id,
        entity: 'company',
        entityId: before._id,
        action: 'company.updated',
        before,
        after,
        requestId: response.headers['x-request-id'],
      });

      // A second update from the new version works too and is audited on its own.
      const second = expectStatus(
        await putCompany(admin, before._id, { __v: after.__v, website: null, bankAccounts: [] }),
        200,
      ).data;
      expect(second).toMatchObject({ website: null, bankAccounts: [], name: 'Renamed Realty', __v: 2 });
      const audits2 = await updateAudits(before._id);
      expect(audits2).toHaveLength(2);
      expect(audits2[1]).toMatchObject({ before: after, after: second });
    });

    it('ignores fields that are not part of the profile (owner, status, subscription, id)', async () => {
      const admin = await signupAdmin(t.app);
      const before = await readBack(admin);
      const after = expectStatus(
        await putCompany(admin, before._id, {
          __v: 0,
          name: 'Still Mine',
          _id: randomUUID(),
          ownerId: randomUUID(),
          isActive: false,
          subscriptionStatus: 'active',
          subscriptionEndDate: '2099-01-01T00:00:00.000Z',
          createdAt: '2000-01-01T00:00:00.000Z',
        }),
        200,
      ).data;
      expect(after).toMatchObject({
        _id: before._id,
        name: 'Still Mine',
        ownerId: admin.user._id,
        isActive: true,
        subscriptionStatus: 'trial',
        subscriptionEndDate: null,
        createdAt: before.createdAt,
        __v: 1,
      });
    });

    it('refuses a stale __v with 409 STALE_VERSION and changes nothing', async () => {
      const admin = await signupAdmin(t.app);
      const v0 = await readBack(admin);
      const v1 = expectStatus(await putCompany(admin, v0._id, { __v: 0, name: 'First Edit' }), 200).data;
      const body = expectError(
        await putCompany(admin, v0._id, { __v: 0, name: 'Lost Update', phone: '000' }),
        409,
        'STALE_VERSION',
      );
      expect(body.message).toMatch(/reload/i);
      expect(await readBack(admin)).toEqual(v1);
      // A version from the future is just as stale.
      expectError(await putCompany(admin, v0._id, { __v: 7, name: 'Future' }), 409, 'STALE_VERSION');
      expect(await readBack(admin)).toEqual(v1);
      expect(await updateAudits(v0._id)).toHaveLength(1);
    });

    it('requires __v', async () => {
      const admin = await signupAdmin(t.app);
      const before = await readBack(admin);
      const body = expectError(
        await putCompany(admin, before._id, { name: 'No Version' }),
        400,
        'VALIDATION',
      );
      expect(body.details).toEqual(expect.arrayContaining([{ path: '__v', message: 'Version is required' }]));
      expect(await readBack(admin)).toEqual(before);
    });

    it('names the field in validation messages', async () => {
      const admin = await signupAdmin(t.app);
      const before = await readBack(admin);
      const body = expectError(
        await putCompany(admin, before._id, { __v: 0, email: 'not-an-email' }),
        400,
        'VALIDATION',
      );
      expect(body.message).toBe('Email must be a valid email address');
      expect(body.details).toEqual([{ path: 'email', message: 'Email must be a valid email address' }]);

      const blank = expectError(
        await putCompany(admin, before._id, { __v: 0, name: '   ' }),
        400,
        'VALIDATION',
      );
      expect(blank.message).toBe('Name is required');

      const account = expectError(
        await putCompany(admin, before._id, {
          __v: 0,
          bankAccounts: [{ bankName: 'CBZ', accountName: 'Acme', accountNumber: '1', currency: 'usd' }],
        }),
        400,
        'VALIDATION',
      );
      expect(account.message).toBe('Currency must be a three-letter code such as USD');
      expect(account.details[0].path).toBe('bankAccounts.0.currency');
      expect(await readBack(admin)).toEqual(before);
    });

    it.each(NON_ADMIN_ROLES)('forbids %s (admin only) and changes nothing', async (role) => {
      const team = await createCompanyWithRoles(t.app);
      const before = await readBack(team.admin);
      expectError(
        await putCompany(team[role], team.companyId, { __v: 0, name: 'Hijacked' }),
        403,
        'FORBIDDEN',
      );
      expect(await readBack(team.admin)).toEqual(before);
      expect(await updateAudits(team.companyId)).toHaveLength(0);
    });

    it("answers 404 for another company's id and leaves that company alone", async () => {
      const [a, b] = await Promise.all([signupAdmin(t.app), signupAdmin(t.app)]);
      const bBefore = await readBack(b);
      for (const id of [b.company._id, randomUUID(), 'not-a-uuid']) {
        expectError(await putCompany(a, id, { __v: 0, name: 'Taken Over' }), 404, 'NOT_FOUND');
      }
      expect(await readBack(b)).toEqual(bBefore);
      expect((await readBack(a)).__v).toBe(0);
      expect(await updateAudits(b.company._id)).toHaveLength(0);
    });

    it('lets exactly one of two concurrent updates with the same __v win', async () => {
      const admin = await signupAdmin(t.app);
      const before = await readBack(admin);
      const responses = await Promise.all(
        ['Left Writer', 'Right Writer'].map((name) => putCompany(admin, before._id, { __v: 0, name })),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = responses.find((r) => r.statusCode === 200)!.json().data;
      expect(responses.find((r) => r.statusCode === 409)!.json().code).toBe('STALE_VERSION');
      const stored = await readBack(admin);
      expect(stored).toEqual(winner);
      expect(stored.__v).toBe(1);
      expect(await updateAudits(before._id)).toHaveLength(1);
    });
  });

  describe('bad input is never a 500', () => {
    it('answers malformed JSON with 400 and a message', async () => {
      const admin = await signupAdmin(t.app);
      const body = expectError(
        await t.app.inject({
          method: 'PUT',
          url: `/api/companies/${admin.company._id}`,
          headers: { ...admin.auth, 'content-type': 'application/json' },
          payload: '{bad',
        }),
        400,
      );
      expect(body.message).toBe('The request body is not valid JSON.');
    });

    it('answers a 2 MB body with 413 and a message, changing nothing', async () => {
      const admin = await signupAdmin(t.app);
      const before = await readBack(admin);
      const body = expectError(
        await t.app.inject({
          method: 'PUT',
          url: `/api/companies/${admin.company._id}`,
          headers: { ...admin.auth, 'content-type': 'application/json' },
          payload: JSON.stringify({ __v: 0, description: 'x'.repeat(2 * 1024 * 1024) }),
        }),
        413,
      );
      expect(body.message).toBe('The request body is too large.');
      expect(await readBack(admin)).toEqual(before);
    });

    it.each([
      ['a string __v', { __v: '0' }, '__v'],
      ['a negative __v', { __v: -1 }, '__v'],
      ['a fractional __v', { __v: 0.5 }, '__v'],
      ['a number for a name', { __v: 0, name: 42 }, 'name'],
      ['an object for a phone', { __v: 0, phone: { number: 1 } }, 'phone'],
      ['a string for bank accounts', { __v: 0, bankAccounts: 'CBZ' }, 'bankAccounts'],
      [
        'a bank account missing fields',
        { __v: 0, bankAccounts: [{ bankName: 'CBZ' }] },
        'bankAccounts.0.accountName',
      ],
      [
        'too many bank accounts',
        { __v: 0, bankAccounts: Array(21).fill({ bankName: 'B', accountName: 'A', accountNumber: '1' }) },
        'bankAccounts',
      ],
      ['an over-long name', { __v: 0, name: 'n'.repeat(161) }, 'name'],
    ])('answers %s with 400', async (_label, payload, path) => {
      const admin = await signupAdmin(t.app);
      const before = await readBack(admin);
      const body = expectError(await putCompany(admin, before._id, payload), 400, 'VALIDATION');
      expect(body.details.map((d: { path: string }) => d.path)).toContain(path);
      expect(await readBack(admin)).toEqual(before);
    });

    it('answers a JSON array or null body with 400', async () => {
      const admin = await signupAdmin(t.app);
      for (const payload of ['[]', 'null', '"text"']) {
        expectError(
          await t.app.inject({
            method: 'PUT',
            url: `/api/companies/${admin.company._id}`,
            headers: { ...admin.auth, 'content-type': 'application/json' },
            payload,
          }),
          400,
        );
      }
      expectError(
        await t.app.inject({
          method: 'PUT',
          url: `/api/companies/${admin.company._id}`,
          headers: admin.auth,
        }),
        400,
      );
    });
  });
});
