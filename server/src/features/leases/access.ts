import { LEASE_END_AFTER_START, type Lease, type LeaseStatus } from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { isUuid, type Ctx } from '../../db/scope.ts';
import { AppError, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import { assertRole } from '../../lib/roles.ts';
import { scopeFor, sees } from '../../lib/visibility.ts';
import { findProperty } from '../properties/index.ts';
import { toLease } from './dto.ts';
import * as repo from './repo.ts';

// What reading, editing, moving through states, renewing and importing leases share: who may read
// and write, the standard refusals, and loading a lease the caller may see.

export type Scope = Pick<Ctx, 'companyId'>;

export const LEASE_NOT_FOUND = () => notFound('Lease not found');
export const WRITERS = ['admin', 'agent'] as const;

/** Today's calendar date in UTC, as lease dates are stored. */
export const todayIso = (now = new Date()) => now.toISOString().slice(0, 10);

export const article = (status: LeaseStatus) => (status === 'active' || status === 'expired' ? 'An' : 'A');

/** 'A terminated lease cannot be activated.' */
export const illegalTransition = (status: LeaseStatus, verb: string) =>
  unprocessable('ILLEGAL_TRANSITION', `${article(status)} ${status} lease cannot be ${verb}.`);

export const endBeforeStart = () =>
  new AppError(400, 'VALIDATION', LEASE_END_AFTER_START, [
    { path: 'endDate', message: LEASE_END_AFTER_START },
  ]);

export async function loadVisible(tx: Tx, ctx: Ctx, id: string): Promise<repo.LeaseView> {
  if (!isUuid(id)) throw LEASE_NOT_FOUND();
  const row = await repo.findLease(tx, ctx, id);
  if (!row) throw LEASE_NOT_FOUND();
  if (!sees(scopeFor(ctx, 'lease'), { agentIds: [row.agentId], ownerUserId: row.ownerUserId })) {
    throw LEASE_NOT_FOUND();
  }
  return row;
}

/** Admins change any lease; agents only leases on the properties they manage. */
export function assertCanChange(ctx: Ctx, agentId: string | null): void {
  assertRole(ctx, WRITERS);
  if (ctx.role === 'agent' && agentId !== ctx.userId) {
    throw forbidden('Only the agent who manages this property, or an admin, can change its leases.');
  }
}

export async function loadProperty(tx: Tx, ctx: Ctx, propertyId: string) {
  const property = await findProperty(tx, ctx, propertyId);
  if (!property) {
    throw unprocessable('INVALID_PROPERTY', 'The chosen property is not a property of this company.');
  }
  assertCanChange(ctx, property.agentId);
  return property;
}

export async function checkTenant(tx: Tx, ctx: Ctx, tenantId: string) {
  const tenant = await repo.findTenant(tx, ctx, tenantId);
  if (!tenant) throw unprocessable('INVALID_TENANT', 'The chosen tenant is not a tenant of this company.');
  if (tenant.archivedAt) throw unprocessable('TENANT_ARCHIVED', 'This tenant is archived.');
}

export async function reload(tx: Tx, scope: Scope, id: string): Promise<Lease> {
  return toLease((await repo.findLease(tx, scope, id))!);
}
