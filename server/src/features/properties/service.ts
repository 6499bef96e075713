import {
  OWNER_ID_REQUIRED,
  PROPERTY_ID_REQUIRED,
  TRANSFER_FIELDS_REQUIRED,
  type Property,
  type PropertyInput,
  type PropertyQuery,
  type PropertyUpdateInput,
  type PublicPropertyQuery,
  type TransferInput,
} from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { isUuid, transact, type Ctx } from '../../db/scope.ts';
import { sqlState } from '../../lib/db-errors.ts';
import { badRequest, conflict, forbidden, notFound, staleVersion, unprocessable } from '../../lib/errors.ts';
import { parseSort, type CountedPage } from '../../lib/list-query.ts';
import { assertRole } from '../../lib/roles.ts';
import { scopeFor, sees } from '../../lib/visibility.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import { findOwner } from '../owners/index.ts';
import { findAgent } from '../users/index.ts';
import { toProperty } from './dto.ts';
import * as repo from './repo.ts';

const DEFAULT_PAGE_SIZE = 25;
const PROPERTY_NOT_FOUND = () => notFound('Property not found');
const OWNER_NOT_FOUND = () => notFound('Owner not found');
const PROPERTY_IN_USE = () =>
  conflict(
    'PROPERTY_IN_USE',
    'This property has leases, payments or other records. Set its status to inactive instead.',
  );

function requireId(id: string, message: string): string {
  const trimmed = id.trim();
  if (!trimmed) throw badRequest('VALIDATION', message);
  return trimmed;
}

/** A list's rows and the page they are: the whole list is one page of all of them. */
export interface PropertyList extends CountedPage<Property> {
  paging: { page: number; pageSize: number };
}

/** Paged when the caller sends `page` or `pageSize`; otherwise every property it may see (SPEC §4). */
async function list(
  tx: Tx,
  ctx: Ctx,
  query: PropertyQuery,
  extra: repo.PropertyFilter = {},
): Promise<PropertyList> {
  const filter: repo.PropertyFilter = {
    q: query.q,
    status: query.status,
    type: query.type,
    ownerId: query.ownerId,
    agentId: query.agentId,
    ...extra,
    rows: scopeFor(ctx, 'property'),
  };
  const order = parseSort(query.sort, repo.sortColumns, 'name');
  if (query.page === undefined && query.pageSize === undefined) {
    const items = (await repo.listEveryProperty(tx, ctx, filter, order)).map(toProperty);
    const whole = { items, total: items.length, totalIsLowerBound: false };
    return { ...whole, paging: { page: 1, pageSize: items.length } };
  }
  const paging = { page: query.page ?? 1, pageSize: query.pageSize ?? DEFAULT_PAGE_SIZE };
  const page = await repo.listProperties(tx, ctx, filter, { ...paging, ...order });
  return { ...page, items: page.items.map(toProperty), paging };
}

export const listProperties = (ctx: Ctx, query: PropertyQuery) =>
  // The page's statement is named (repo.listProperties): its plan is kept across requests.
  transact(ctx, (tx) => list(tx, ctx, query), { genericPlans: true });

/** SPEC §7 sends userId, companyId and userRole; they must describe the signed-in user. */
export function assertClaimsMatch(
  ctx: Ctx,
  claimed: { userId?: string; companyId?: string; userRole?: string },
) {
  const mismatch =
    (claimed.userId && claimed.userId !== ctx.userId) ||
    (claimed.companyId && claimed.companyId !== ctx.companyId) ||
    (claimed.userRole && claimed.userRole !== ctx.role);
  if (mismatch) throw forbidden('This request does not match the signed-in user. Please sign in again.');
}

export const listPublicFiltered = (ctx: Ctx, query: PublicPropertyQuery) => {
  assertClaimsMatch(ctx, query);
  return listProperties(ctx, query);
};

async function loadVisible(tx: Tx, ctx: Ctx, id: string): Promise<repo.PropertyView> {
  if (!isUuid(id)) throw PROPERTY_NOT_FOUND();
  const row = await repo.findProperty(tx, ctx, id);
  if (!row) throw PROPERTY_NOT_FOUND();
  const rows = scopeFor(ctx, 'property');
  // The owner's user is looked up only where the policy asks for it.
  const ownerUserId =
    rows.kind === 'ownedBy' && (await repo.isOwnedByUser(tx, row.ownerId, rows.userId)) ? rows.userId : null;
  if (!sees(rows, { agentIds: [row.agentId], ownerUserId })) throw PROPERTY_NOT_FOUND();
  return row;
}

/** Admins change any property; agents only those they manage. */
function assertCanChange(ctx: Ctx, row: repo.PropertyView): void {
  assertRole(ctx, ['admin', 'agent']);
  if (ctx.role === 'agent' && row.agentId !== ctx.userId) {
    throw forbidden('Only the agent who manages this property, or an admin, can change it.');
  }
}

async function resolveOwnerId(tx: Tx, ctx: Ctx, ownerId: string | null | undefined) {
  if (!ownerId) return ownerId;
  const owner = await findOwner(tx, ctx, ownerId);
  if (!owner) throw unprocessable('INVALID_OWNER', 'The chosen owner is not an owner of this company.');
  return owner.id;
}

/**
 * The owner a property form names. SPEC's form always sends the signed-in user's own id: an owner
 * user's id names their owner record (findOwner takes a user id too); anyone else's names no owner,
 * so it reads as not given (create: none; update: unchanged).
 */
async function formOwnerId(tx: Tx, ctx: Ctx, ownerId: string | null | undefined) {
  if (ownerId === ctx.userId && !(await findOwner(tx, ctx, ownerId))) return undefined;
  return resolveOwnerId(tx, ctx, ownerId);
}

