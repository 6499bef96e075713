import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, ROLES, type Role } from '@lintel/contracts';
import { todayIso } from '../../features/leases/index.ts';
import { ENTITIES, scopeFor, sees, type Entity, type RowParties } from '../../lib/visibility.ts';
import {
  addMember,
  createCompanyWithRoles,
  createOwnerRecord,
  createTestApp,
  expectStatus,
  type SignedIn,
  type TestApp,
} from '../harness.ts';
import {
  caller,
  createLetProperty,
  createOwnerOfUser,
  recordPayment,
  rentBody,
  setFinanceSettings,
  type Company,
} from '../money-fixtures.ts';

/**
 * The list routes answer each role with exactly the rows lib/visibility.ts gives it: one company
 * with a property the agent manages and the owner user owns, one managed by another agent for
 * another owner, and one with no agent that the owner user owns; each let on a lease ending
 * soon, paid, levied and with a maintenance request; besides, tasks, invoices and invitations
 * from several hands.
 */

let t: TestApp;
let co: Company;
/** Each entity's rows in the fixture, by the id its list shows, with the parties the policy judges them by. */
const rows = Object.fromEntries(ENTITIES.map((entity) => [entity, new Map<string, RowParties>()])) as Record<
  Entity,
  Map<string, RowParties>
>;
/** Each rent payment's amount, with the parties its commission hangs off. */
const collected: { amount: number; parties: RowParties }[] = [];

const PERIOD = 'from=2026-01-01&to=2026-12-31&currency=USD';
/** The commission report names a payment with no agent by a null agent id. */
const NO_AGENT = 'no agent';

beforeAll(async () => {
  t = await createTestApp();
  const call = caller(t);
  co = await createCompanyWithRoles(t.app);
  await setFinanceSettings(t, co);
  const secondAgent = await addMember(t.app, co.admin, 'agent', 'Second Agent');
  const ownedId = await createOwnerOfUser(t, co);
  const strangerId = await createOwnerRecord(t.database, co.companyId, { name: 'Stranger Owner' });
  const ownerUser = co.owner.user._id;
  rows.owner.set(ownedId, { agentIds: [], ownerUserId: ownerUser });
  rows.owner.set(strangerId, { agentIds: [], ownerUserId: null });
  rows.ownerStatement = rows.owner;

  const lets = [
    { agent: co.agent, ownerId: ownedId, ownerUserId: ownerUser },
    { agent: secondAgent, ownerId: strangerId, ownerUserId: null },
    { agent: null, ownerId: ownedId, ownerUserId: ownerUser },
  ];
  const endDate = addDays(todayIso(), 10);
  for (const { agent, ownerId, ownerUserId } of lets) {
    const { property, tenant, lease } = await createLetProperty(t, co, { agent, ownerId, endDate });
    const agentId = agent?.user._id ?? null;
    const parties = { agentIds: [agentId], ownerUserId };
    const payment = await recordPayment(t, co.accountant, rentBody(lease, 100000));
    collected.push({ amount: 100000, parties: { agentIds: [agentId] } });
    rows.commission.set(agentId ?? NO_AGENT, { agentIds: [agentId] });
    for (const entity of ['property', 'propertyAccount'] as const) rows[entity].set(property._id, parties);
    for (const entity of ['lease', 'endingLease', 'rentArrears'] as const)
      rows[entity].set(lease._id, parties);
    rows.tenant.set(tenant._id, parties);
    rows.payment.set(payment._id, parties);
    const levy = expectStatus(
      await call(co.accountant, 'POST', '/api/levies', {
        propertyId: property._id,
        bodyCorporate: 'Sunset Body Corporate',
        amount: 20000,
        currency: 'USD',
        startDate: '2026-01-01',
        endDate: null,
      }),
      201,
    ).data as { _id: string };
    rows.levy.set(levy._id, parties);
    const request = await createRequest(co.admin, property._id);
    rows.maintenanceRequest.set(request, parties);
  }
  for (const agent of [co.agent, secondAgent]) {
    rows.agentAccount.set(agent.user._id, { agentIds: [agent.user._id] });
  }
  // Work assigned to an agent on a property another agent manages.
  const [, second] = [...rows.property];
  const assigned = await createRequest(co.admin, second![0], co.agent.user._id);
  rows.maintenanceRequest.set(assigned, {
    agentIds: [secondAgent.user._id, co.agent.user._id],
    ownerUserId: null,
  });

  const tasks: [SignedIn, SignedIn | null][] = [
    [co.accountant, co.agent],
    [co.admin, null],
    [co.agent, secondAgent],
    [co.admin, co.accountant],
    [secondAgent, co.admin],
  ];
  for (const [creator, assignee] of tasks) {
    const task = expectStatus(
      await call(creator, 'POST', '/api/tasks', { title: 'Inspect', assigneeId: assignee?.user._id ?? null }),
      201,
    ).data as { _id: string };
    rows.task.set(task._id, { involvedIds: [creator.user._id, assignee?.user._id] });
  }

  const invoices = [
    { clientId: ownedId, issued: true, ownerUserId: ownerUser },
    { clientId: ownedId, issued: false, ownerUserId: ownerUser },
    { clientId: strangerId, issued: true, ownerUserId: null },
    { clientId: null, issued: true, ownerUserId: null },
  ];
  for (const { clientId, issued, ownerUserId } of invoices) {
    const client = clientId ? { clientType: 'owner', clientId } : { clientType: 'other', clientName: 'Acme' };
    const invoice = expectStatus(
      await call(co.accountant, 'POST', '/api/invoices', {
        ...client,
        currency: 'USD',
        issueDate: '2026-11-01',
        dueDate: '2026-11-30',
        lines: [{ description: 'Inspection', quantity: 1, unitPrice: 5000 }],
      }),
      201,
    ).data as { _id: string };
    if (issued) expectStatus(await call(co.accountant, 'POST', `/api/invoices/${invoice._id}/issue`), 200);
    // Drafts are the office's: no owner's.
    rows.invoice.set(invoice._id, { ownerUserId: issued ? ownerUserId : null });
  }

  for (const [issuer, role] of [
    [co.admin, 'accountant'],
    [co.agent, 'owner'],
    [secondAgent, 'owner'],
  ] as const) {
    const invitation = expectStatus(
      await call(issuer, 'POST', '/api/users/invitations', {
        role,
        ...(role === 'owner' ? { ownerId: strangerId } : {}),
      }),
      201,
    ).data as { _id: string };
    rows.invitation.set(invitation._id, { involvedIds: [issuer.user._id] });
  }

  async function createRequest(user: SignedIn, propertyId: string, assignedToId?: string) {
    const request = expectStatus(
      await call(user, 'POST', '/api/maintenance', {
        propertyId,
        title: 'Leaking tap',
        description: 'The kitchen tap drips.',
        priority: 'medium',
        currency: 'USD',
        ...(assignedToId ? { assignedToId } : {}),
      }),
      201,
    ).data as { _id: string };
    return request._id;
  }
}, 180_000);

