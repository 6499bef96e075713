import type { Role } from '@lintel/contracts';
import type { Ctx } from '../db/scope.ts';
import { forbidden } from './errors.ts';

/** PRODUCT.md's roles table, enforced on the server; the web hides what a role cannot do. */
export function assertRole(ctx: Pick<Ctx, 'role'>, allowed: readonly Role[]): void {
  if (!allowed.includes(ctx.role)) throw forbidden();
}

/**
 * The roles that may read the records hanging off properties (leases, payments, rent, maintenance,
 * levies, property accounts); which of those rows each one sees is lib/visibility.ts's.
 */
export const PROPERTY_READERS = ['admin', 'accountant', 'agent', 'owner'] as const satisfies readonly Role[];
