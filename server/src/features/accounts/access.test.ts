import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApi, financeApi, paymentsApi, type Lease, type Role } from '@lintel/contracts';
import { payments } from '../../db/schema/index.ts';
import {
  addMember,
  createCompanyWithRoles,
  createOwnerRecord,
  createTestApp,
  expectStatus,
  type SignedIn,
  type TestApp,
} from '../../test/harness.ts';
import {
  caller,
  createLetProperty,
  createOwnerOfUser,
  readTrialBalance,
  recordPayment,
  rentBody,
  setFinanceSettings,
  terminateLease,
  type Company,
} from '../../test/money-fixtures.ts';
import { todayIso } from '../leases/index.ts';

/** Every money call, named `group.call`: a call added to a contract is picked up here. */
const CALLS = Object.entries({ finance: financeApi, payments: paymentsApi, accounts: accountsApi }).flatMap(
  ([group, api]) =>
    Object.entries(api).map(([name, contract]) => ({
      key: `${group}.${name}`,
      method: contract.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
      path: contract.path,
      status: contract.status,
    })),
);

type IdKind = 'payment' | 'property' | 'owner' | 'agent' | 'lease';
type Ids = Record<IdKind, string>;

/** The kind of id a path takes, from the collection it names: `/accounts/agents/:id` → agent. */
const ID_KINDS: Record<string, IdKind> = {
  payments: 'payment',
  properties: 'property',
  owners: 'owner',
  agents: 'agent',
  leases: 'lease',
};
function idKindOf(path: string): IdKind | null {
  const match = /\/([a-z-]+)\/:id(\/|$)/.exec(path);
  if (!match) return null;
  const kind = ID_KINDS[match[1]!];
  if (!kind) throw new Error(`no id kind for ${path}: add it to ID_KINDS`);
  return kind;
}

/** A property let on a lease, with a payment, a deposit and a payout on it. */
interface Kit {
  co: Company;
  agent: SignedIn;
  lease: Lease;
  propertyName: string;
  ids: Ids;
}

/** 'own': an agent's managed properties and own account, an owner's own properties. */
type Reach = 'all' | 'own';
const ROLES = ['admin', 'accountant', 'agent', 'owner', 'other'] as const satisfies readonly Role[];

interface Rule {
  roles: Partial<Record<Role, Reach>>;
  /** Made in the kit's company before the call (a fresh payment to reverse, an ended lease, a balance). */
  prepare?: (kit: Kit) => Promise<Partial<Ids>>;
  query?: string;
  /** The request body; may be a promise. */
  body?: (ids: Ids, kit: Kit, caller: Company) => unknown;
  headers?: () => Record<string, string>;
  /** A list: this kit value appears in it when the caller may see the kit. */
  shows?: (kit: Kit) => string;
  /** The body names a record: another company's is refused as invalid input (422). */
  namesInBody?: boolean;
  /** What a caller with 'own' reach gets for a record not theirs (404 unless said). */
  notOwn?: number;
}

const PERIOD = 'from=2026-01-01&to=2026-12-31&currency=USD';
const BOOKKEEPERS = { admin: 'all', accountant: 'all' } as const;
const PROPERTY_READERS = { admin: 'all', accountant: 'all', agent: 'own', owner: 'own' } as const;
// Agents read every lease of their company (leases feature), owners their own properties' leases.
const LEASE_READERS = { admin: 'all', accountant: 'all', agent: 'all', owner: 'own' } as const;
const AGENT_READERS = { admin: 'all', accountant: 'all', agent: 'own' } as const;

