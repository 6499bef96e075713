import {
  TENANT_HAS_LEASES,
  type Tenant,
  type TenantInput,
  type TenantQuery,
  type TenantUpdateInput,
} from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { isUuid, transact, type Ctx } from '../../db/scope.ts';
import { contactColumns } from '../../lib/contacts.ts';
import { isUniqueViolation, sqlState } from '../../lib/db-errors.ts';
import { conflict, forbidden, notFound, staleVersion } from '../../lib/errors.ts';
import { parseSort, type CountedPage } from '../../lib/list-query.ts';
import { assertRole } from '../../lib/roles.ts';
import { scopeFor } from '../../lib/visibility.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import { toTenant } from './dto.ts';
import * as repo from './repo.ts';

const TENANT_NOT_FOUND = () => notFound('Tenant not found');
const DUPLICATE_EMAIL = () => conflict('TENANT_DUPLICATE', 'Another tenant already has this email address.');
const DUPLICATE_ID_NUMBER = () => conflict('TENANT_DUPLICATE', 'Another tenant already has this ID number.');
const HAS_LEASES = () => conflict('TENANT_HAS_LEASES', TENANT_HAS_LEASES);

type LeaseCounts = { total: number; managedByAgent: number };

/** PRODUCT.md: admins change any tenant; agents one without leases or leasing a property they manage. */
const mayChange = (ctx: Ctx, leases: LeaseCounts) =>
  ctx.role === 'admin' || (ctx.role === 'agent' && (leases.total === 0 || leases.managedByAgent > 0));

/** Tenants as the signed-in user sees them: with whether they have leases and may be changed. */
async function present(tx: Tx, ctx: Ctx, rows: repo.TenantRow[]): Promise<Tenant[]> {
  const counts = await repo.leaseCountsOf(
    tx,
    ctx,
    rows.map((row) => row.id),
    ctx.userId,
  );
  return rows.map((row) => {
    const leases = counts.get(row.id) ?? { total: 0, managedByAgent: 0 };
    return toTenant(row, { hasLeases: leases.total > 0, canEdit: mayChange(ctx, leases) });
  });
}

const presentOne = async (tx: Tx, ctx: Ctx, row: repo.TenantRow) => (await present(tx, ctx, [row]))[0]!;

export const listTenants = (ctx: Ctx, query: TenantQuery): Promise<CountedPage<Tenant>> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['admin', 'agent', 'accountant', 'owner']);
    const page = await repo.listTenants(
      tx,
      ctx,
      { q: query.q, archived: query.archived, rows: scopeFor(ctx, 'tenant') },
      { page: query.page, pageSize: query.pageSize, ...parseSort(query.sort, repo.sortColumns, 'name') },
    );
    return { ...page, items: await present(tx, ctx, page.items) };
  });

async function loadVisible(tx: Tx, ctx: Ctx, id: string): Promise<repo.TenantRow> {
  if (!isUuid(id)) throw TENANT_NOT_FOUND();
  const row = await repo.findTenant(tx, ctx, id, scopeFor(ctx, 'tenant'));
  if (!row) throw TENANT_NOT_FOUND();
  return row;
}

async function assertCanChange(tx: Tx, ctx: Ctx, row: repo.TenantRow): Promise<void> {
  assertRole(ctx, ['admin', 'agent']);
  if (!mayChange(ctx, await repo.countTenantLeases(tx, ctx, row.id, ctx.userId))) {
    throw forbidden('Only an admin, or the agent of a property this tenant leases, can change this tenant.');
  }
}

/**
 * The partial unique indexes decide duplicates, so two simultaneous creates cannot both win.
 * PGlite does not always name the index, so the message is chosen by looking the value up
 * (inside a savepoint, since on PostgreSQL the failed statement aborts the transaction).
 */
