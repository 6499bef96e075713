import { sql } from 'drizzle-orm';
import type { ArrearsQuery, ArrearsRow, RentCharge } from '@lintel/contracts';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { systemTransact, transact, type Ctx } from '../../db/scope.ts';
import { assertRole, PROPERTY_READERS } from '../../lib/roles.ts';
import { andScope, scopeFor } from '../../lib/visibility.ts';
import { getLease, todayIso } from '../leases/index.ts';
import { chargeablePeriods, dueDateOf } from './periods.ts';
import * as repo from './repo.ts';

type Scope = Pick<Ctx, 'companyId'>;

/** Creates any missing monthly charges (idempotent: unique per lease and period). */
export async function ensureRentCharges(
  tx: Tx,
  scope: Scope,
  today: string,
  leaseId?: string,
): Promise<number> {
  const leases = await repo.chargeableLeases(tx, scope, leaseId);
  let created = 0;
  for (const lease of leases) {
    created += await repo.insertCharges(
      tx,
      chargeablePeriods(lease, today).map((period) => ({
        companyId: lease.companyId,
        leaseId: lease.id,
        period,
        dueDate: dueDateOf(period, lease.rentDueDay),
        amountCents: lease.rentCents,
        currency: lease.currency,
      })),
    );
  }
  return created;
}

/**
 * Allocates the unallocated part of a lease's completed rent payments to its open charges, oldest
 * first. Run after a payment, a reversal or new charges; it converges, so running it twice adds nothing.
 * Every such change ends here, so afterwards a lease never has both open charges and credit. Hence
 * after posting `newPaymentId` (with no charges created since), only that payment can have
 * anything to allocate, and the other payments are not read: posting stays O(charges), not O(payments).
 */
export async function settleLease(
  tx: Tx,
  scope: Scope,
  leaseId: string,
  newPaymentId?: string,
): Promise<void> {
  await repo.lockLease(tx, scope, leaseId);
  const open = await repo.openCharges(tx, scope, leaseId);
  if (open.length === 0) return;
  const credits = await repo.paymentsWithCredit(tx, scope, leaseId, newPaymentId);
  const rows: { companyId: string; paymentId: string; chargeId: string; amountCents: number }[] = [];
  for (const payment of credits) {
    let credit = payment.credit;
    for (const charge of open) {
      if (credit === 0) break;
      if (charge.outstanding === 0 || charge.currency !== payment.currency) continue;
      const amount = Math.min(credit, charge.outstanding);
      rows.push({
        companyId: scope.companyId,
        paymentId: payment.id,
        chargeId: charge.id,
        amountCents: amount,
      });
      charge.outstanding -= amount;
      credit -= amount;
    }
  }
  await repo.insertAllocations(tx, rows);
}

/** The rent charges job: back-fills every company's missing months, then settles credit. */
export async function generateAllRentCharges(db: Db, today = todayIso()): Promise<number> {
  const companyIds = await systemTransact(db, (tx) => repo.companiesWithChargeableLeases(tx));
  let created = 0;
  for (const companyId of companyIds) {
    created += await transact({ db, companyId }, (tx) => generateCompanyCharges(tx, { companyId }, today));
  }
  return created;
}

async function generateCompanyCharges(tx: Tx, scope: Scope, today: string) {
  const created = await ensureRentCharges(tx, scope, today);
  if (created > 0) {
    for (const lease of await repo.chargeableLeases(tx, scope)) await settleLease(tx, scope, lease.id);
  }
  return created;
}

export const generateRentCharges = (ctx: Ctx, today = todayIso()) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['admin', 'accountant']);
    return { created: await generateCompanyCharges(tx, ctx, today) };
  });

export async function listLeaseCharges(ctx: Ctx, leaseId: string): Promise<RentCharge[]> {
  const lease = await getLease(ctx, leaseId);
  return transact(ctx, async (tx) =>
    (await repo.leaseCharges(tx, ctx, lease._id)).map((charge) => ({
      _id: charge.id,
      leaseId: charge.leaseId,
      period: charge.period,
      dueDate: charge.dueDate,
      amount: charge.amountCents,
      currency: charge.currency,
      allocated: charge.allocated,
      outstanding: charge.amountCents - charge.allocated,
    })),
  );
}

const GROUPS = {
  lease: { id: sql`l.id`, name: sql`p.name || ' — ' || t.name` },
  property: { id: sql`p.id`, name: sql`p.name` },
  tenant: { id: sql`t.id`, name: sql`t.name` },
  owner: { id: sql`o.id`, name: sql`o.name` },
} as const;

/**
 * Rent charged and due by `asOf`, minus what completed payments settled: computed from the rows
 * every time, never a stored running total. Rows as lib/visibility.ts says for rent arrears.
 */
export async function arrearsIn(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId' | 'role' | 'userId'>,
  query: { by: ArrearsQuery['by']; currency?: string | undefined; asOf: string },
): Promise<ArrearsRow[]> {
  const group = GROUPS[query.by];
  const rows = await queryRows<{
    id: string;
    name: string;
    currency: string;
    charged: string;
    paid: string;
    arrears: string;
    oldest_due_date: string | null;
  }>(
    tx,
    sql`
    with charge_status as (
      select c.lease_id, c.currency, c.amount_cents as charged, c.due_date,
        c.settled_cents as paid
      from rent_charges c
      where c.company_id = ${ctx.companyId} and c.due_date <= ${query.asOf}
        ${query.currency ? sql`and c.currency = ${query.currency}` : sql``}
    )
    select ${group.id} as id, ${group.name} as name, cs.currency,
      sum(cs.charged)::bigint as charged, sum(cs.paid)::bigint as paid,
      sum(cs.charged - cs.paid)::bigint as arrears,
      min(cs.due_date) filter (where cs.charged > cs.paid)::text as oldest_due_date
    from charge_status cs
    join leases l on l.id = cs.lease_id
    join properties p on p.id = l.property_id
    join tenants t on t.id = l.tenant_id
    left join owners o on o.id = p.owner_id
    where ${group.id} is not null
      ${andScope(scopeFor(ctx, 'rentArrears'), { agents: [sql`p.agent_id`], ownerUser: sql`o.user_id` })}
    group by 1, 2, 3
    having sum(cs.charged - cs.paid) > 0
    order by arrears desc, name`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    currency: row.currency,
    charged: Number(row.charged),
    paid: Number(row.paid),
    arrears: Number(row.arrears),
    oldestDueDate: row.oldest_due_date,
  }));
}

export const listArrears = (ctx: Ctx, query: ArrearsQuery) =>
  transact(ctx, (tx) => {
    assertRole(ctx, PROPERTY_READERS);
    return arrearsIn(tx, ctx, { by: query.by, currency: query.currency, asOf: query.asOf ?? todayIso() });
  });

/**
 * The check that what the database keeps settled on each charge (migration 0018's triggers)
 * agrees with the allocations of completed payments: every charge where they differ, with both.
 * Empty when they agree.
 */
export async function settledDisagreements(
  tx: Tx,
  scope: Pick<Ctx, 'companyId'>,
): Promise<{ chargeId: string; settled: number; allocated: number }[]> {
  const rows = await repo.settledDisagreements(tx, scope);
  return rows.map((row) => ({
    chargeId: row.id,
    settled: Number(row.settled),
    allocated: Number(row.allocated),
  }));
}
