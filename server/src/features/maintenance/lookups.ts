import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../db/scope.ts';
import type { RowScope } from '../../lib/visibility.ts';
import * as repo from './repo.ts';

/*
 * What other features ask of maintenance (the dashboard, data sync). The repo stays private;
 * these take the caller's transaction so their reads share it.
 */
type Scope = Pick<Ctx, 'companyId'>;

/** Open requests per status (every open status, zeros too), of the rows a caller sees. */
export const countOpenRequests = (tx: Tx, scope: Scope, rows: RowScope) =>
  repo.countOpenRequests(tx, scope, rows);

/** Estimates waiting for an owner's approval, of the rows a caller sees. */
export const countApprovalsWaiting = (tx: Tx, scope: Scope, rows: RowScope) =>
  repo.countApprovalsWaiting(tx, scope, rows);

/** Every maintenance request, oldest first, for the company export's records (not imported). */
export const maintenanceRecords = (tx: Tx, scope: Scope) => repo.maintenanceRecords(tx, scope);
