import { sql } from 'drizzle-orm';
import {
  addDays,
  applyBasisPoints,
  LEASE_END_AFTER_START,
  type EndingLeasesQuery,
  type Lease,
  type LeaseInput,
  type LeaseQuery,
  type LeaseStatus,
  type LeaseUpdateInput,
  type RenewLeaseInput,
  type TerminateLeaseInput,
} from '@lintel/contracts';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { isUuid, systemTransact, transact, type Ctx } from '../../db/scope.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, conflict, forbidden, notFound, staleVersion, unprocessable } from '../../lib/errors.ts';
import { parseSort } from '../../lib/list-query.ts';
import { assertRole } from '../../lib/roles.ts';
import { scopeFor, sees } from '../../lib/visibility.ts';
import { auditActor, recordAudit, recordAudits, type AuditActor } from '../audit/index.ts';
import { accountBalances, ledgerAccount, lockAccount, postJournal } from '../ledger/index.ts';
import { findProperty, occupyProperties, setPropertyStatus } from '../properties/index.ts';
import { toLease } from './dto.ts';
import * as repo from './repo.ts';

type Scope = Pick<Ctx, 'companyId'>;

const LEASE_NOT_FOUND = () => notFound('Lease not found');
const READERS = ['admin', 'accountant', 'agent', 'owner'] as const;
const WRITERS = ['admin', 'agent'] as const;

/** Today's calendar date in UTC, as lease dates are stored. */
export const todayIso = (now = new Date()) => now.toISOString().slice(0, 10);

const article = (status: LeaseStatus) => (status === 'active' || status === 'expired' ? 'An' : 'A');

/** 'A terminated lease cannot be activated.' */
const illegalTransition = (status: LeaseStatus, verb: string) =>
  unprocessable('ILLEGAL_TRANSITION', `${article(status)} ${status} lease cannot be ${verb}.`);

const endBeforeStart = () =>
  new AppError(400, 'VALIDATION', LEASE_END_AFTER_START, [
    { path: 'endDate', message: LEASE_END_AFTER_START },
  ]);

async function loadVisible(tx: Tx, ctx: Ctx, id: string): Promise<repo.LeaseView> {
  if (!isUuid(id)) throw LEASE_NOT_FOUND();
  const row = await repo.findLease(tx, ctx, id);
  if (!row) throw LEASE_NOT_FOUND();
  if (!sees(scopeFor(ctx, 'lease'), { agentIds: [row.agentId], ownerUserId: row.ownerUserId })) {
    throw LEASE_NOT_FOUND();
  }
  return row;
}

/** Admins change any lease; agents only leases on the properties they manage. */
function assertCanChange(ctx: Ctx, agentId: string | null): void {
  assertRole(ctx, WRITERS);
  if (ctx.role === 'agent' && agentId !== ctx.userId) {
    throw forbidden('Only the agent who manages this property, or an admin, can change its leases.');
  }
}

async function loadProperty(tx: Tx, ctx: Ctx, propertyId: string) {
  const property = await findProperty(tx, ctx, propertyId);
  if (!property) {
    throw unprocessable('INVALID_PROPERTY', 'The chosen property is not a property of this company.');
  }
  assertCanChange(ctx, property.agentId);
  return property;
}

async function checkTenant(tx: Tx, ctx: Ctx, tenantId: string) {
  const tenant = await repo.findTenant(tx, ctx, tenantId);
  if (!tenant) throw unprocessable('INVALID_TENANT', 'The chosen tenant is not a tenant of this company.');
  if (tenant.archivedAt) throw unprocessable('TENANT_ARCHIVED', 'This tenant is archived.');
}

async function reload(tx: Tx, scope: Scope, id: string): Promise<Lease> {
  return toLease((await repo.findLease(tx, scope, id))!);
}

export const listLeases = (ctx: Ctx, query: LeaseQuery) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, READERS);
    const page = await repo.listLeases(
      tx,
      ctx,
      {
        q: query.q,
        status: query.status,
        propertyId: query.propertyId,
        tenantId: query.tenantId,
        rows: scopeFor(ctx, 'lease'),
      },
      { page: query.page, pageSize: query.pageSize, ...parseSort(query.sort, repo.sortColumns, 'endDate') },
    );
    return { ...page, items: page.items.map(toLease) };
  });

