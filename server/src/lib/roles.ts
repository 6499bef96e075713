import type { Ctx } from '../db/scope.ts';
import { forbidden } from './errors.ts';

export type Role = Ctx['role'];

/** PRODUCT.md's roles table, enforced on the server; the web hides what a role cannot do. */
export function assertRole(ctx: Pick<Ctx, 'role'>, allowed: readonly Role[]): void {
  if (!allowed.includes(ctx.role)) throw forbidden();
}

export const STAFF_ROLES = ['admin', 'agent', 'accountant'] as const satisfies readonly Role[];