async function guardDuplicates<T>(
  tx: Tx,
  ctx: Ctx,
  input: { email?: string | null | undefined; idNumber?: string | null | undefined },
  exceptId: string | undefined,
  write: (tx: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await tx.transaction((savepoint) => write(savepoint));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    if (
      isUniqueViolation(error, 'tenants_company_id_number_unique') &&
      !isUniqueViolation(error, 'tenants_company_email_unique')
    )
      throw DUPLICATE_ID_NUMBER();
    if (input.email && (await repo.hasTenantWithEmail(tx, ctx, input.email, exceptId)))
      throw DUPLICATE_EMAIL();
    throw DUPLICATE_ID_NUMBER();
  }
}

export const createTenant = (ctx: Ctx, input: TenantInput): Promise<Tenant> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['admin', 'agent']);
    const row = await guardDuplicates(tx, ctx, input, undefined, (w) =>
      repo.insertTenant(w, { ...contactColumns(input), name: input.name, companyId: ctx.companyId }),
    );
    const created = await presentOne(tx, ctx, row);
    await recordAudit(tx, auditActor(ctx), {
      action: 'tenant.created',
      entity: 'tenant',
      entityId: row.id,
      after: created,
    });
    return created;
  });

export const getTenant = (ctx: Ctx, id: string): Promise<Tenant> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['admin', 'agent', 'accountant', 'owner']);
    return presentOne(tx, ctx, await loadVisible(tx, ctx, id));
  });

export const updateTenant = (ctx: Ctx, id: string, input: TenantUpdateInput): Promise<Tenant> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['admin', 'agent']);
    const beforeRow = await loadVisible(tx, ctx, id);
    await assertCanChange(tx, ctx, beforeRow);
    const changes: Parameters<typeof repo.updateTenant>[3] = contactColumns(input);
    if (input.archived === true && !beforeRow.archivedAt) changes.archivedAt = new Date();
    if (input.archived === false) changes.archivedAt = null;
    const row = await guardDuplicates(tx, ctx, input, beforeRow.id, (w) =>
      repo.updateTenant(w, ctx, beforeRow.id, changes, input.__v),
    );
    if (!row) throw staleVersion('tenant');
    const before = await presentOne(tx, ctx, beforeRow);
    const after = await presentOne(tx, ctx, row);
    const action =
      input.archived === true && !beforeRow.archivedAt
        ? 'tenant.archived'
        : input.archived === false && beforeRow.archivedAt
          ? 'tenant.restored'
          : 'tenant.updated';
    await recordAudit(tx, auditActor(ctx), { action, entity: 'tenant', entityId: row.id, before, after });
    return after;
  });

export const deleteTenant = (ctx: Ctx, id: string): Promise<{ _id: string }> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['admin', 'agent']);
    const row = await loadVisible(tx, ctx, id);
    if ((await repo.countTenantLeases(tx, ctx, row.id)).total > 0) throw HAS_LEASES();
    try {
      await tx.transaction((savepoint) => repo.deleteTenant(savepoint, ctx, row.id));
    } catch (error) {
      // A lease recorded between the count and the delete: the foreign key refuses it.
      if (sqlState(error) === '23503') throw HAS_LEASES();
      throw error;
    }
    await recordAudit(tx, auditActor(ctx), {
      action: 'tenant.deleted',
      entity: 'tenant',
      entityId: row.id,
      before: await presentOne(tx, ctx, row),
    });
    return { _id: row.id };
  });

/*
 * For other features (data sync): the repo stays private; these take the caller's transaction.
 */
export type { TenantRow } from './repo.ts';

/** Every tenant of the company, archived too, oldest first (data sync: natural keys and export). */
export const tenantsForSync = (tx: Tx, ctx: Pick<Ctx, 'companyId'>) => repo.listAllTenants(tx, ctx);

/** A data import's tenants, written in bulk; the unique indexes still decide duplicates. */
export const importTenants = (tx: Tx, values: Parameters<typeof repo.insertTenants>[1]) =>
  repo.insertTenants(tx, values);