/** "Theirs", as lib/visibility.ts says for ending leases. */
export const listEndingLeases = (ctx: Ctx, query: EndingLeasesQuery, today = todayIso()) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, READERS);
    const rows = await repo.listEndingLeases(tx, ctx, {
      rows: scopeFor(ctx, 'endingLease'),
      endingBetween: { from: today, to: addDays(today, query.days) },
    });
    return rows.map(toLease);
  });

export const getLease = (ctx: Ctx, id: string): Promise<Lease> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, READERS);
    return toLease(await loadVisible(tx, ctx, id));
  });

export const createLease = (ctx: Ctx, input: z.output<typeof LeaseInput>): Promise<Lease> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, WRITERS);
    const property = await loadProperty(tx, ctx, input.propertyId);
    await checkTenant(tx, ctx, input.tenantId);
    const id = await repo.insertLease(tx, {
      companyId: ctx.companyId,
      propertyId: property.id,
      tenantId: input.tenantId,
      startDate: input.startDate,
      endDate: input.endDate,
      rentCents: input.rentAmount,
      currency: input.currency ?? property.currency,
      rentDueDay: input.rentDueDay,
      depositCents: input.depositAmount,
      terms: input.terms ?? null,
    });
    const created = await reload(tx, ctx, id);
    await recordAudit(tx, auditActor(ctx), {
      action: 'lease.created',
      entity: 'lease',
      entityId: id,
      after: created,
    });
    return created;
  });

export const updateLease = (ctx: Ctx, id: string, input: z.output<typeof LeaseUpdateInput>): Promise<Lease> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, READERS);
    const before = await loadVisible(tx, ctx, id);
    assertCanChange(ctx, before.agentId);
    if (before.status !== 'draft') {
      throw unprocessable(
        'LEASE_NOT_EDITABLE',
        `${article(before.status)} ${before.status} lease cannot be edited.`,
      );
    }
    if (input.propertyId && input.propertyId !== before.propertyId) {
      await loadProperty(tx, ctx, input.propertyId);
    }
    if (input.tenantId && input.tenantId !== before.tenantId) await checkTenant(tx, ctx, input.tenantId);
    const startDate = input.startDate ?? before.startDate;
    const endDate = input.endDate ?? before.endDate;
    if (endDate <= startDate) throw endBeforeStart();
    const changes = Object.fromEntries(
      Object.entries({
        propertyId: input.propertyId,
        tenantId: input.tenantId,
        startDate: input.startDate,
        endDate: input.endDate,
        rentCents: input.rentAmount,
        currency: input.currency,
        rentDueDay: input.rentDueDay,
        depositCents: input.depositAmount,
        terms: input.terms,
      }).filter(([, value]) => value !== undefined),
    );
    if (!(await repo.updateLease(tx, ctx, before.id, changes, { version: input.__v, status: 'draft' }))) {
      throw staleVersion('lease');
    }
    const after = await reload(tx, ctx, before.id);
    await recordAudit(tx, auditActor(ctx), {
      action: 'lease.updated',
      entity: 'lease',
      entityId: before.id,
      before: toLease(before),
      after,
    });
    return after;
  });

/** Marks a draft active and lets its property; the partial unique index decides races. */
async function makeActive(tx: Tx, scope: Scope, actor: AuditActor, lease: repo.LeaseView | repo.LeaseRow) {
  let updated: boolean;
  try {
    updated = await repo.updateLease(
      tx,
      scope,
      lease.id,
      { status: 'active', activatedAt: new Date() },
      { status: 'draft' },
    );
  } catch (error) {
    if (isUniqueViolation(error, 'leases_one_active_per_property')) {
      throw conflict('PROPERTY_ALREADY_LET', 'This property already has an active lease.');
    }
    throw error;
  }
  if (!updated) return false;
  if (lease.renewedFromId) await carryDepositOver(tx, scope, actor, lease.renewedFromId, lease.id);
  const before = 'propertyName' in lease ? toLease(lease) : lease;
  await recordAudit(tx, actor, {
    action: 'lease.activated',
    entity: 'lease',
    entityId: lease.id,
    before,
    after: await reload(tx, scope, lease.id),
  });
  await changePropertyStatus(tx, scope, actor, lease.propertyId, 'occupied');
  return true;
}

