import { and, asc, count, eq, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { formatMajorUnits } from '@lintel/contracts';
import { queryRows, type Tx } from '../../db/client.ts';
import { levyCharges, levySchedules, owners, properties } from '../../db/schema/index.ts';
import { inCompany, type Ctx } from '../../db/scope.ts';
import { csvColumns, type CsvTable } from '../../lib/documents/csv.ts';
import { containsPattern, selectCountedPage, type CountedPage } from '../../lib/list-query.ts';
import { scopeCondition, type RowScope } from '../../lib/visibility.ts';

type Scope = Pick<Ctx, 'companyId'>;

export type ScheduleRow = typeof levySchedules.$inferSelect & { propertyName: string };

/** A levy hangs off its property: the rows a caller may see (lib/visibility.ts) as SQL. */
const visibleLevies = (rows: RowScope | undefined): SQL | undefined =>
  rows &&
  scopeCondition(rows, {
    agents: [properties.agentId],
    ownerUser: sql`(select ${owners.userId} from ${owners} where ${owners.id} = ${properties.ownerId})`,
  });

const scheduleColumns = { schedule: levySchedules, propertyName: properties.name };

const toScheduleRow = (row: { schedule: typeof levySchedules.$inferSelect; propertyName: string }) => ({
  ...row.schedule,
  propertyName: row.propertyName,
});

export async function listSchedules(
  tx: Tx,
  scope: Scope,
  filter: { q?: string | undefined; propertyId?: string | undefined; rows?: RowScope | undefined },
  paging: { page: number; pageSize: number },
): Promise<CountedPage<ScheduleRow>> {
  const pattern = containsPattern(filter.q);
  const where = inCompany(
    levySchedules,
    scope,
    filter.propertyId ? eq(levySchedules.propertyId, filter.propertyId) : undefined,
    pattern ? or(ilike(properties.name, pattern), ilike(levySchedules.bodyCorporate, pattern)) : undefined,
    visibleLevies(filter.rows),
  );
  const matching = tx
    .select({ one: sql`1` })
    .from(levySchedules)
    .innerJoin(properties, eq(properties.id, levySchedules.propertyId))
    .where(where);
  const page = await selectCountedPage(tx, paging, matching, ({ counted, limit, offset }) =>
    tx
      .select({ ...scheduleColumns, counted })
      .from(levySchedules)
      .innerJoin(properties, eq(properties.id, levySchedules.propertyId))
      .where(where)
      .orderBy(asc(sql`lower(${properties.name})`), asc(levySchedules.bodyCorporate), asc(levySchedules.id))
      .limit(limit)
      .offset(offset),
  );
  return { ...page, items: page.items.map(toScheduleRow) };
}

export async function findSchedule(
  tx: Tx,
  scope: Scope,
  id: string,
  rows?: RowScope,
): Promise<ScheduleRow | undefined> {
  const [row] = await tx
    .select(scheduleColumns)
    .from(levySchedules)
    .innerJoin(properties, eq(properties.id, levySchedules.propertyId))
    .where(inCompany(levySchedules, scope, eq(levySchedules.id, id), visibleLevies(rows)));
  return row && toScheduleRow(row);
}

export async function insertSchedule(tx: Tx, values: typeof levySchedules.$inferInsert): Promise<string> {
  const [row] = await tx.insert(levySchedules).values(values).returning({ id: levySchedules.id });
  return row!.id;
}

/** Updates only at the expected version; undefined means someone changed it first. */
export async function updateSchedule(
  tx: Tx,
  scope: Scope,
  id: string,
  changes: Partial<typeof levySchedules.$inferInsert>,
  expectedVersion: number,
): Promise<string | undefined> {
  const [row] = await tx
    .update(levySchedules)
    .set({ ...changes, updatedAt: sql`now()`, version: sql`${levySchedules.version} + 1` })
    .where(
      inCompany(levySchedules, scope, eq(levySchedules.id, id), eq(levySchedules.version, expectedVersion)),
    )
    .returning({ id: levySchedules.id });
  return row?.id;
}

/** The last period a schedule can be charged for as of `period`: that month, or its end's if sooner. */
const lastChargeable = (period: string) =>
  sql<string>`least(${period}, coalesce(to_char(${levySchedules.endDate}, 'YYYY-MM'), ${period}))`;

/** Schedules with a month through `period` whose charge may be missing (not raised through it). */
export const schedulesBehind = (tx: Tx, scope: Scope, period: string) =>
  tx
    .select({
      id: levySchedules.id,
      propertyId: levySchedules.propertyId,
      amountCents: levySchedules.amountCents,
      currency: levySchedules.currency,
      startDate: levySchedules.startDate,
      endDate: levySchedules.endDate,
    })
    .from(levySchedules)
    .where(
      inCompany(
        levySchedules,
        scope,
        sql`coalesce(${levySchedules.chargedThrough}, '') < ${lastChargeable(period)}`,
      ),
    );

/** The periods already charged of these schedules, as `schedule|period`. */
export const chargedPeriods = async (tx: Tx, scope: Scope, scheduleIds: string[]) =>
  new Set(
    (
      await tx
        .select({ scheduleId: levyCharges.scheduleId, period: levyCharges.period })
        .from(levyCharges)
        .where(inCompany(levyCharges, scope, inArray(levyCharges.scheduleId, scheduleIds)))
    ).map((row) => `${row.scheduleId}|${row.period}`),
  );

/**
 * Every month a schedule claims to be raised through (`charged_through`) whose charge is missing,
 * as (schedule, period): the check on what ensureLevyCharges keeps. Empty when none is missing.
 */
export const chargeGaps = (tx: Tx, scope: Scope) =>
  queryRows<{ schedule_id: string; period: string }>(
    tx,
    sql`select s.id as schedule_id, to_char(m, 'YYYY-MM') as period
          from levy_schedules s
          cross join lateral generate_series(date_trunc('month', s.start_date::timestamp),
            to_date(s.charged_through, 'YYYY-MM')::timestamp, interval '1 month') as m
          left join levy_charges c on c.schedule_id = s.id and c.period = to_char(m, 'YYYY-MM')
         where s.company_id = ${scope.companyId} and s.charged_through is not null and c.id is null
         order by s.id, m`,
  );

/** Records that these schedules' charges are raised through `period` (or their end). */
export const markChargedThrough = (tx: Tx, scope: Scope, scheduleIds: string[], period: string) =>
  tx
    .update(levySchedules)
    .set({ chargedThrough: lastChargeable(period) })
    .where(inCompany(levySchedules, scope, inArray(levySchedules.id, scheduleIds)));

export async function insertCharges(tx: Tx, rows: (typeof levyCharges.$inferInsert)[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(levyCharges)
    .values(rows)
    .onConflictDoNothing({ target: [levyCharges.scheduleId, levyCharges.period] })
    .returning({ id: levyCharges.id });
  return inserted.length;
}

const chargeColumns = {
  id: levyCharges.id,
  scheduleId: levyCharges.scheduleId,
  propertyId: levyCharges.propertyId,
  propertyName: properties.name,
  bodyCorporate: levySchedules.bodyCorporate,
  period: levyCharges.period,
  dueDate: levyCharges.dueDate,
  amountCents: levyCharges.amountCents,
  currency: levyCharges.currency,
  expenseId: levyCharges.expenseId,
  paidAt: levyCharges.paidAt,
};

/** The period's charges, and earlier ones still unpaid, oldest first. */
export const chargesDue = (tx: Tx, scope: Scope, period: string, rows: RowScope) =>
  tx
    .select(chargeColumns)
    .from(levyCharges)
    .innerJoin(levySchedules, eq(levySchedules.id, levyCharges.scheduleId))
    .innerJoin(properties, eq(properties.id, levyCharges.propertyId))
    .where(
      inCompany(
        levyCharges,
        scope,
        or(
          eq(levyCharges.period, period),
          and(lt(levyCharges.period, period), isNull(levyCharges.expenseId)),
        ),
        visibleLevies(rows),
      ),
    )
    .orderBy(asc(levyCharges.period), asc(sql`lower(${properties.name})`), asc(levyCharges.id));

/** Locks the charges being paid (in id order, so two payers never deadlock): none is paid twice. */
export async function lockCharges(tx: Tx, scope: Scope, ids: string[]) {
  const locked = await tx
    .select({ id: levyCharges.id })
    .from(levyCharges)
    .where(inCompany(levyCharges, scope, inArray(levyCharges.id, ids)))
    .orderBy(asc(levyCharges.id))
    .for('update');
  if (locked.length === 0) return [];
  return tx
    .select(chargeColumns)
    .from(levyCharges)
    .innerJoin(levySchedules, eq(levySchedules.id, levyCharges.scheduleId))
    .innerJoin(properties, eq(properties.id, levyCharges.propertyId))
    .where(inCompany(levyCharges, scope, inArray(levyCharges.id, ids)))
    .orderBy(asc(levyCharges.period), asc(sql`lower(${properties.name})`), asc(levyCharges.id));
}

export async function markChargePaid(tx: Tx, scope: Scope, id: string, expenseId: string) {
  await tx
    .update(levyCharges)
    .set({ expenseId, paidAt: sql`now()` })
    .where(inCompany(levyCharges, scope, eq(levyCharges.id, id)));
}

/** A month's levy charges not yet paid, in a currency: how many and what they total. */
export async function unpaidChargesOf(
  tx: Tx,
  scope: Scope,
  query: { period: string; currency: string; rows: RowScope },
) {
  const [row] = await tx
    .select({ count: count(), amount: sql<string>`coalesce(sum(${levyCharges.amountCents}), 0)` })
    .from(levyCharges)
    .innerJoin(properties, eq(properties.id, levyCharges.propertyId))
    .where(
      inCompany(
        levyCharges,
        scope,
        eq(levyCharges.period, query.period),
        eq(levyCharges.currency, query.currency),
        isNull(levyCharges.expenseId),
        visibleLevies(query.rows),
      ),
    );
  return { count: row?.count ?? 0, amount: Number(row?.amount ?? 0) };
}

/** Every levy schedule, for the company export's records (not imported). */
export async function levyRecords(tx: Tx, scope: Scope): Promise<CsvTable> {
  const rows = await tx
    .select({
      property_name: properties.name,
      property_address: properties.address,
      body_corporate: levySchedules.bodyCorporate,
      contact: levySchedules.contact,
      amountCents: levySchedules.amountCents,
      currency: levySchedules.currency,
      start_date: levySchedules.startDate,
      end_date: levySchedules.endDate,
    })
    .from(levySchedules)
    .innerJoin(properties, eq(properties.id, levySchedules.propertyId))
    .where(inCompany(levySchedules, scope))
    .orderBy(asc(properties.name), asc(levySchedules.startDate));
  return {
    columns: csvColumns(
      'property_name',
      'property_address',
      'body_corporate',
      'contact',
      'monthly_amount',
      'currency',
      'start_date',
      'end_date',
    ),
    rows: rows.map(({ amountCents, ...row }) => ({ ...row, monthly_amount: formatMajorUnits(amountCents) })),
  };
}
