import type { Role } from '@lintel/contracts';
import type { Db } from '../../db/client.ts';
import type { Ctx } from '../../db/scope.ts';

export interface DemoProperty {
  id: string;
  name: string;
  ownerIndex: number;
  agentId: string;
  rentCents: number;
  levyCents: number;
}

/** The company's bare bones, made directly; everything after goes through the services. */
export interface DemoCompany {
  db: Db;
  companyId: string;
  /** The day the demo is made: every date is computed from it. */
  today: string;
  users: { admin: string; agent: string; owner: string; accountant: string };
  owners: { id: string; name: string }[];
  /** By index: the plan's stories (plan.ts) name properties by it. */
  properties: DemoProperty[];
}

/** A user's context, as their requests would carry it. */
export const actingAs = (demo: DemoCompany, role: Role, userId: string): Ctx => ({
  db: demo.db,
  companyId: demo.companyId,
  userId,
  role,
  requestId: 'demo-seed',
});

export const accountantOf = (demo: DemoCompany) => actingAs(demo, 'accountant', demo.users.accountant);
export const adminOf = (demo: DemoCompany) => actingAs(demo, 'admin', demo.users.admin);
/** The agent who manages the property. */
export const agentOf = (demo: DemoCompany, property: DemoProperty) =>
  actingAs(demo, 'agent', property.agentId);