/**
 * A renewal in force holds the tenancy's deposit: whatever the lease it renews holds moves to it
 * (one trust journal per currency, dated the activation day), so the deposit is held once, on the
 * lease in force, and cannot be released while the tenant stays on.
 */
async function carryDepositOver(tx: Tx, scope: Scope, actor: AuditActor, fromId: string, toId: string) {
  const from = ledgerAccount.deposits(fromId);
  const to = ledgerAccount.deposits(toId);
  const currencies = (await accountBalances(tx, scope, { accounts: [from] })).map((row) => row.currency);
  for (const currency of currencies) {
    await lockAccount(tx, scope, from, currency);
    const [row] = await accountBalances(tx, scope, { accounts: [from], currency });
    const held = row ? -row.balance : 0;
    if (held <= 0) continue;
    const journalId = await postJournal(tx, scope, {
      kind: 'deposit_transfer',
      description: 'Deposit carried over to the renewal',
      reference: null,
      entryDate: todayIso(),
      postedBy: actor.userId,
      lines: [
        { account: from, currency, amountCents: held },
        { account: to, currency, amountCents: -held },
      ],
    });
    await recordAudit(tx, actor, {
      action: 'deposit.carried_over',
      entity: 'lease',
      entityId: toId,
      after: { journalId, fromLeaseId: fromId, currency, amount: held },
    });
  }
}

async function changePropertyStatus(
  tx: Tx,
  scope: Scope,
  actor: AuditActor,
  propertyId: string,
  status: 'occupied' | 'available',
) {
  const property = await findProperty(tx, scope, propertyId);
  if (!property || property.status === status) return;
  // A property under maintenance or taken off the market keeps that status when a lease ends.
  if (status === 'available' && property.status !== 'occupied') return;
  await setPropertyStatus(tx, scope, propertyId, status);
  await recordAudit(tx, actor, {
    action: 'property.status_changed',
    entity: 'property',
    entityId: propertyId,
    before: { status: property.status },
    after: { status },
  });
}

/**
 * After a lease ends: its pending renewal takes over (the property stays let), else the property
 * is freed once no active lease is left on it.
 */
async function afterLeaseEnded(
  tx: Tx,
  scope: Scope,
  actor: AuditActor,
  ended: repo.LeaseView | repo.LeaseRow,
) {
  const renewal = await repo.findRenewalOf(tx, scope, ended.id);
  if (renewal?.status === 'draft') {
    // A savepoint: a renewal moved to a property that is let elsewhere stays a draft.
    const activated = await tx
      .transaction((inner) => makeActive(inner, scope, actor, renewal))
      .catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'PROPERTY_ALREADY_LET') return false;
        throw error;
      });
    if (activated) return { renewed: true };
  }
  if ((await repo.countActiveLeases(tx, scope, ended.propertyId)) === 0) {
    await changePropertyStatus(tx, scope, actor, ended.propertyId, 'available');
  }
  return { renewed: false };
}

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

export const activateLease = (ctx: Ctx, id: string): Promise<Lease> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, READERS);
    const lease = await loadVisible(tx, ctx, id);
    assertCanChange(ctx, lease.agentId);
    if (lease.status !== 'draft') throw illegalTransition(lease.status, 'activated');
    if (!(await makeActive(tx, ctx, auditActor(ctx), lease))) throw staleVersion('lease');
    return reload(tx, ctx, lease.id);
  });

