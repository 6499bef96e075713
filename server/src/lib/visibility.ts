import { or, type Placeholder, type SQL, type SQLWrapper, eq, sql } from 'drizzle-orm';
import type { Role } from '@lintel/contracts';
import type { Ctx } from '../db/scope.ts';

/**
 * Which rows of a company a role sees, written once. Company scoping is the database's
 * (db/scope.ts); this is the split inside the company. Whether a role may call a route at all,
 * or act on a row it sees, stays with the route guards (lib/roles.ts) and the services.
 */
export type RowScope =
  | { kind: 'all' }
  /** Rows hanging off the properties the user manages as their agent. */
  | { kind: 'managedBy'; userId: string }
  /** Rows hanging off the properties of the owner record bound to the user. */
  | { kind: 'ownedBy'; userId: string }
  /** Rows the user created or was given (a task's creator or assignee, an invitation's issuer). */
  | { kind: 'involves'; userId: string }
  /** No rows: the route guard refuses this role before any row is read. */
  | { kind: 'none' };

type Rule = RowScope['kind'];

export const ENTITIES = [
  'property',
  'lease',
  /** The "ending soon" reminder: each reader's own leases, not every lease they may read. */
  'endingLease',
  'payment',
  /** An agent also sees the work assigned to them: the assignee counts among its agents. */
  'maintenanceRequest',
  'levy',
  'tenant',
  /** An owner record: the owner user sees the one bound to them. */
  'owner',
  'propertyAccount',
  /** An agent's commission account: the agent is the one it is managed by. */
  'agentAccount',
  'rentArrears',
  /** Commission on rent payments: an agent earns on those received for them. */
  'commission',
  /** The owner statements report: an owner reads the statement of their own owner record. */
  'ownerStatement',
  /** An owner reads the issued (not draft) invoices addressed to their owner record. */
  'invoice',
  'task',
  /** A pending invitation: an agent sees those they issued. */
  'invitation',
] as const;
export type Entity = (typeof ENTITIES)[number];

/**
 * The policy as data: for each entity, each role's rule. 'other' reads the property list (and an
 * owner's properties) as today; 'none' marks the lists its route guard refuses it.
 */
export const VISIBILITY: Record<Entity, Record<Role, Rule>> = {
  property: { admin: 'all', accountant: 'all', agent: 'all', owner: 'ownedBy', other: 'all' },
  lease: { admin: 'all', accountant: 'all', agent: 'all', owner: 'ownedBy', other: 'none' },
  endingLease: { admin: 'all', accountant: 'all', agent: 'managedBy', owner: 'ownedBy', other: 'none' },
  payment: { admin: 'all', accountant: 'all', agent: 'managedBy', owner: 'ownedBy', other: 'none' },
  maintenanceRequest: {
    admin: 'all',
    accountant: 'all',
    agent: 'managedBy',
    owner: 'ownedBy',
    other: 'none',
  },
  levy: { admin: 'all', accountant: 'all', agent: 'all', owner: 'ownedBy', other: 'none' },
  tenant: { admin: 'all', accountant: 'all', agent: 'all', owner: 'ownedBy', other: 'none' },
  owner: { admin: 'all', accountant: 'all', agent: 'all', owner: 'ownedBy', other: 'all' },
  propertyAccount: { admin: 'all', accountant: 'all', agent: 'managedBy', owner: 'ownedBy', other: 'none' },
  agentAccount: { admin: 'all', accountant: 'all', agent: 'managedBy', owner: 'none', other: 'none' },
  rentArrears: { admin: 'all', accountant: 'all', agent: 'managedBy', owner: 'ownedBy', other: 'none' },
  commission: { admin: 'all', accountant: 'all', agent: 'managedBy', owner: 'none', other: 'none' },
  ownerStatement: { admin: 'all', accountant: 'all', agent: 'none', owner: 'ownedBy', other: 'none' },
  invoice: { admin: 'all', accountant: 'all', agent: 'none', owner: 'ownedBy', other: 'none' },
  task: { admin: 'all', accountant: 'involves', agent: 'involves', owner: 'none', other: 'none' },
  invitation: { admin: 'all', accountant: 'none', agent: 'involves', owner: 'none', other: 'none' },
};

export function scopeFor(ctx: Pick<Ctx, 'role' | 'userId'>, entity: Entity): RowScope {
  const kind = VISIBILITY[entity][ctx.role];
  return kind === 'all' || kind === 'none' ? { kind } : { kind, userId: ctx.userId };
}

/**
 * Who a loaded row hangs off: its property's agent (and anyone else who counts as managing it),
 * its owner's user, the users it involves. A party an entity does not have is left out, and a
 * scope on a missing party sees nothing.
 */
export interface RowParties {
  agentIds?: readonly (string | null | undefined)[];
  ownerUserId?: string | null | undefined;
  involvedIds?: readonly (string | null | undefined)[];
}

/** The one predicate for a row a service has loaded. */
export function sees(scope: RowScope, row: RowParties): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'none':
      return false;
    case 'managedBy':
      return row.agentIds?.includes(scope.userId) ?? false;
    case 'ownedBy':
      return row.ownerUserId === scope.userId;
    case 'involves':
      return row.involvedIds?.includes(scope.userId) ?? false;
  }
}

/** Where a repo's query holds the row's parties: the columns (or aliased SQL) to compare. */
export interface PartyColumns {
  agents?: readonly SQLWrapper[];
  ownerUser?: SQLWrapper;
  involved?: readonly SQLWrapper[];
}

const anyIs = (columns: readonly SQLWrapper[] | undefined, user: unknown): SQL =>
  columns?.length ? or(...columns.map((column) => eq(column, user)))! : sql`false`;

/**
 * The scope as a SQL condition; undefined when every row of the company is visible. `user` stands
 * for the scope's user where a statement is built once and bound later (`sql.placeholder`).
 */
export function scopeCondition(
  scope: RowScope,
  columns: PartyColumns,
  user: string | Placeholder = 'userId' in scope ? scope.userId : '',
): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'none':
      return sql`false`;
    case 'managedBy':
      return anyIs(columns.agents, user);
    case 'ownedBy':
      return columns.ownerUser ? eq(columns.ownerUser, user) : sql`false`;
    case 'involves':
      return anyIs(columns.involved, user);
  }
}

/** The same condition for hand-written SQL: an `and …` clause, or nothing. */
export function andScope(scope: RowScope, columns: PartyColumns): SQL {
  const condition = scopeCondition(scope, columns);
  return condition ? sql`and ${condition}` : sql``;
}
