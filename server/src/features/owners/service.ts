import type { Owner, OwnerInput, OwnerQuery, OwnerSummary, OwnerUpdateInput } from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { isUuid, transact, type Ctx } from '../../db/scope.ts';
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

const columnsOf = (input: OwnerUpdateInput) =>
  Object.fromEntries(
    Object.entries({
      name: input.name,
      email: input.email,
      phone: input.phone,
      idNumber: input.idNumber,
      bankDetails:
        input.bankDetails === undefined
          ? undefined
          : input.bankDetails === null
            ? null
            : (Object.fromEntries(
                Object.entries(input.bankDetails).filter(
                  ([, value]) => value !== null && value !== undefined,
                ),
              ) as Record<string, string>),
      notes: input.notes,
    }).filter(([, value]) => value !== undefined),
  );

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
