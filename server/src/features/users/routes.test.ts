import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@lintel/contracts';
import { auditLog, companies, invitations, users } from '../../db/schema/index.ts';
import {
  createCompanyWithRoles,
  createTestApp,
  expectError,
  expectStatus,
  type SignedIn,
  signupAdmin,
  TEST_PASSWORD,
  type TestApp,
  uniqueEmail,
} from '../../test/harness.ts';

const DAY_MS = 24 * 3600 * 1000;
const ROLES: Role[] = ['admin', 'agent', 'owner', 'accountant', 'other'];
const NON_ADMIN_ROLES = ['agent', 'owner', 'accountant', 'other'] as const;

describe('invitations and sign-up with a code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const invite = (who: SignedIn | undefined, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/invitations',
      headers: who?.auth,
      payload: payload as Record<string, unknown>,
    });
  const issue = async (admin: SignedIn, payload: { email?: string; role: Role }) =>
    expectStatus(await invite(admin, payload), 201).data;
  const signupWithCode = (code: string, email: string, name = 'Ivy Invited') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: TEST_PASSWORD, name, company: code },
    });
  const invitationRow = async (id: string) => {
    const [row] = await t.database.db.select().from(invitations).where(eq(invitations.id, id));
    return row!;
  };
  const usersWithEmail = (email: string) =>
    t.database.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  const membersOf = (companyId: string) =>
    t.database.db.select().from(users).where(eq(users.companyId, companyId));

  describe('POST /api/users/invitations', () => {
    it('gives the admin a one-time code that expires in 7 days', async () => {
      const admin = await signupAdmin(t.app);
      const email = uniqueEmail('Agent.Person');
      const startedAt = Date.now();
      const body = expectStatus(await invite(admin, { email, role: 'agent' }), 201);
      expect(body).toEqual({
        status: 'success',
        data: {
          _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          email: email.toLowerCase(),
          role: 'agent',
          ownerId: null,
          createdBy: admin.user._id,
          code: expect.any(String),
          signupPath: `/signup?code=${encodeURIComponent(body.data.code)}`,
          expiresAt: expect.any(String),
          createdAt: expect.any(String),
        },
      });
      const { code, expiresAt } = body.data;
      expect(code.length).toBeGreaterThanOrEqual(20);
      const expiresIn = new Date(expiresAt).getTime() - startedAt;
      expect(Math.abs(expiresIn - 7 * DAY_MS)).toBeLessThan(60_000);

      const row = await invitationRow(body.data._id);
      expect(row).toMatchObject({
        companyId: admin.company._id,
        createdBy: admin.user._id,
        role: 'agent',
        email: email.toLowerCase(),
        usedAt: null,
        usedBy: null,
      });

      const again = await issue(admin, { email, role: 'agent' });
      expect(again.code).not.toBe(code);
      expect(again._id).not.toBe(body.data._id);
    });

    it('accepts an invitation without an email', async () => {
      const admin = await signupAdmin(t.app);
      const invitation = await issue(admin, { role: 'other' });
      expect(invitation).toMatchObject({ email: null, role: 'other' });
    });

    it.each(NON_ADMIN_ROLES)('forbids %s (admin only) and stores nothing', async (role) => {
      const team = await createCompanyWithRoles(t.app);
      expectError(await invite(team[role], { email: uniqueEmail('x'), role: 'admin' }), 403, 'FORBIDDEN');
      const rows = await t.database.db
        .select()
        .from(invitations)
        .where(
          and(eq(invitations.companyId, team.companyId), eq(invitations.createdBy, team[role].user._id)),
        );
      expect(rows).toHaveLength(0);
    });

    it('answers 401 without a session', async () => {
      expectError(await invite(undefined, { role: 'agent' }), 401, 'UNAUTHORIZED');
    });

    it('validates the role and the email', async () => {
      const admin = await signupAdmin(t.app);
      const badRole = expectError(
        await invite(admin, { email: uniqueEmail('x'), role: 'superuser' }),
        400,
        'VALIDATION',
      );
      expect(badRole.message).toBe('Role must be one of: admin, agent, owner, accountant, other');
      expectError(await invite(admin, { email: uniqueEmail('x') }), 400, 'VALIDATION');
      const badEmail = expectError(
        await invite(admin, { email: 'nobody', role: 'agent' }),
        400,
        'VALIDATION',
      );
      expect(badEmail.message).toBe('Email must be a valid email address');
      const rows = await t.database.db
        .select()
        .from(invitations)
        .where(eq(invitations.companyId, admin.company._id));
      expect(rows).toHaveLength(0);
    });

    it('never stores or audits the code in plain text', async () => {
      const admin = await signupAdmin(t.app);
      const invitation = await issue(admin, { email: uniqueEmail('agent'), role: 'agent' });
      const row = await invitationRow(invitation._id);
      expect(row.codeHash).not.toBe(invitation.code);
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(invitation.code);
      const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, invitation._id));
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({ action: 'invitation.created', actorId: admin.user._id });
      expect(JSON.stringify(audits)).not.toContain(invitation.code);
    });
  });

  describe('POST /api/auth/signup with an invitation code', () => {
    it.each(ROLES)('joins the inviting company as %s', async (role) => {
      const admin = await signupAdmin(t.app);
      const email = uniqueEmail(role);
      const invitation = await issue(admin, { email, role });
      const body = expectStatus(await signupWithCode(invitation.code, email, 'Ivy Newcomer'), 201);
      expect(body.user).toMatchObject({
        email,
        firstName: 'Ivy',
        lastName: 'Newcomer',
        role,
        companyId: admin.company._id,
        isActive: true,
      });
      expect(body.company._id).toBe(admin.company._id);
      expect(body.company.ownerId).toBe(admin.user._id);
      expect(body.token).toEqual(expect.any(String));

      // The new session really belongs to the inviting company, with the invited role.
      const me = expectStatus(
        await t.app.inject({
          method: 'GET',
          url: '/api/auth/me',
          headers: { authorization: `Bearer ${body.token}` },
        }),
        200,
      );
      expect(me.user).toMatchObject({ _id: body.user._id, role, companyId: admin.company._id });
      const current = expectStatus(
        await t.app.inject({
          method: 'GET',
          url: '/api/companies/current',
          headers: { authorization: `Bearer ${body.token}` },
        }),
        200,
      );
      expect(current.data._id).toBe(admin.company._id);

      const row = await invitationRow(invitation._id);
      expect(row.usedBy).toBe(body.user._id);
      expect(row.usedAt).toBeInstanceOf(Date);
    });

    it('refuses the same code a second time', async () => {
      const admin = await signupAdmin(t.app);
      const invitation = await issue(admin, { role: 'agent' });
      expectStatus(await signupWithCode(invitation.code, uniqueEmail('first')), 201);
      const second = uniqueEmail('second');
      expectError(await signupWithCode(invitation.code, second), 400, 'INVALID_INVITATION');
      expect(await usersWithEmail(second)).toHaveLength(0);
      expect(await membersOf(admin.company._id)).toHaveLength(2);
    });

    it('refuses an unknown code', async () => {
      const email = uniqueEmail('guess');
      const body = expectError(await signupWithCode('made-up-code-123456', email), 400, 'INVALID_INVITATION');
      expect(body.message).toMatch(/invitation code is not valid/);
      expect(await usersWithEmail(email)).toHaveLength(0);
    });

    it('refuses an email other than the invited one, and keeps the code for the right person', async () => {
      const admin = await signupAdmin(t.app);
      const invited = uniqueEmail('invited');
      const invitation = await issue(admin, { email: invited, role: 'accountant' });
      const stranger = uniqueEmail('stranger');
      expectError(await signupWithCode(invitation.code, stranger), 400, 'INVITATION_EMAIL_MISMATCH');
      expect(await usersWithEmail(stranger)).toHaveLength(0);
      expect((await invitationRow(invitation._id)).usedAt).toBeNull();

      // The invited email matches whatever its letter case.
      const body = expectStatus(await signupWithCode(invitation.code, invited.toUpperCase()), 201);
      expect(body.user).toMatchObject({ email: invited, role: 'accountant', companyId: admin.company._id });
    });

    it('lets anyone use an invitation issued without an email', async () => {
      const admin = await signupAdmin(t.app);
      const invitation = await issue(admin, { role: 'owner' });
      const email = uniqueEmail('anyone');
      const body = expectStatus(await signupWithCode(invitation.code, email), 201);
      expect(body.user).toMatchObject({ email, role: 'owner', companyId: admin.company._id });
    });

    it('refuses an expired invitation', async () => {
      const admin = await signupAdmin(t.app);
      const email = uniqueEmail('late');
      const invitation = await issue(admin, { email, role: 'agent' });
      await t.database.db
        .update(invitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invitations.id, invitation._id));
      expectError(await signupWithCode(invitation.code, email), 400, 'INVALID_INVITATION');
      expect(await usersWithEmail(email)).toHaveLength(0);
      expect((await invitationRow(invitation._id)).usedAt).toBeNull();
    });

    it('refuses an invitation to a company that is no longer active', async () => {
      const admin = await signupAdmin(t.app);
      const email = uniqueEmail('closed');
      const invitation = await issue(admin, { email, role: 'agent' });
      await t.database.db
        .update(companies)
        .set({ isActive: false })
        .where(eq(companies.id, admin.company._id));
      expectError(await signupWithCode(invitation.code, email), 400, 'INVALID_INVITATION');
      expect(await usersWithEmail(email)).toHaveLength(0);
    });

    it('does not use up the code when the email already has an account', async () => {
      const admin = await signupAdmin(t.app);
      const other = await signupAdmin(t.app);
      const invitation = await issue(admin, { role: 'agent' });
      expectError(await signupWithCode(invitation.code, other.user.email), 409, 'EMAIL_TAKEN');
      expect((await invitationRow(invitation._id)).usedAt).toBeNull();
      expect((await usersWithEmail(other.user.email))[0]?.companyId).toBe(other.company._id);
    });

    it('lets exactly one of two concurrent sign-ups with the same code through', async () => {
      const admin = await signupAdmin(t.app);
      // Several pairs at once, so the two sign-ups of a pair really overlap in the database.
      const codes = await Promise.all([1, 2, 3].map(() => issue(admin, { role: 'agent' })));
      const pairs = await Promise.all(
        codes.map((invitation) =>
          Promise.all([
            signupWithCode(invitation.code, uniqueEmail('left')),
            signupWithCode(invitation.code, uniqueEmail('right')),
          ]),
        ),
      );
      const winners: string[] = [];
      for (const [index, responses] of pairs.entries()) {
        expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 400]);
        expect(responses.find((r) => r.statusCode === 400)!.json().code).toBe('INVALID_INVITATION');
        const winner = responses.find((r) => r.statusCode === 201)!.json().user;
        expect((await invitationRow(codes[index]!._id)).usedBy).toBe(winner._id);
        winners.push(winner._id);
      }
      const members = await membersOf(admin.company._id);
      expect(members.map((m) => m.id).sort()).toEqual([admin.user._id, ...winners].sort());
    });
  });
});
