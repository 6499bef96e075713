import { and, asc, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import {
  allocations,
  arrearsReminders,
  leases,
  payments,
  properties,
  rentCharges,
  tenants,
} from '../../db/schema/index.ts';
import { inCompany, type Ctx } from '../../db/scope.ts';
import { isOpen, outstandingOf } from './outstanding.ts';

type Scope = Pick<Ctx, 'companyId'>;

export const CHARGEABLE_STATUSES = ['active', 'expired', 'terminated'] as const;

export async function insertCharges(tx: Tx, rows: (typeof rentCharges.$inferInsert)[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(rentCharges)
    .values(rows)
    .onConflictDoNothing({ target: [rentCharges.leaseId, rentCharges.period] })
    .returning({ id: rentCharges.id });
  return inserted.length;
}

export const chargeableLeases = (tx: Tx, scope: Scope, leaseId?: string) =>
  tx
    .select({
      id: leases.id,
      companyId: leases.companyId,
      startDate: leases.startDate,
      endDate: leases.endDate,
      rentCents: leases.rentCents,
      currency: leases.currency,
      rentDueDay: leases.rentDueDay,
    })
    .from(leases)
    .where(
      inCompany(
        leases,
        scope,
        inArray(leases.status, CHARGEABLE_STATUSES),
        leaseId ? eq(leases.id, leaseId) : undefined,
      ),
    );

/** A lease's charges, oldest first, with what completed payments settled on each. */
export async function leaseCharges(tx: Tx, scope: Scope, leaseId: string) {
  return tx
    .select({
      id: rentCharges.id,
      leaseId: rentCharges.leaseId,
      period: rentCharges.period,
      dueDate: rentCharges.dueDate,
      amountCents: rentCharges.amountCents,
      currency: rentCharges.currency,
      allocated: rentCharges.settledCents,
    })
    .from(rentCharges)
    .where(inCompany(rentCharges, scope, eq(rentCharges.leaseId, leaseId)))
    .orderBy(asc(rentCharges.dueDate));
}

/**
 * What is still owed on each of a lease's charges, oldest first; only charges with something
 * outstanding. Settled by completed payments only, as in `leaseCharges`.
 */
export async function openCharges(tx: Tx, scope: Scope, leaseId: string) {
  const rows = await tx
    .select({
      id: rentCharges.id,
      currency: rentCharges.currency,
      outstanding: outstandingOf('rent_charges'),
    })
    .from(rentCharges)
    .where(inCompany(rentCharges, scope, eq(rentCharges.leaseId, leaseId), isOpen('rent_charges')))
    .orderBy(asc(rentCharges.dueDate), asc(rentCharges.period));
  return rows.map((row) => ({ ...row, outstanding: Number(row.outstanding) }));
}

/**
 * Completed rent payments on a lease (or just one of them) with what is left of each after its
 * allocations, oldest first; only those with something left. One grouped query.
 */
export async function paymentsWithCredit(tx: Tx, scope: Scope, leaseId: string, paymentId?: string) {
  const credit = sql<string>`${payments.amountCents} - coalesce(sum(${allocations.amountCents}), 0)`;
  const rows = await tx
    .select({ id: payments.id, currency: payments.currency, credit })
    .from(payments)
    .leftJoin(allocations, eq(allocations.paymentId, payments.id))
    .where(
      inCompany(
        payments,
        scope,
        eq(payments.leaseId, leaseId),
        paymentId ? eq(payments.id, paymentId) : undefined,
        eq(payments.type, 'rent'),
        eq(payments.status, 'completed'),
      ),
    )
    .groupBy(payments.id)
    .having(sql`${credit} > 0`)
    .orderBy(asc(payments.paymentDate), asc(payments.createdAt));
  return rows.map((row) => ({ ...row, credit: Number(row.credit) }));
}

export async function insertAllocations(tx: Tx, rows: (typeof allocations.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(allocations).values(rows);
}

/** Serialises allocation on one lease so two payments cannot settle the same charge twice. */
export async function lockLease(tx: Tx, scope: Scope, leaseId: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`${scope.companyId}|lease|${leaseId}`}, 0))`,
  );
}

export const companiesWithChargeableLeases = async (tx: Tx) =>
  (
    await tx
      .selectDistinct({ companyId: leases.companyId })
      .from(leases)
      .where(and(inArray(leases.status, CHARGEABLE_STATUSES)))
  ).map((row) => row.companyId);

/**
 * The charges due by `dueBy` with something still owed right now (settled as in `leaseCharges`),
 * with who owes it and where, and the reminder steps already made for each.
 */
export async function chargesInArrears(tx: Tx, scope: Scope, dueBy: string) {
  const rows = await tx
    .select({
      id: rentCharges.id,
      leaseId: rentCharges.leaseId,
      period: rentCharges.period,
      dueDate: rentCharges.dueDate,
      currency: rentCharges.currency,
      outstanding: outstandingOf('rent_charges'),
      tenantName: tenants.name,
      tenantEmail: tenants.email,
      propertyName: properties.name,
      remindedDays: sql<number[]>`coalesce((select array_agg(r.step_day) from ${arrearsReminders} r
        where r.charge_id = rent_charges.id), '{}')`,
    })
    .from(rentCharges)
    .innerJoin(leases, eq(leases.id, rentCharges.leaseId))
    .innerJoin(tenants, eq(tenants.id, leases.tenantId))
    .innerJoin(properties, eq(properties.id, leases.propertyId))
    .where(inCompany(rentCharges, scope, lte(rentCharges.dueDate, dueBy), isOpen('rent_charges')))
    .orderBy(asc(rentCharges.dueDate));
  return rows.map((row) => ({ ...row, outstanding: Number(row.outstanding) }));
}

/** Records a reminder step for a charge; undefined when it was already made (by another run). */
export async function insertReminder(tx: Tx, row: typeof arrearsReminders.$inferInsert) {
  const [inserted] = await tx
    .insert(arrearsReminders)
    .values(row)
    .onConflictDoNothing({ target: [arrearsReminders.chargeId, arrearsReminders.stepDay] })
    .returning({ id: arrearsReminders.id });
  return inserted?.id;
}

export async function clearReminderRecipient(tx: Tx, scope: Scope, id: string) {
  await tx
    .update(arrearsReminders)
    .set({ recipient: null })
    .where(inCompany(arrearsReminders, scope, eq(arrearsReminders.id, id)));
}

const reminderColumns = {
  id: arrearsReminders.id,
  chargeId: arrearsReminders.chargeId,
  stepDay: arrearsReminders.stepDay,
  letter: arrearsReminders.letter,
  arrearsCents: arrearsReminders.arrearsCents,
  currency: arrearsReminders.currency,
  recipient: arrearsReminders.recipient,
  createdAt: arrearsReminders.createdAt,
  period: rentCharges.period,
  dueDate: rentCharges.dueDate,
  tenantName: tenants.name,
  tenantEmail: tenants.email,
  propertyName: properties.name,
  propertyAddress: properties.address,
  /**
   * A later step for the same charge made in the same run (one transaction, so one created_at):
   * this step was passed over rather than sent.
   */
  passed: sql<boolean>`exists (select 1 from ${arrearsReminders} later
    where later.charge_id = arrears_reminders.charge_id and later.step_day > arrears_reminders.step_day
      and later.created_at = arrears_reminders.created_at)`,
};

const selectReminders = (tx: Tx, scope: Scope, where: SQL) =>
  tx
    .select(reminderColumns)
    .from(arrearsReminders)
    .innerJoin(rentCharges, eq(rentCharges.id, arrearsReminders.chargeId))
    .innerJoin(leases, eq(leases.id, arrearsReminders.leaseId))
    .innerJoin(tenants, eq(tenants.id, leases.tenantId))
    .innerJoin(properties, eq(properties.id, leases.propertyId))
    .where(inCompany(arrearsReminders, scope, where));

/** A lease's reminders, newest first, with the charge, tenant and property they were about. */
export const leaseReminders = (tx: Tx, scope: Scope, leaseId: string) =>
  selectReminders(tx, scope, eq(arrearsReminders.leaseId, leaseId)).orderBy(
    desc(arrearsReminders.createdAt),
    desc(arrearsReminders.stepDay),
  );

export type ReminderRow = Awaited<ReturnType<typeof leaseReminders>>[number];

/** One reminder, with what its letter of demand prints. */
export const findReminder = async (tx: Tx, scope: Scope, id: string): Promise<ReminderRow | undefined> =>
  (await selectReminders(tx, scope, eq(arrearsReminders.id, id)))[0];

/**
 * Every charge of the company whose `settled_cents` differs from the sum of its allocations to
 * completed payments, with both: the check on what the triggers keep (migration 0018).
 */
export const settledDisagreements = (tx: Tx, scope: Scope) =>
  queryRows<{ id: string; settled: string; allocated: string }>(
    tx,
    sql`select c.id, c.settled_cents::text as settled, coalesce(a.cents, 0)::text as allocated
          from rent_charges c
          left join (select a.charge_id, sum(a.amount_cents) as cents
                       from allocations a join payments p on p.id = a.payment_id and p.status = 'completed'
                      where a.company_id = ${scope.companyId}
                      group by a.charge_id) a on a.charge_id = c.id
         where c.company_id = ${scope.companyId} and c.settled_cents <> coalesce(a.cents, 0)
         order by c.id`,
  );