async function checkAgent(tx: Tx, ctx: Ctx, agentId: string | null | undefined) {
  if (agentId && !(await findAgent(tx, ctx, agentId))) {
    throw unprocessable('INVALID_AGENT', 'The chosen agent is not an active agent of this company.');
  }
}

const columnsOf = (input: Omit<PropertyUpdateInput, '__v' | 'companyId'>) => ({
  name: input.name,
  address: input.address,
  type: input.type,
  status: input.status,
  agentId: input.agentId,
  rentCents: input.rentAmount,
  levyCents: input.levyAmount,
  currency: input.currency,
  bedrooms: input.bedrooms,
  bathrooms: input.bathrooms,
  area: input.area,
  description: input.description,
  commissionRateBp: input.commissionRate,
});

/** An agent earns a share of the commission, so only an admin sets a property's own rate. */
function assertMaySetCommission(
  ctx: Ctx,
  commissionRate: number | null | undefined,
  current: number | null = null,
) {
  if (ctx.role === 'agent' && commissionRate !== undefined && commissionRate !== current) {
    throw forbidden("Only an admin can set a property's commission rate.");
  }
}

export const createProperty = (ctx: Ctx, input: PropertyInput): Promise<Property> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['admin', 'agent']);
    assertMaySetCommission(ctx, input.commissionRate);
    // An agent who adds a property manages it.
    const agentId = ctx.role === 'agent' ? ctx.userId : input.agentId;
    await checkAgent(tx, ctx, agentId);
    const ownerId = await formOwnerId(tx, ctx, input.ownerId);
    const values = Object.fromEntries(
      Object.entries({ ...columnsOf(input), agentId, ownerId }).filter(([, value]) => value !== undefined),
    );
    const id = await repo.insertProperty(tx, {
      ...values,
      name: input.name,
      address: input.address,
      type: input.type,
      companyId: ctx.companyId,
    });
    const created = toProperty((await repo.findProperty(tx, ctx, id))!);
    await recordAudit(tx, auditActor(ctx), {
      action: 'property.created',
      entity: 'property',
      entityId: id,
      after: created,
    });
    return created;
  });

export const getProperty = (ctx: Ctx, id: string): Promise<Property> =>
  transact(ctx, async (tx) => toProperty(await loadVisible(tx, ctx, requireId(id, PROPERTY_ID_REQUIRED))));

async function applyChange(
  tx: Tx,
  ctx: Ctx,
  before: repo.PropertyView,
  changes: Parameters<typeof repo.updateProperty>[3],
  expectedVersion: number | undefined,
  action: string,
): Promise<Property> {
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (!(await repo.updateProperty(tx, ctx, before.id, defined, expectedVersion)))
    throw staleVersion('property');
  const after = toProperty((await repo.findProperty(tx, ctx, before.id))!);
  await recordAudit(tx, auditActor(ctx), {
    action,
    entity: 'property',
    entityId: before.id,
    before: toProperty(before),
    after,
  });
  return after;
}

export const updateProperty = (ctx: Ctx, id: string, input: PropertyUpdateInput): Promise<Property> =>
  transact(ctx, async (tx) => {
    const before = await loadVisible(tx, ctx, requireId(id, PROPERTY_ID_REQUIRED));
    assertCanChange(ctx, before);
    if (ctx.role === 'agent' && input.agentId !== undefined && input.agentId !== ctx.userId) {
      throw forbidden('Only an admin can hand a property to another agent.');
    }
    assertMaySetCommission(ctx, input.commissionRate, before.commissionRateBp);
    await checkAgent(tx, ctx, input.agentId);
    const ownerId = await formOwnerId(tx, ctx, input.ownerId);
    return applyChange(tx, ctx, before, { ...columnsOf(input), ownerId }, input.__v, 'property.updated');
  });

/** Answers the property as it was: SPEC's client reads the reply as a property. */
export const deleteProperty = (ctx: Ctx, id: string): Promise<Property> =>
  transact(ctx, async (tx) => {
    const before = await loadVisible(tx, ctx, requireId(id, PROPERTY_ID_REQUIRED));
    assertCanChange(ctx, before);
    try {
      await tx.transaction((savepoint) => repo.deleteProperty(savepoint, ctx, before.id));
    } catch (error) {
      // Leases, payments, ledger lines… name it: the foreign keys keep its history.
      if (sqlState(error) === '23503') throw PROPERTY_IN_USE();
      throw error;
    }
    const deleted = toProperty(before);
    await recordAudit(tx, auditActor(ctx), {
      action: 'property.deleted',
      entity: 'property',
      entityId: before.id,
      before: deleted,
    });
    return deleted;
  });

export const listOwnerProperties = (ctx: Ctx, ownerId: string, query: PropertyQuery) =>
  transact(ctx, async (tx) => {
    const owner = await findOwner(tx, ctx, requireId(ownerId, OWNER_ID_REQUIRED));
    if (!owner) throw OWNER_NOT_FOUND();
    if (!sees(scopeFor(ctx, 'owner'), { agentIds: [], ownerUserId: owner.userId })) throw OWNER_NOT_FOUND();
    return list(tx, ctx, query, { ownerId: owner.id });
  });

export const transferProperty = (ctx: Ctx, id: string, input: TransferInput): Promise<Property> =>
  transact(ctx, async (tx) => {
    const before = await loadVisible(tx, ctx, requireId(id, TRANSFER_FIELDS_REQUIRED));
    assertCanChange(ctx, before);
    // The new owner is named in the body, so an unknown one is a 422 as in create and update.
    const ownerId = await resolveOwnerId(tx, ctx, input.newOwnerId);
    return applyChange(tx, ctx, before, { ownerId }, undefined, 'property.transferred');
  });