afterAll(async () => {
  await t?.close();
});

type Body = { data: unknown };
const items = <T>(body: Body) => body.data as T[];
const byId = (body: Body) => items<{ _id: string }>(body).map((item) => item._id);

interface Sweep {
  url: string;
  /** The row ids a 200 answer lists. */
  listed: (body: Body) => string[];
  /** Roles the route refuses though the policy gives them rows (they read them elsewhere). */
  refuses?: Role[];
}

/** Every list whose rows depend on the caller's role. */
const SWEEPS: Record<Entity, Sweep> = {
  property: { url: '/api/properties', listed: byId },
  lease: { url: '/api/leases?pageSize=100', listed: byId },
  endingLease: { url: '/api/leases/ending?days=30', listed: byId },
  payment: { url: '/api/payments?pageSize=100', listed: byId },
  maintenanceRequest: { url: '/api/maintenance?pageSize=100', listed: byId },
  levy: { url: '/api/levies?pageSize=100', listed: byId },
  tenant: { url: '/api/tenants?pageSize=100', listed: byId },
  owner: { url: '/api/owners?pageSize=100', listed: byId, refuses: ['owner', 'other'] },
  propertyAccount: {
    url: '/api/accounts/properties?pageSize=100',
    listed: (body) => items<{ propertyId: string }>(body).map((row) => row.propertyId),
  },
  agentAccount: {
    url: '/api/accounts/agents',
    listed: (body) => items<{ agentId: string }>(body).map((row) => row.agentId),
  },
  rentArrears: {
    url: '/api/arrears?by=lease',
    listed: (body) => items<{ id: string }>(body).map((row) => row.id),
  },
  commission: {
    url: `/api/commissions?${PERIOD}`,
    listed: (body) =>
      (body.data as { byAgent: { agentId: string | null }[] }).byAgent.map((row) => row.agentId ?? NO_AGENT),
  },
  ownerStatement: {
    url: `/api/reports/owner-statements?${PERIOD}`,
    listed: (body) => (body.data as { rows: { ownerId: string }[] }).rows.map((row) => row.ownerId),
  },
  invoice: { url: '/api/invoices?pageSize=100', listed: byId },
  task: { url: '/api/tasks?pageSize=100', listed: byId },
  invitation: { url: '/api/users/invitations', listed: byId },
};