export const terminateLease = (
  ctx: Ctx,
  id: string,
  input: z.output<typeof TerminateLeaseInput>,
  today = todayIso(),
): Promise<Lease> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, READERS);
    const lease = await loadVisible(tx, ctx, id);
    assertCanChange(ctx, lease.agentId);
    if (lease.status !== 'active') throw illegalTransition(lease.status, 'terminated');
    if (input.endDate && input.endDate < lease.startDate) throw endBeforeStart();
    // Ending before the lease began ends it on its first day.
    const endDate = input.endDate ?? (today < lease.startDate ? lease.startDate : today);
    const changed = await repo.updateLease(
      tx,
      ctx,
      lease.id,
      {
        status: 'terminated',
        endDate,
        terminationReason: input.reason,
        endedAt: new Date(),
      },
      { status: 'active' },
    );
    if (!changed) throw staleVersion('lease');
    const actor = auditActor(ctx);
    await recordAudit(tx, actor, {
      action: 'lease.terminated',
      entity: 'lease',
      entityId: lease.id,
      before: toLease(lease),
      after: await reload(tx, ctx, lease.id),
    });
    await afterLeaseEnded(tx, ctx, actor, lease);
    return reload(tx, ctx, lease.id);
  });

const RENEWED = () => conflict('LEASE_ALREADY_RENEWED', 'This lease has already been renewed.');

export const renewLease = (ctx: Ctx, id: string, input: z.output<typeof RenewLeaseInput>): Promise<Lease> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, READERS);
    const old = await loadVisible(tx, ctx, id);
    assertCanChange(ctx, old.agentId);
    if (old.status !== 'active') throw illegalTransition(old.status, 'renewed');
    if (old.renewalId) throw RENEWED();
    const startDate = input.startDate ?? addDays(old.endDate, 1);
    if (input.endDate <= startDate) throw endBeforeStart();
    let rentCents = input.rentAmount;
    if (rentCents === undefined) {
      try {
        rentCents = applyBasisPoints(old.rentCents, input.escalationBp ?? 0);
      } catch {
        throw unprocessable('RENT_TOO_LARGE', 'The escalated rent is too large.');
      }
    }
    let renewalId: string;
    try {
      renewalId = await repo.insertLease(tx, {
        companyId: ctx.companyId,
        propertyId: old.propertyId,
        tenantId: old.tenantId,
        startDate,
        endDate: input.endDate,
        rentCents,
        currency: old.currency,
        rentDueDay: old.rentDueDay,
        depositCents: old.depositCents,
        terms: old.terms,
        escalationBp: input.escalationBp ?? null,
        renewedFromId: old.id,
      });
    } catch (error) {
      if (isUniqueViolation(error, 'leases_renewed_from_unique')) throw RENEWED();
      throw error;
    }
    const renewal = await reload(tx, ctx, renewalId);
    await recordAudit(tx, auditActor(ctx), {
      action: 'lease.renewed',
      entity: 'lease',
      entityId: renewalId,
      before: toLease(old),
      after: renewal,
    });
    return renewal;
  });

/** Any fixed number: every server instance takes the same lock, so expiry runs one at a time. */
const EXPIRY_LOCK = 5_120_001;

/**
 * Marks active leases that ended before `today` expired, activates their pending renewals and
 * frees their properties. Idempotent; safe with several instances on one database (advisory
 * lock, then a fresh read). Each company's work is its own scoped transaction, audited with no actor.
 */
export async function expireLeases(
  db: Db,
  today = todayIso(),
): Promise<{ expired: number; renewed: number }> {
  const companyIds = await systemTransact(db, (tx) => repo.companiesWithLeasesToExpire(tx, today));
  let expired = 0;
  let renewed = 0;
  for (const companyId of companyIds) {
    const scope = { companyId };
    const actor: AuditActor = { companyId, userId: null, requestId: null };
    await transact({ db, companyId }, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${EXPIRY_LOCK})`);
      // A renewal activated here may itself be over already: loop until nothing is left.
      for (;;) {
        const due = await repo.findLeasesToExpire(tx, scope, today);
        if (due.length === 0) break;
        for (const lease of due) {
          const changed = await repo.updateLease(
            tx,
            scope,
            lease.id,
            { status: 'expired', endedAt: new Date() },
            { status: 'active' },
          );
          if (!changed) continue;
          expired += 1;
          await recordAudit(tx, actor, {
            action: 'lease.expired',
            entity: 'lease',
            entityId: lease.id,
            before: { status: 'active' },
            after: await reload(tx, scope, lease.id),
          });
          if ((await afterLeaseEnded(tx, scope, actor, lease)).renewed) renewed += 1;
        }
      }
    });
  }
  return { expired, renewed };
}