describe('money endpoints: role matrix and tenant isolation', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let a: Company;
  let b: Company;
  let mine: Kit;
  let theirs: Kit;
  let bKit: Kit;

  async function makeKit(co: Company, ownerId: string, agent: SignedIn): Promise<Kit> {
    const { property, lease } = await createLetProperty(t, co, { ownerId, agent, deposit: 50000 });
    const payment = await recordPayment(t, co.accountant, rentBody(lease, 100000));
    await recordPayment(t, co.accountant, { ...rentBody(lease, 50000), type: 'deposit' });
    expectStatus(
      await call(co.accountant, 'POST', '/api/payouts', {
        accountType: 'property',
        accountId: property._id,
        amount: 1000,
        currency: 'USD',
        method: 'bank_transfer',
      }),
      201,
    );
    return {
      co,
      agent,
      lease,
      propertyName: property.name,
      ids: {
        payment: payment._id,
        property: property._id,
        owner: ownerId,
        agent: agent.user._id,
        lease: lease._id,
      },
    };
  }

  const topUp = async (kit: Kit) => {
    await recordPayment(t, kit.co.accountant, rentBody(kit.lease, 100000));
    return {};
  };

  const RULES: Record<string, Rule> = {
    'finance.get': { roles: { ...BOOKKEEPERS, agent: 'all' } },
    'finance.update': {
      roles: BOOKKEEPERS,
      body: async (_ids, _kit, co) => {
        const { __v, ...current } = expectStatus(
          await call(co.admin, 'GET', '/api/settings/finance'),
          200,
        ).data;
        return { ...current, __v };
      },
    },
    'payments.list': { roles: PROPERTY_READERS, query: 'pageSize=100', shows: (kit) => kit.ids.payment },
    'payments.exportCsv': { roles: BOOKKEEPERS, shows: (kit) => kit.propertyName },
    'payments.create': {
      roles: { accountant: 'all', agent: 'own' },
      body: (_ids, kit) => rentBody(kit.lease, 1000),
      headers: () => ({ 'idempotency-key': randomUUID() }),
      namesInBody: true,
      notOwn: 403,
    },
    'payments.get': { roles: PROPERTY_READERS },
    'payments.receipt': { roles: PROPERTY_READERS },
    'payments.reverse': {
      roles: { accountant: 'all' },
      prepare: async (kit) => ({
        payment: (await recordPayment(t, kit.co.accountant, rentBody(kit.lease, 2000)))._id,
      }),
      body: () => ({ reason: 'Entered twice' }),
    },
    'accounts.trialBalance': {
      roles: BOOKKEEPERS,
      query: 'currency=USD',
      shows: (kit) => `property:${kit.ids.property}`,
    },
    'accounts.propertyAccounts': {
      roles: PROPERTY_READERS,
      query: 'pageSize=100',
      shows: (kit) => kit.ids.property,
    },
    'accounts.propertyStatement': { roles: PROPERTY_READERS, query: PERIOD },
    'accounts.ownerStatement': { roles: { ...BOOKKEEPERS, owner: 'own' }, query: PERIOD },
    'accounts.agentAccounts': { roles: AGENT_READERS, shows: (kit) => kit.ids.agent },
    'accounts.agentStatement': { roles: AGENT_READERS, query: PERIOD },
    'accounts.commissions': { roles: AGENT_READERS, query: PERIOD, shows: (kit) => kit.ids.agent },
    'accounts.arrears': { roles: PROPERTY_READERS, shows: (kit) => kit.ids.lease },
    'accounts.leaseCharges': { roles: LEASE_READERS },
    'accounts.generateCharges': { roles: BOOKKEEPERS },
    'accounts.createPayout': {
      roles: { accountant: 'all' },
      prepare: topUp,
      body: (ids) => ({
        accountType: 'property',
        accountId: ids.property,
        amount: 1000,
        currency: 'USD',
        method: 'bank_transfer',
      }),
      namesInBody: true,
    },
    'accounts.listPayouts': { roles: BOOKKEEPERS, query: 'pageSize=100', shows: (kit) => kit.ids.property },
    'accounts.createExpense': {
      roles: { accountant: 'all' },
      prepare: topUp,
      body: (ids) => ({
        propertyId: ids.property,
        supplier: 'Pipe Works',
        description: 'New tap',
        amount: 1000,
        currency: 'USD',
        method: 'cash',
      }),
      namesInBody: true,
    },
    'accounts.depositBalance': { roles: LEASE_READERS },
    'accounts.leaseReminders': { roles: LEASE_READERS },
    'accounts.depositStatement': { roles: LEASE_READERS, query: PERIOD },
    'accounts.depositInterest': {
      roles: { accountant: 'all' },
      body: () => ({ currency: 'USD', amount: 100, from: '2026-11-20', to: todayIso() }),
    },
    'accounts.releaseDeposit': {
      roles: { accountant: 'all' },
      prepare: async (kit) => {
        const { lease } = await createLetProperty(t, kit.co, { ownerId: kit.ids.owner, agent: kit.agent });
        await recordPayment(t, kit.co.accountant, { ...rentBody(lease, 5000), type: 'deposit' });
        await terminateLease(t, kit.co, lease._id);
        return { lease: lease._id };
      },
      body: () => ({ toTenant: 1000, currency: 'USD', reason: 'Moved out' }),
    },
  };

  const ruleOf = (key: string) => {
    const rule = RULES[key];
    if (!rule) throw new Error(`${key} has no access rule: add it to RULES`);
    return rule;
  };

  /** Calls `endpoint` as `user` (of company `co`) on `ids`, preparing what a write needs first. */
  async function send(
    endpoint: (typeof CALLS)[number],
    user: SignedIn,
    co: Company,
    kit: Kit,
    ids = kit.ids,
  ) {
    const rule = ruleOf(endpoint.key);
    const kind = idKindOf(endpoint.path);
    const path = kind ? endpoint.path.replace(':id', ids[kind]) : endpoint.path;
    const url = `/api${path}${rule.query ? `?${rule.query}` : ''}`;
    const body = rule.body ? await rule.body(ids, kit, co) : undefined;
    return call(user, endpoint.method, url, body as never, rule.headers?.() ?? {});
  }
  const prepared = async (endpoint: (typeof CALLS)[number], kit: Kit): Promise<Ids> => ({
    ...kit.ids,
    ...(await ruleOf(endpoint.key).prepare?.(kit)),
  });

  /** Everything that identifies a kit; none of it may reach someone who cannot see the kit. */
  const secretsOf = (kit: Kit) => [...Object.values(kit.ids), kit.propertyName];

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    [a, b] = await Promise.all([createCompanyWithRoles(t.app), createCompanyWithRoles(t.app)]);
    await Promise.all([setFinanceSettings(t, a), setFinanceSettings(t, b)]);
    const secondAgent = await addMember(t.app, a.admin, 'agent', 'Second Agent');
    mine = await makeKit(a, await createOwnerOfUser(t, a), a.agent);
    theirs = await makeKit(
      a,
      await createOwnerRecord(t.database, a.companyId, { name: 'Other Owner' }),
      secondAgent,
    );
    bKit = await makeKit(b, await createOwnerOfUser(t, b), b.agent);
  });
  afterAll(() => t.close());

  it('every money call has an access rule, and no rule is left over', () => {
    expect(Object.keys(RULES).sort()).toEqual(CALLS.map((endpoint) => endpoint.key).sort());
  });

  describe('role matrix within one company', () => {
    for (const endpoint of CALLS) {
      it(`${endpoint.method} ${endpoint.path} (${endpoint.key})`, async () => {
        const rule = ruleOf(endpoint.key);
        const kind = idKindOf(endpoint.path);
        for (const role of ROLES) {
          const user = a[role];
          const reach = rule.roles[role];
          const label = `${role} on ${endpoint.key}`;
          if (!reach) {
            const refused = await send(endpoint, user, a, mine, await prepared(endpoint, mine));
            expect(refused.statusCode, `${label}: ${refused.body}`).toBe(403);
            expect(refused.json().code).toBe('FORBIDDEN');
            continue;
          }
          const own = await send(endpoint, user, a, mine, await prepared(endpoint, mine));
          expect(own.statusCode, `${label}: ${own.body}`).toBe(endpoint.status);
          if (rule.shows) expect(own.body, label).toContain(rule.shows(mine));
          const other = await send(endpoint, user, a, theirs, await prepared(endpoint, theirs));
          if (reach === 'all') {
            expect(other.statusCode, `${label} (not theirs): ${other.body}`).toBe(endpoint.status);
            if (rule.shows) expect(other.body, label).toContain(rule.shows(theirs));
          } else if (kind || rule.notOwn) {
            expect(other.statusCode, `${label} (not theirs): ${other.body}`).toBe(rule.notOwn ?? 404);
            for (const secret of secretsOf(theirs)) expect(other.body, label).not.toContain(secret);
          } else {
            // A list: theirs simply is not in it.
            expect(other.statusCode, label).toBe(endpoint.status);
            for (const secret of secretsOf(theirs)) expect(other.body, label).not.toContain(secret);
          }
        }
      });
    }
  });

  it('ids that do not exist and ids that are not UUIDs are 404', async () => {
    for (const endpoint of CALLS.filter((candidate) => idKindOf(candidate.path))) {
      const rule = ruleOf(endpoint.key);
      const role = ROLES.find((candidate) => rule.roles[candidate] === 'all')!;
      const kind = idKindOf(endpoint.path)!;
      for (const id of [randomUUID(), 'not-a-uuid', '1']) {
        const response = await send(endpoint, a[role], a, mine, { ...mine.ids, [kind]: id });
        expect(response.statusCode, `${role} ${endpoint.key} ${id}: ${response.body}`).toBe(404);
        expect(response.json().code).toBe('NOT_FOUND');
      }
    }
  });

  it("company B's users never reach company A's records, and A's books do not move", async () => {
    const aIds = new Map<string, Ids>();
    for (const endpoint of CALLS) aIds.set(endpoint.key, await prepared(endpoint, mine));
    const countPayments = async () =>
      (
        await t.database.db.select({ n: count() }).from(payments).where(eq(payments.companyId, a.companyId))
      )[0]!.n;
    const booksBefore = await readTrialBalance(t, a);
    const paymentsBefore = await countPayments();
    const secrets = [...secretsOf(mine), ...secretsOf(theirs), a.companyId];
    for (const endpoint of CALLS) {
      const rule = ruleOf(endpoint.key);
      const kind = idKindOf(endpoint.path);
      for (const role of ROLES) {
        const label = `B's ${role} on ${endpoint.key}`;
        const response = await send(endpoint, b[role], b, mine, aIds.get(endpoint.key));
        if (!rule.roles[role]) {
          // Refused for the role (403) or not found (404): either way it says nothing about A's ids.
          expect([403, 404], `${label}: ${response.body}`).toContain(response.statusCode);
        } else if (kind) {
          expect(response.statusCode, `${label}: ${response.body}`).toBe(404);
        } else if (rule.namesInBody) {
          expect(response.statusCode, `${label}: ${response.body}`).toBe(422);
        } else {
          // B's own list or settings: never A's rows.
          expect(response.statusCode, `${label}: ${response.body}`).toBe(endpoint.status);
          if (rule.shows) expect(response.body, label).toContain(rule.shows(bKit));
        }
        for (const secret of secrets) expect(response.body, label).not.toContain(secret);
      }
    }
    expect(await readTrialBalance(t, a)).toEqual(booksBefore);
    expect(await countPayments()).toBe(paymentsBefore);
  });
});
