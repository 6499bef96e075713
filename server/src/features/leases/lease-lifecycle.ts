import { sql } from 'drizzle-orm';
import { type Lease, type TerminateLeaseInput } from '@lintel/contracts';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { systemTransact, transact, type Ctx } from '../../db/scope.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, conflict, staleVersion } from '../../lib/errors.ts';
import { assertRole, PROPERTY_READERS } from '../../lib/roles.ts';
import { auditActor, recordAudit, type AuditActor } from '../audit/index.ts';
import { accountBalances, ledgerAccount, lockAccount, postJournal } from '../ledger/index.ts';
import { findProperty, setPropertyStatus } from '../properties/index.ts';
import { toLease } from './dto.ts';
import * as repo from './repo.ts';
import {
  assertCanChange,
  endBeforeStart,
  illegalTransition,
  loadVisible,
  reload,
  todayIso,
  type Scope,
} from './access.ts';

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

export const activateLease = (ctx: Ctx, id: string): Promise<Lease> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, PROPERTY_READERS);
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
    assertRole(ctx, PROPERTY_READERS);
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
