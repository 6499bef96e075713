import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../db/scope.ts';
import * as repo from './repo.ts';

/*
 * What other features ask of properties (leases, maintenance, money, reports, the demo seed, data
 * sync). The repo stays private; these take the caller's transaction so their reads and writes
 * share it.
 */
export type { PropertyRow, PropertyView } from './repo.ts';
type Scope = Pick<Ctx, 'companyId'>;

/** A property of the company with its owner's and agent's names; no visibility rule applies. */
export const findProperty = (tx: Tx, ctx: Scope, id: string) => repo.findProperty(tx, ctx, id);

/** Occupancy follows the leases and the repairs: activation lets it, the last lease ending frees it. */
export const setPropertyStatus = (
  tx: Tx,
  ctx: Scope,
  propertyId: string,
  status: repo.PropertyRow['status'],
) => repo.setPropertyStatus(tx, ctx, propertyId, status);

/**
 * Lets several properties at once (leases imported as active): each one not occupied yet becomes
 * occupied. Returns those changed, with the status each had.
 */
export const occupyProperties = (tx: Tx, ctx: Scope, propertyIds: string[]) =>
  repo.occupyProperties(tx, ctx, propertyIds);

/** A property as given, without createProperty's checks (the demo seed); returns its id. */
export const insertProperty = (tx: Tx, values: Parameters<typeof repo.insertProperty>[1]) =>
  repo.insertProperty(tx, values);

/** Every property of the company, oldest first (data sync: natural keys and export). */
export const propertiesForSync = (tx: Tx, ctx: Scope) => repo.listAllProperties(tx, ctx);

/** A data import's properties, written in bulk after the import checked them. */
export const importProperties = (tx: Tx, values: Parameters<typeof repo.insertProperties>[1]) =>
  repo.insertProperties(tx, values);
