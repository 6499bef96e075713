import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../db/scope.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict } from '../../lib/errors.ts';
import { recordAudits, type AuditActor } from '../audit/index.ts';
import { occupyProperties } from '../properties/index.ts';
import * as repo from './repo.ts';
import { type Scope } from './access.ts';

/** A lease as a data import brings it: its status given, not reached through the editor. */
export type ImportedLease = Pick<
  repo.LeaseRow,
  | 'companyId'
  | 'propertyId'
  | 'tenantId'
  | 'startDate'
  | 'endDate'
  | 'rentCents'
  | 'currency'
  | 'rentDueDay'
  | 'depositCents'
  | 'status'
  | 'terms'
>;

/**
 * Leases arriving with their status (a data import). An active one lets its property, as
 * activation does; the partial unique index still allows one active lease per property.
 */
export async function insertImportedLeases(
  tx: Tx,
  scope: Scope,
  actor: AuditActor,
  rows: ImportedLease[],
): Promise<void> {
  const activatedAt = new Date();
  try {
    await repo.insertLeases(
      tx,
      rows.map((row) => ({ ...row, activatedAt: row.status === 'active' ? activatedAt : null })),
    );
  } catch (error) {
    if (isUniqueViolation(error, 'leases_one_active_per_property')) {
      throw conflict('PROPERTY_ALREADY_LET', 'This property already has an active lease.');
    }
    throw error;
  }
  const let_ = new Set(rows.filter((row) => row.status === 'active').map((row) => row.propertyId));
  const occupied = await occupyProperties(tx, scope, [...let_]);
  await recordAudits(
    tx,
    actor,
    occupied.map(({ id, before }) => ({
      action: 'property.status_changed',
      entity: 'property',
      entityId: id,
      before: { status: before },
      after: { status: 'occupied' },
    })),
  );
}

/** Every lease of the company, oldest first (data sync: natural keys and export). */
export const leasesForSync = (tx: Tx, ctx: Pick<Ctx, 'companyId'>) => repo.listAllLeases(tx, ctx);
