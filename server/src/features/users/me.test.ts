import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@lintel/contracts';
import { auditLog, users } from '../../db/schema/index.ts';
import {
  createCompanyWithRoles,
  createTestApp,
  expectStatus,
  signupAdmin,
  TEST_PASSWORD,
  uniqueEmail,
  type SignedIn,
  type TestApp,
} from '../../test/harness.ts';

type Company = Awaited<ReturnType<typeof createCompanyWithRoles>>;

describe('/api/me: preferences and profile', () => {
  let t: TestApp;
  let co: Company;
  beforeAll(async () => {
    t = await createTestApp();
    co = await createCompanyWithRoles(t.app);
  });
  afterAll(() => t.close());

  const call = (
    who: SignedIn | null,
    method: 'GET' | 'PUT',
    url: string,
    payload?: Record<string, unknown>,
  ) => t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

  describe('preferences', () => {
    it.each(ROLES)('the %s reads defaults, saves and reads back their own', async (role) => {
      const who = co[role];
      expect(expectStatus(await call(who, 'GET', '/api/me/preferences'), 200)).toEqual({
        status: 'success',
        data: { rowsPerPage: 25, dateFormat: 'dd/MM/yyyy' },
      });
      const saved = expectStatus(
        await call(who, 'PUT', '/api/me/preferences', { rowsPerPage: 50, dateFormat: 'yyyy-MM-dd' }),
        200,
      );
      expect(saved.data).toEqual({ rowsPerPage: 50, dateFormat: 'yyyy-MM-dd' });
      expect(expectStatus(await call(who, 'GET', '/api/me/preferences'), 200).data).toEqual(saved.data);
    });

    it("never touches another user's preferences", async () => {
      const fresh = await createCompanyWithRoles(t.app);
      expectStatus(
        await call(fresh.agent, 'PUT', '/api/me/preferences', { rowsPerPage: 100, dateFormat: 'MM/dd/yyyy' }),
        200,
      );
      expect(expectStatus(await call(fresh.admin, 'GET', '/api/me/preferences'), 200).data).toEqual({
        rowsPerPage: 25,
        dateFormat: 'dd/MM/yyyy',
      });
      const audits = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, fresh.agent.user._id));
      expect(audits.map((audit) => audit.action)).toContain('user.preferences_updated');
    });

    it('refuses values outside the lists with 400 and keeps the saved ones', async () => {
      const who = await signupAdmin(t.app);
      for (const body of [
        { rowsPerPage: 30, dateFormat: 'dd/MM/yyyy' },
        { rowsPerPage: '25', dateFormat: 'dd/MM/yyyy' },
        { rowsPerPage: 25, dateFormat: 'yyyy/dd/MM' },
        { rowsPerPage: 25 },
      ]) {
        expect(expectStatus(await call(who, 'PUT', '/api/me/preferences', body), 400).code).toBe(
          'VALIDATION',
        );
      }
      const message = expectStatus(
        await call(who, 'PUT', '/api/me/preferences', { rowsPerPage: 30, dateFormat: 'dd/MM/yyyy' }),
        400,
      ).message;
      expect(message).toBe('Rows per page must be 10, 25, 50 or 100');
      expect(expectStatus(await call(who, 'GET', '/api/me/preferences'), 200).data.rowsPerPage).toBe(25);
    });

    it('answers 401 without a session', async () => {
      expect(expectStatus(await call(null, 'GET', '/api/me/preferences'), 401).code).toBe('UNAUTHORIZED');
    });
  });

  describe('PUT /api/me', () => {
    it.each(ROLES)('the %s changes their own name and email', async (role) => {
      const fresh = await createCompanyWithRoles(t.app);
      const who = fresh[role];
      const email = uniqueEmail('Renamed');
      const body = expectStatus(
        await call(who, 'PUT', '/api/me', { firstName: ' Nia ', lastName: 'Renamed', email }),
        200,
      );
      expect(body.data).toMatchObject({
        _id: who.user._id,
        firstName: 'Nia',
        lastName: 'Renamed',
        email: email.toLowerCase(),
        role,
      });
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: TEST_PASSWORD },
      });
      expectStatus(login, 200);
    });

    it('refuses an email another account uses (any company) with 409, changing nothing', async () => {
      const elsewhere = await signupAdmin(t.app);
      for (const email of [co.agent.user.email, elsewhere.user.email.toUpperCase()]) {
        const body = expectStatus(
          await call(co.other, 'PUT', '/api/me', { firstName: 'X', lastName: 'Y', email }),
          409,
        );
        expect(body).toMatchObject({ code: 'EMAIL_TAKEN', message: expect.any(String) });
      }
      const [row] = await t.database.db.select().from(users).where(eq(users.id, co.other.user._id));
      expect(row?.email).toBe(co.other.user.email);
    });

    it('validates the body', async () => {
      for (const body of [
        { firstName: '', lastName: 'A', email: uniqueEmail('a') },
        { firstName: 'A', lastName: 'A', email: 'not-an-email' },
        { firstName: 'A', lastName: 'A' },
      ]) {
        expect(expectStatus(await call(co.other, 'PUT', '/api/me', body), 400).code).toBe('VALIDATION');
      }
    });
  });
});
