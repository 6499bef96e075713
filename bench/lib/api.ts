import { randomUUID } from 'node:crypto';
import { Lease, Property, Session } from '@lintel/contracts';
import type { Target } from './databases.ts';

const PASSWORD = 'bench-horse-battery-staple';
/** The demo company's logins (server/src/features/demo, seeded by the bench's server at start). */
export const DEMO_PASSWORD = 'LintelDemo1';

export interface ApiReply {
  status: number;
  body: unknown;
}

/** A signed-in user of the running server (Bearer token from the signup reply). */
export class ApiUser {
  constructor(
    private readonly target: Target,
    readonly session: Session,
  ) {}

  get authorization() {
    return `Bearer ${this.session.token}`;
  }

  /** The user's company: every bench user signs up with one or into one. */
  get companyId(): string {
    const id = this.session.company?._id;
    if (!id) throw new Error(`${this.session.user.email} has no company`);
    return id;
  }

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    return send(this.target, method, path, body, { authorization: this.authorization, ...headers });
  }

  /** The reply's `data` when the status is the expected one; throws with the body otherwise. */
  async expect(status: number, method: string, path: string, body?: unknown): Promise<unknown> {
    const reply = await this.call(method, path, body);
    return expectStatus(reply, status, `${method} ${path}`);
  }
}

async function send(
  target: Target,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<ApiReply> {
  const response = await fetch(`${target.baseUrl()}${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

function expectStatus(reply: ApiReply, status: number, what: string): unknown {
  if (reply.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${reply.status}: ${JSON.stringify(reply.body)}`);
  }
  return (reply.body as { data?: unknown }).data ?? reply.body;
}

const email = (label: string) => `${label}-${randomUUID().slice(0, 8)}@bench.example`;

async function signup(target: Target, address: string, name: string, company: unknown) {
  const reply = await send(
    target,
    'POST',
    '/api/auth/signup',
    { email: address, password: PASSWORD, name, company },
    {},
  );
  return new ApiUser(target, Session.parse(expectStatus(reply, 201, 'signup')));
}

/** A demo user (e.g. `accountant@demo.test`) signed in with the demo password. */
export async function signInDemo(target: Target, address: string): Promise<ApiUser> {
  const reply = await send(
    target,
    'POST',
    '/api/auth/login',
    { email: address, password: DEMO_PASSWORD },
    {},
  );
  return new ApiUser(target, Session.parse(expectStatus(reply, 200, `login as ${address}`)));
}

/** The admin invites a user with a role; the user signs up with the invitation code. */
async function invite(target: Target, admin: ApiUser, role: 'accountant' | 'agent', name: string) {
  const address = email(role);
  const invitation = (await admin.expect(201, 'POST', '/api/users/invitations', {
    email: address,
    role,
  })) as { code: string };
  return signup(target, address, name, invitation.code);
}

export interface LetProperty {
  admin: ApiUser;
  accountant: ApiUser;
  agent: ApiUser;
  property: Property;
  lease: Lease;
}

/** A new company with an accountant and an agent, and one property let on an active USD lease. */
export async function createLetProperty(target: Target, label: string): Promise<LetProperty> {
  const admin = await signup(target, email('admin'), 'Bench Admin', {
    name: `${label} Agency ${randomUUID().slice(0, 6)}`,
    address: '1 Bench Street, Harare',
    phone: '+263 77 000 0000',
    email: email('office'),
    registrationNumber: 'CR 1/2020',
    tinNumber: '2000000001',
  });
  const accountant = await invite(target, admin, 'accountant', 'Bench Accountant');
  const agent = await invite(target, admin, 'agent', 'Bench Agent');
  const owner = (await admin.expect(201, 'POST', '/api/owners', { name: 'Bench Owner' })) as { _id: string };
  const property = Property.parse(
    await admin.expect(201, 'POST', '/api/properties', {
      name: `${label} House`,
      address: '1 Ledger Lane',
      type: 'house',
      ownerId: owner._id,
      agentId: agent.session.user._id,
      currency: 'USD',
      rentAmount: 100000,
    }),
  );
  const tenant = (await admin.expect(201, 'POST', '/api/tenants', { name: 'Bench Tenant' })) as {
    _id: string;
  };
  const lease = Lease.parse(
    await admin.expect(201, 'POST', '/api/leases', {
      propertyId: property._id,
      tenantId: tenant._id,
      startDate: '2026-01-01',
      endDate: '2027-12-31',
      rentAmount: 100000,
      depositAmount: 0,
    }),
  );
  await admin.expect(200, 'POST', `/api/leases/${lease._id}/activate`);
  return { admin, accountant, agent, property, lease };
}
