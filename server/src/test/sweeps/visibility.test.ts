import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLES } from '@lintel/contracts';
import { scopeFor, sees, type Entity, type RowParties } from '../../lib/visibility.ts';
import {
  addMember,
  createCompanyWithRoles,
  createOwnerRecord,
  createTestApp,
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
 * another owner, and one with no agent that the owner user owns; each let and paid.
 */

let t: TestApp;
let co: Company;
/** Each list's rows in the fixture, with the parties the policy judges them by. */
const rows: Record<'property' | 'lease' | 'payment' | 'tenant', Map<string, RowParties>> = {
  property: new Map(),
  lease: new Map(),
  payment: new Map(),
  tenant: new Map(),
};

beforeAll(async () => {
  t = await createTestApp();
  co = await createCompanyWithRoles(t.app);
  await setFinanceSettings(t, co);
  const secondAgent = await addMember(t.app, co.admin, 'agent', 'Second Agent');
  const ownedId = await createOwnerOfUser(t, co);
  const strangerId = await createOwnerRecord(t.database, co.companyId, { name: 'Stranger Owner' });
  const lets = [
    { agent: co.agent, ownerId: ownedId, ownerUserId: co.owner.user._id },
    { agent: secondAgent, ownerId: strangerId, ownerUserId: null },
    { agent: null, ownerId: ownedId, ownerUserId: co.owner.user._id },
  ];
  for (const { agent, ownerId, ownerUserId } of lets) {
    const { property, tenant, lease } = await createLetProperty(t, co, { agent, ownerId });
    const parties = { agentIds: [agent?.user._id ?? null], ownerUserId };
    const payment = await recordPayment(t, co.accountant, rentBody(lease, 100000));
    rows.property.set(property._id, parties);
    rows.lease.set(lease._id, parties);
    rows.tenant.set(tenant._id, parties);
    rows.payment.set(payment._id, parties);
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const LISTS: [Entity & keyof typeof rows, string][] = [
  ['property', '/api/properties'],
  ['lease', '/api/leases?pageSize=100'],
  ['payment', '/api/payments?pageSize=100'],
  ['tenant', '/api/tenants?pageSize=100'],
];

it.each(LISTS)('lists each role exactly the %s rows the policy gives it', async (entity, url) => {
  for (const role of ROLES) {
    const user = co[role];
    const scope = scopeFor({ role, userId: user.user._id }, entity);
    const response = await caller(t)(user, 'GET', url);
    if (scope.kind === 'none') {
      // The route guard refuses the role before any row is read.
      expect(response.statusCode, `${role} on ${url}`).toBe(403);
      continue;
    }
    expect(response.statusCode, `${role} on ${url}`).toBe(200);
    const listed = response.json<{ data: { _id: string }[] }>().data.map((item) => item._id);
    const expected = [...rows[entity]].filter(([, parties]) => sees(scope, parties)).map(([id]) => id);
    expect(listed.sort(), `${role} on ${url}`).toEqual(expected.sort());
  }
});
