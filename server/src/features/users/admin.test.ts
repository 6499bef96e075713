import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_ADMIN_MESSAGE } from '@lintel/contracts';
import { auditLog, invitations, owners, users } from '../../db/schema/index.ts';
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
  signupAdmin,
  TEST_PASSWORD,
  type TestApp,
  uniqueEmail,
} from '../../test/harness.ts';

type Company = Awaited<ReturnType<typeof createCompanyWithRoles>>;
const NON_ADMIN = ['agent', 'owner', 'accountant', 'other'] as const;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe('users admin: role changes, deactivation, invitations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (...request: RequestAs) => injectAs(t.app, ...request);
  const patchUser = (who: SignedIn | null, id: string, body: InjectOptions['payload']) =>
    call(who, 'PATCH', `/api/users/${id}`, body);
  const userRow = async (id: string) =>
    (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  const invitationRow = async (id: string) =>
    (await t.database.db.select().from(invitations).where(eq(invitations.id, id)))[0]!;
  const signupWithCode = (code: string, email = uniqueEmail('joiner'), name = 'Jo Joiner') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: TEST_PASSWORD, name, company: code },
    });
  const login = (email: string, password = TEST_PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  describe('PATCH /api/users/:id', () => {
    let co: Company;
    let other: Company;
    beforeAll(async () => {
      co = await createCompanyWithRoles(t.app);
      other = await createCompanyWithRoles(t.app);
    });

    it('lets the admin change a role, audited with before and after', async () => {
      const member = await addMember(t.app, co.admin, 'other');
      const body = expectStatus(await patchUser(co.admin, member.user._id, { role: 'accountant' }), 200);
      expect(body).toMatchObject({ status: 'success', data: { _id: member.user._id, role: 'accountant' } });
      expect((await userRow(member.user._id)).role).toBe('accountant');
      const audits = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, member.user._id));
      const entry = audits.find((audit) => audit.action === 'user.role_changed');
      expect(entry).toMatchObject({ actorId: co.admin.user._id });
      expect(entry?.before).toMatchObject({ role: 'other' });
      expect(entry?.after).toMatchObject({ role: 'accountant' });
    });

    it('deactivates and reactivates a user', async () => {
      const member = await addMember(t.app, co.admin, 'agent');
      const off = expectStatus(await patchUser(co.admin, member.user._id, { active: false }), 200);
      expect(off.data.isActive).toBe(false);
      expectError(await login(member.user.email), 403, 'FORBIDDEN');
      const on = expectStatus(await patchUser(co.admin, member.user._id, { active: true }), 200);
      expect(on.data.isActive).toBe(true);
      expectStatus(await login(member.user.email), 200);
    });

    it.each(NON_ADMIN)('refuses the %s with 403 and changes nothing', async (role) => {
      const target = co.other;
      expectError(await patchUser(co[role], target.user._id, { role: 'admin' }), 403, 'FORBIDDEN');
      expectError(await patchUser(co[role], target.user._id, { active: false }), 403, 'FORBIDDEN');
      expect(await userRow(target.user._id)).toMatchObject({ role: 'other', isActive: true });
    });

    it('answers 401 without a session', async () => {
      expectError(await patchUser(null, co.other.user._id, { active: false }), 401, 'UNAUTHORIZED');
    });

    it("answers 404 for another company's user, an unknown id or a non-UUID, changing nothing", async () => {
      for (const id of [other.agent.user._id, MISSING_ID, 'not-a-uuid']) {
        expectError(await patchUser(co.admin, id, { active: false }), 404, 'NOT_FOUND');
      }
      expect(await userRow(other.agent.user._id)).toMatchObject({ role: 'agent', isActive: true });
      expectStatus(await call(other.agent, 'GET', '/api/auth/me'), 200);
    });

    it('validates the body', async () => {
      expectError(await patchUser(co.admin, co.other.user._id, {}), 400, 'VALIDATION');
      expectError(await patchUser(co.admin, co.other.user._id, { role: 'superuser' }), 400, 'VALIDATION');
      expectError(await patchUser(co.admin, co.other.user._id, { active: 'no' }), 400, 'VALIDATION');
    });
  });

  describe('the last active admin', () => {
    it('cannot be demoted or deactivated, not even by themself', async () => {
      const admin = await signupAdmin(t.app);
      const demote = expectError(
        await patchUser(admin, admin.user._id, { role: 'agent' }),
        422,
        'LAST_ADMIN',
      );
      expect(demote.message).toBe(LAST_ADMIN_MESSAGE);
      expectError(await patchUser(admin, admin.user._id, { active: false }), 422, 'LAST_ADMIN');
      expect(await userRow(admin.user._id)).toMatchObject({ role: 'admin', isActive: true });
    });

    it('may be demoted once another active admin exists; an inactive admin does not count', async () => {
      const admin = await signupAdmin(t.app);
      const second = await addMember(t.app, admin, 'admin');
      expectStatus(await patchUser(admin, second.user._id, { active: false }), 200);
      expectError(await patchUser(admin, admin.user._id, { role: 'agent' }), 422, 'LAST_ADMIN');
      expectStatus(await patchUser(admin, second.user._id, { active: true }), 200);
      // The admin's own token ends with the role change (it carries the old role).
      expectStatus(await patchUser(admin, admin.user._id, { role: 'agent' }), 200);
      expectError(await call(admin, 'GET', '/api/users'), 401, 'UNAUTHORIZED');
      // Deactivation ended the second admin's old session: they sign in again.
      expectError(await patchUser(second, second.user._id, { active: false }), 401, 'UNAUTHORIZED');
      const again = expectStatus(await login(second.user.email), 200);
      const secondAgain = { ...second, auth: { authorization: `Bearer ${again.token}` } };
      expectError(await patchUser(secondAgain, second.user._id, { active: false }), 422, 'LAST_ADMIN');
    });

    it('survives two concurrent demotions of the only two admins: exactly one wins', async () => {
      for (let round = 0; round < 3; round += 1) {
        const first = await signupAdmin(t.app);
        const second = await addMember(t.app, first, 'admin');
        const responses = await Promise.all([
          patchUser(first, second.user._id, { role: 'agent' }),
          patchUser(second, first.user._id, { active: false }),
        ]);
        const codes = responses.map((response) => response.statusCode).sort();
        // The loser is refused by the rule (422) or, having lost its own admin role first, by its session (401).
        expect(codes[0]).toBe(200);
        expect([401, 422]).toContain(codes[1]);
        const admins = await t.database.db.select().from(users).where(eq(users.companyId, first.company._id));
        expect(admins.filter((user) => user.role === 'admin' && user.isActive)).toHaveLength(1);
      }
    });
  });

  describe('invitations', () => {
    let co: Company;
    let other: Company;
    let ownerId: string;
    let otherOwnerId: string;
    beforeAll(async () => {
      co = await createCompanyWithRoles(t.app);
      other = await createCompanyWithRoles(t.app);
      ownerId = await createOwnerRecord(t.database, co.companyId, { name: 'Oscar Owner' });
      otherOwnerId = await createOwnerRecord(t.database, other.companyId, { name: 'Other Owner' });
    });
    const invite = (who: SignedIn | null, body: { email?: string; role: string; ownerId?: string }) =>
      call(who, 'POST', '/api/users/invitations', body);
    const pending = async (who: SignedIn) =>
      (expectStatus(await call(who, 'GET', '/api/users/invitations'), 200).data as { _id: string }[]).map(
        (row) => row._id,
      );
    const revoke = (who: SignedIn | null, id: string) => call(who, 'DELETE', `/api/users/invitations/${id}`);

    it('admin may invite every role; the reply has the code once and a signup path', async () => {
      for (const role of ['admin', 'agent', 'owner', 'accountant', 'other'] as const) {
        const body = expectStatus(await invite(co.admin, { role }), 201);
        expect(body.data.signupPath).toBe(`/signup?code=${encodeURIComponent(body.data.code)}`);
        expect(await pending(co.admin)).toContain(body.data._id);
      }
    });

    it('agent may invite only an owner, and only for an owner record', async () => {
      for (const role of ['admin', 'agent', 'accountant', 'other'] as const) {
        expectError(await invite(co.agent, { role }), 403, 'FORBIDDEN');
        expectError(await invite(co.agent, { role, ownerId }), 403, 'FORBIDDEN');
      }
      expectError(await invite(co.agent, { role: 'owner' }), 422, 'OWNER_REQUIRED');
      const body = expectStatus(await invite(co.agent, { role: 'owner', ownerId }), 201);
      expect(body.data).toMatchObject({ role: 'owner', ownerId, createdBy: co.agent.user._id });
      const rows = await t.database.db
        .select()
        .from(invitations)
        .where(eq(invitations.createdBy, co.agent.user._id));
      expect(rows).toHaveLength(1);
    });

    it.each(['owner', 'accountant', 'other'] as const)(
      'refuses the %s every invitation action',
      async (role) => {
        const issued = expectStatus(await invite(co.admin, { role: 'other' }), 201).data;
        expectError(await invite(co[role], { role: 'owner', ownerId }), 403, 'FORBIDDEN');
        expectError(await call(co[role], 'GET', '/api/users/invitations'), 403, 'FORBIDDEN');
        expectError(await revoke(co[role], issued._id), 403, 'FORBIDDEN');
        expect((await invitationRow(issued._id)).revokedAt).toBeNull();
      },
    );

    it('refuses an ownerId with another role, an unknown or foreign owner, or one already bound', async () => {
      expectError(await invite(co.admin, { role: 'agent', ownerId }), 422, 'INVALID_OWNER');
      expectError(await invite(co.admin, { role: 'owner', ownerId: MISSING_ID }), 422, 'INVALID_OWNER');
      expectError(await invite(co.admin, { role: 'owner', ownerId: otherOwnerId }), 422, 'INVALID_OWNER');
      expectError(await invite(co.agent, { role: 'owner', ownerId: otherOwnerId }), 422, 'INVALID_OWNER');
      const bound = await createOwnerRecord(t.database, co.companyId, { userId: co.owner.user._id });
      expectError(await invite(co.admin, { role: 'owner', ownerId: bound }), 422, 'OWNER_HAS_ACCOUNT');
      expectError(await invite(co.admin, { role: 'owner', ownerId: 'nope' }), 400, 'VALIDATION');
    });

    it('lists pending ones only: admin sees all, an agent their own', async () => {
      const fresh = await createCompanyWithRoles(t.app);
      const owner = await createOwnerRecord(t.database, fresh.companyId);
      const byAdmin = expectStatus(await invite(fresh.admin, { role: 'accountant' }), 201).data;
      const byAgent = expectStatus(await invite(fresh.agent, { role: 'owner', ownerId: owner }), 201).data;
      const used = expectStatus(await invite(fresh.admin, { role: 'other' }), 201).data;
      expectStatus(await signupWithCode(used.code), 201);
      const revoked = expectStatus(await invite(fresh.admin, { role: 'other' }), 201).data;
      expectStatus(await revoke(fresh.admin, revoked._id), 200);
      const expired = expectStatus(await invite(fresh.admin, { role: 'other' }), 201).data;
      await t.database.db
        .update(invitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invitations.id, expired._id));
      expect((await pending(fresh.admin)).sort()).toEqual([byAdmin._id, byAgent._id].sort());
      expect(await pending(fresh.agent)).toEqual([byAgent._id]);
      const listed = expectStatus(await call(fresh.admin, 'GET', '/api/users/invitations'), 200);
      expect(JSON.stringify(listed)).not.toContain(byAdmin.code);
      expect(listed.data[0]).not.toHaveProperty('code');
      // Never another company's.
      expect(await pending(co.admin)).not.toContain(byAdmin._id);
    });

    it('revoke: admin any, agent only their own; the code then no longer signs up', async () => {
      const byAdmin = expectStatus(await invite(co.admin, { role: 'agent' }), 201).data;
      const owner = await createOwnerRecord(t.database, co.companyId);
      const byAgent = expectStatus(await invite(co.agent, { role: 'owner', ownerId: owner }), 201).data;
      expectError(await revoke(co.agent, byAdmin._id), 404, 'NOT_FOUND');
      expect((await invitationRow(byAdmin._id)).revokedAt).toBeNull();
      const agentRevoked = expectStatus(await revoke(co.agent, byAgent._id), 200);
      expect(agentRevoked.data._id).toBe(byAgent._id);
      expectStatus(await revoke(co.admin, byAdmin._id), 200);
      expect((await invitationRow(byAdmin._id)).revokedAt).toBeInstanceOf(Date);
      // Twice is harmless.
      expectStatus(await revoke(co.admin, byAdmin._id), 200);
      const email = uniqueEmail('late');
      expectError(await signupWithCode(byAdmin.code, email), 400, 'INVALID_INVITATION');
      expectError(await signupWithCode(byAgent.code), 400, 'INVALID_INVITATION');
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
      const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, byAdmin._id));
      expect(audits.map((audit) => audit.action).sort()).toEqual([
        'invitation.created',
        'invitation.revoked',
      ]);
    });

    it('refuses to revoke a used invitation', async () => {
      const issued = expectStatus(await invite(co.admin, { role: 'other' }), 201).data;
      expectStatus(await signupWithCode(issued.code), 201);
      expectError(await revoke(co.admin, issued._id), 422, 'INVITATION_USED');
    });

    it("answers 404 for another company's invitation, an unknown id or a non-UUID, changing nothing", async () => {
      const theirs = expectStatus(await invite(other.admin, { role: 'agent' }), 201).data;
      for (const id of [theirs._id, MISSING_ID, 'nope']) {
        expectError(await revoke(co.admin, id), 404, 'NOT_FOUND');
      }
      expect((await invitationRow(theirs._id)).revokedAt).toBeNull();
      expectStatus(await signupWithCode(theirs.code), 201);
    });

    it('expires after 7 days and cannot be reused', async () => {
      const issued = expectStatus(await invite(co.admin, { role: 'other' }), 201).data;
      await t.database.db
        .update(invitations)
        .set({ expiresAt: new Date(Date.now() - 1) })
        .where(eq(invitations.id, issued._id));
      expectError(await signupWithCode(issued.code), 400, 'INVALID_INVITATION');
      const again = expectStatus(await invite(co.admin, { role: 'other' }), 201).data;
      expectStatus(await signupWithCode(again.code), 201);
      expectError(await signupWithCode(again.code), 400, 'INVALID_INVITATION');
    });

    it('an owner invitation binds the owner record: the new owner sees exactly its properties', async () => {
      const fresh = await createCompanyWithRoles(t.app);
      const oscar = await createOwnerRecord(t.database, fresh.companyId, { name: 'Oscar Owner' });
      const olga = await createOwnerRecord(t.database, fresh.companyId, { name: 'Olga Owner' });
      const create = async (name: string, owner: string) =>
        expectStatus(
          await call(fresh.admin, 'POST', '/api/properties', {
            name,
            address: '1 Road',
            type: 'house',
            ownerId: owner,
          }),
          201,
        ).data._id as string;
      const oscarsHouse = await create('Oscar House', oscar);
      await create('Olga House', olga);
      const issued = expectStatus(await invite(fresh.agent, { role: 'owner', ownerId: oscar }), 201).data;
      const session = expectStatus(
        await signupWithCode(issued.code, uniqueEmail('oscar'), 'Oscar Owner'),
        201,
      );
      expect(session.user.role).toBe('owner');
      const [row] = await t.database.db.select().from(owners).where(eq(owners.id, oscar));
      expect(row?.userId).toBe(session.user._id);
      const list = expectStatus(
        await t.app.inject({
          method: 'GET',
          url: '/api/properties',
          headers: { authorization: `Bearer ${session.token}` },
        }),
        200,
      );
      expect(list.data.map((property: { _id: string }) => property._id)).toEqual([oscarsHouse]);
    });

    it('answers 401 without a session', async () => {
      expectError(await call(null, 'GET', '/api/users/invitations'), 401, 'UNAUTHORIZED');
      expectError(await revoke(null, MISSING_ID), 401, 'UNAUTHORIZED');
    });
  });
});