const scopeOf = (role: Role, entity: Entity) => scopeFor({ role, userId: co[role].user._id }, entity);

it.each(Object.entries(SWEEPS) as [Entity, Sweep][])(
  'lists each role exactly the %s rows the policy gives it',
  async (entity, { url, listed, refuses = [] }) => {
    for (const role of ROLES) {
      const scope = scopeOf(role, entity);
      const response = await caller(t)(co[role], 'GET', url);
      if (scope.kind === 'none' || refuses.includes(role)) {
        // The route guard refuses the role before any row is read.
        expect(response.statusCode, `${role} on ${url}`).toBe(403);
        continue;
      }
      expect(response.statusCode, `${role} on ${url}`).toBe(200);
      const expected = [...rows[entity]].filter(([, parties]) => sees(scope, parties)).map(([id]) => id);
      expect(listed(response.json<Body>()).sort(), `${role} on ${url}`).toEqual(expected.sort());
    }
  },
);

it("totals each role's commission over exactly the payments the policy gives it", async () => {
  for (const role of ROLES) {
    const scope = scopeOf(role, 'commission');
    const response = await caller(t)(co[role], 'GET', `/api/commissions?${PERIOD}`);
    if (scope.kind === 'none') continue; // refused, as the sweep above checks
    const visible = collected.filter(({ parties }) => sees(scope, parties));
    const totals = (response.json<Body>().data as { totals: { collected: number } }).totals;
    expect(totals.collected, role).toBe(visible.reduce((sum, { amount }) => sum + amount, 0));
  }
});

it('gives each dashboard the arrears and ending leases of exactly the rows the policy gives its role', async () => {
  const call = caller(t);
  const arrears = expectStatus(await call(co.admin, 'GET', '/api/arrears?by=lease'), 200).data as {
    id: string;
    arrears: number;
  }[];
  expect(arrears.length).toBe(rows.rentArrears.size);
  for (const role of ['accountant', 'agent'] as const) {
    const dashboard = expectStatus(await call(co[role], 'GET', `/api/dashboard/${role}`), 200).data as {
      arrears: { total: number };
      leasesEndingSoon?: number;
    };
    const scope = scopeOf(role, 'rentArrears');
    const visible = arrears.filter((row) => sees(scope, rows.rentArrears.get(row.id)!));
    expect(dashboard.arrears.total, role).toBe(visible.reduce((sum, row) => sum + row.arrears, 0));
    if (role === 'agent') {
      const ending = [...rows.endingLease.values()].filter((parties) =>
        sees(scopeOf(role, 'endingLease'), parties),
      );
      expect(dashboard.leasesEndingSoon, role).toBe(ending.length);
    }
  }
});

const OPEN_STATUSES = ['pending', 'approved', 'in_progress'];

it('counts on each dashboard the open maintenance of the list the policy gives its role', async () => {
  const call = caller(t);
  for (const role of ['admin', 'agent', 'owner'] as const) {
    const listed = items<{ _id: string; status: string }>(
      expectStatus(await call(co[role], 'GET', SWEEPS.maintenanceRequest.url), 200),
    );
    const open = listed.filter((row) => OPEN_STATUSES.includes(row.status));
    const scope = scopeOf(role, 'maintenanceRequest');
    const given = [...rows.maintenanceRequest.values()].filter((parties) => sees(scope, parties));
    expect(open.length, role).toBe(given.length);
    const dashboard = expectStatus(await call(co[role], 'GET', `/api/dashboard/${role}`), 200).data as {
      openMaintenance: number | { total: number };
    };
    const figure = dashboard.openMaintenance;
    expect(typeof figure === 'number' ? figure : figure.total, role).toBe(open.length);
  }
});

it('sweeps every entity of the policy, with rows on both sides of each role', () => {
  expect(Object.keys(SWEEPS).sort()).toEqual([...ENTITIES].sort());
  for (const entity of ENTITIES) expect(rows[entity].size, entity).toBeGreaterThan(1);
});
