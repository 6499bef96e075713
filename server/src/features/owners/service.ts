import type { Owner, OwnerInput, OwnerQuery, OwnerSummary, OwnerUpdateInput } from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { isUuid, transact, type Ctx } from '../../db/scope.ts';
import { contactColumns } from '../../lib/contacts.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { staleVersion } from '../../lib/errors.ts';
import { parseSort, type CountedPage } from '../../lib/list-query.ts';
import { assertRole } from '../../lib/roles.ts';
import { scopeFor, sees } from '../../lib/visibility.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import { toOwner, toOwnerSummary } from './dto.ts';
import * as repo from './repo.ts';

const OWNER_NOT_FOUND = () => notFound('Owner not found');

/**
 * Owner pickers (property create, edit, transfer) for the roles that see every property.
 * Owners and other roles never pick owners; their own record reaches them through properties.
 */
export const listOwners = (ctx: Ctx, query: OwnerQuery): Promise<CountedPage<OwnerSummary>> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['admin', 'agent', 'accountant']);
    const page = await repo.listOwners(
      tx,
      ctx,
      { q: query.q },
      { page: query.page, pageSize: query.pageSize, ...parseSort(query.sort, repo.ownerSortColumns, 'name') },
    );
    return { ...page, items: page.items.map(toOwnerSummary) };
  });

/** By the owner record's own id (not the bound user's): anything else, or another company's, is 404. */
async function loadOwner(tx: Tx, ctx: Ctx, id: string): Promise<repo.OwnerRow> {
  if (!isUuid(id)) throw OWNER_NOT_FOUND();
  const row = await repo.findOwner(tx, ctx, id);
  if (!row || row.id !== id) throw OWNER_NOT_FOUND();
  return row;
}

const view = async (tx: Tx, ctx: Ctx, row: repo.OwnerRow) =>
  toOwner(row, await repo.countOwnerProperties(tx, ctx, row.id));

/** Email (case-insensitive) and ID number identify an owner within a company. */
async function assertUnique(
  tx: Tx,
  ctx: Ctx,
  values: { email?: string | null | undefined; idNumber?: string | null | undefined },
  exceptId?: string,
) {
  await repo.lockCompanyOwners(tx, ctx);
  const duplicate = await repo.findDuplicateOwner(tx, ctx, values, exceptId);
  if (duplicate?.field === 'email')
    throw conflict('OWNER_DUPLICATE', 'Another owner already has this email address.');
  if (duplicate?.field === 'idNumber')
    throw conflict('OWNER_DUPLICATE', 'Another owner already has this ID or registration number.');
}

/** The contact columns the input sends, and its payout bank details without the blank fields. */
const columnsOf = (input: OwnerUpdateInput) => ({
  ...contactColumns(input),
  ...(input.bankDetails === undefined
    ? {}
    : {
        bankDetails:
          input.bankDetails === null
            ? null
            : (Object.fromEntries(
                Object.entries(input.bankDetails).filter(
                  ([, value]) => value !== null && value !== undefined,
                ),
              ) as Record<string, string>),
      }),
});

export const createOwner = (ctx: Ctx, input: OwnerInput): Promise<Owner> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['admin', 'agent']);
    await assertUnique(tx, ctx, input);
    const row = await repo.insertOwner(tx, {
      ...columnsOf(input),
      name: input.name,
      companyId: ctx.companyId,
    });
    const created = await view(tx, ctx, row);
    await recordAudit(tx, auditActor(ctx), {
      action: 'owner.created',
      entity: 'owner',
      entityId: row.id,
      after: created,
    });
    return created;
  });

/** Staff read any owner record; an owner user reads only the record bound to them. */
export const getOwner = (ctx: Ctx, id: string): Promise<Owner> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['admin', 'agent', 'accountant', 'owner']);
    const row = await loadOwner(tx, ctx, id);
    if (!sees(scopeFor(ctx, 'owner'), { agentIds: [], ownerUserId: row.userId })) throw OWNER_NOT_FOUND();
    return view(tx, ctx, row);
  });

export const updateOwner = (ctx: Ctx, id: string, input: OwnerUpdateInput): Promise<Owner> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['admin', 'agent']);
    const beforeRow = await loadOwner(tx, ctx, id);
    await assertUnique(tx, ctx, input, beforeRow.id);
    const row = await repo.updateOwner(tx, ctx, beforeRow.id, columnsOf(input), input.__v);
    if (!row) throw staleVersion('owner');
    const before = await view(tx, ctx, beforeRow);
    const after = await view(tx, ctx, row);
    await recordAudit(tx, auditActor(ctx), {
      action: 'owner.updated',
      entity: 'owner',
      entityId: row.id,
      before,
      after,
    });
    return after;
  });

export const deleteOwner = (ctx: Ctx, id: string): Promise<{ _id: string }> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['admin']);
    const row = await loadOwner(tx, ctx, id);
    const before = await view(tx, ctx, row);
    if (before.propertyCount > 0) {
      throw conflict(
        'OWNER_HAS_PROPERTIES',
        'This owner still owns properties. Transfer or delete those properties first.',
      );
    }
    await repo.deleteOwner(tx, ctx, row.id);
    await recordAudit(tx, auditActor(ctx), {
      action: 'owner.deleted',
      entity: 'owner',
      entityId: row.id,
      before,
    });
    return { _id: row.id };
  });

/*
 * For other features: owner records as their own rules need them. The repo stays private; these
 * take the caller's transaction so their reads and writes share it.
 */
export type { OwnerRow } from './repo.ts';

/** PRODUCT.md: an owner is named by the owner record's id or by the id of the user bound to it. */
export const findOwner = (tx: Tx, ctx: Pick<Ctx, 'companyId'>, ownerOrUserId: string) =>
  repo.findOwner(tx, ctx, ownerOrUserId);

/** The owner record an owner user is bound to, if any. */
export const findOwnerOfUser = (tx: Tx, ctx: Pick<Ctx, 'companyId'>, userId: string) =>
  repo.findOwnerOfUser(tx, ctx, userId);

/** An owner record as given, without createOwner's checks: the demo seed and test fixtures. */
export const insertOwner = (tx: Tx, values: Parameters<typeof repo.insertOwner>[1]) =>
  repo.insertOwner(tx, values);

/** Binds an owner record to the user who accepted its invitation; false if it is gone or already bound. */
export const bindOwnerUser = (tx: Tx, ctx: Pick<Ctx, 'companyId'>, ownerId: string, userId: string) =>
  repo.bindOwnerUser(tx, ctx, ownerId, userId);

/** Every owner record of the company, oldest first (data sync: natural keys and export). */
export const ownersForSync = (tx: Tx, ctx: Pick<Ctx, 'companyId'>) => repo.listAllOwners(tx, ctx);

/**
 * A data import's owner records, written in bulk. The caller holds lockCompanyOwners and has
 * checked for duplicates, as createOwner does for one.
 */
export const importOwners = (tx: Tx, values: Parameters<typeof repo.insertOwners>[1]) =>
  repo.insertOwners(tx, values);

/** Serialises owner writes of one company so two concurrent writers cannot both pass the duplicate check. */
export const lockCompanyOwners = (tx: Tx, ctx: Pick<Ctx, 'companyId'>) => repo.lockCompanyOwners(tx, ctx);
