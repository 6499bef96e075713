import { sql, type SQL } from 'drizzle-orm';
import type { ArrearsGroup, MonthlyIncome, PropertyStatus, PropertyType } from '@lintel/contracts';
import { queryRows, type Tx } from '../../db/client.ts';
import { firstOfMonth, monthLabel } from '../../db/months.ts';
import type { Ctx } from '../../db/scope.ts';
import { andScope, type RowScope } from '../../lib/visibility.ts';
import { accountBalanceSql } from '../ledger/index.ts';
import { isOpen, outstandingOf } from '../rent/index.ts';

type Scope = Pick<Ctx, 'companyId'>;

/** What a report is narrowed to; every id has been checked to be this company's. */
export interface ReportFilter {
  propertyId?: string | undefined;
  ownerId?: string | undefined;
  agentId?: string | undefined;
  /** The rows the caller sees (lib/visibility.ts), by the same agent and the property's owner's user. */
  rows?: RowScope | undefined;
}

const OWNER_USER = sql`(select po.user_id from owners po where po.id = p.owner_id)`;

/** The filter on the properties table aliased `p` (owner and agent as the property names them now). */
function onProperty(filter: ReportFilter, agent: SQL = sql`p.agent_id`): SQL {
  return sql`${filter.propertyId ? sql`and p.id = ${filter.propertyId}` : sql``}
    ${filter.ownerId ? sql`and p.owner_id = ${filter.ownerId}` : sql``}
    ${filter.agentId ? sql`and ${agent} = ${filter.agentId}` : sql``}
    ${filter.rows ? andScope(filter.rows, { agents: [agent], ownerUser: OWNER_USER }) : sql``}`;
}

/** Whether the filter narrows the company's figures at all. */
const narrows = (filter: ReportFilter) =>
  Boolean(
    filter.propertyId || filter.ownerId || filter.agentId || (filter.rows && filter.rows.kind !== 'all'),
  );

const money = (value: string | number | null | undefined) => Number(value ?? 0);

/**
 * Every month of [from, to] (zeros included). Money received is counted as the ledger sees it:
 * each payment on its date and each reversal as its negative on the reversal journal's date, as
 * the commissions do (accounts' `commissionEvents`). Payments are narrowed to an agent by the
 * agent they were received for; expenses by the property's agent. Levies are the expenses that
 * paid a levy charge; the rest are supplier expenses (repairs, maintenance).
 *
 * Money received is split by what it is (issue 16, "income is income"):
 * - rent: 'rent' payments; deposits: 'deposit' payments (held for the tenant, not income);
 * - ownerTopUps: 'other' payments that settle no invoice (an owner's own money, not income);
 * - otherIncome: the fee income of agency invoices (their subtotal; the VAT is payable, not
 *   income) on the day each was marked paid, however paid (from an owner's account, into the
 *   business bank, or by a trust receipt), plus the receipts of invoices issued on an owner's
 *   behalf. A trust receipt that paid an agency invoice is counted once, as that fee income.
 *   An agency invoice paid into the business bank names no property: it is in the company's
 *   figures, not in a report narrowed to a property, owner or agent.
 * - collected = rent + otherIncome.
 */
export async function incomeByMonth(
  tx: Tx,
  scope: Scope,
  query: { from: string; to: string; currency: string; filter: ReportFilter },
): Promise<MonthlyIncome[]> {
  const payments = sql`pay.company_id = ${scope.companyId} and pay.currency = ${query.currency}
    ${onProperty(query.filter, sql`pay.agent_id`)}`;
  const filtered = narrows(query.filter);
  // Payments and expenses always name a property: it is joined only when the filter asks about
  // it. Joined regardless, the planner misjudged how many payments each property brings (the
  // company condition counted twice) and once scanned every company's properties.
  const withProperty = (row: SQL) => (filtered ? sql`join properties p on p.id = ${row}.property_id` : sql``);
  // Only an 'other' payment asks which invoice it paid.
  const receipt = sql`pay.type, pay.payment_date, pay.amount_cents, pay.commission_cents, pay.vat_cents,
    pay.reversal_journal_id,
    case when pay.type = 'other' then (select inv.kind from invoices inv
      where inv.payment_id = pay.id and inv.company_id = pay.company_id and inv.status = 'paid') end as invoice_kind`;
  const rows = await queryRows<{
    month: string;
    collected: string;
    rent: string;
    deposits: string;
    owner_top_ups: string;
    other_income: string;
    commission: string;
    vat: string;
    levies: string;
    expenses: string;
  }>(
    tx,
    sql`with months as (
      select m::date as month
      from generate_series(date_trunc('month', ${query.from}::date), date_trunc('month', ${query.to}::date),
        interval '1 month') m
    ),
    receipts as (
      -- Only what the months can hold: payments received in them, and reversed ones received
      -- before or after (their reversal may fall in them), apart: each is one index range,
      -- where one condition with an 'or' read every payment of the company.
      select ${receipt} from payments pay ${withProperty(sql`pay`)}
      where ${payments} and pay.payment_date between ${query.from} and ${query.to}
      union all
      select ${receipt} from payments pay ${withProperty(sql`pay`)}
      where ${payments} and pay.reversal_journal_id is not null
        and pay.payment_date not between ${query.from} and ${query.to}
    ),
    received as (
      select payment_date as day, type, invoice_kind, amount_cents as amount,
        commission_cents as commission, vat_cents as vat
      from receipts where payment_date between ${query.from} and ${query.to}
      union all
      select j.entry_date, r.type, r.invoice_kind, -r.amount_cents, -r.commission_cents, -r.vat_cents
      from receipts r join journals j on j.id = r.reversal_journal_id
      where j.entry_date between ${query.from} and ${query.to}
    ),
    fees as (
      -- paid_on is the date of the journal that paid it: one index range of the period's invoices.
      select inv.paid_on as day, inv.subtotal_cents as amount
      from invoices inv
      ${
        // The property an invoice was paid for, only when the filter asks about it.
        filtered
          ? sql`left join payments pay on pay.id = inv.payment_id
            left join properties p on p.id = coalesce(pay.property_id, (
              select substr(l.account, length('property:') + 1)::uuid from ledger_lines l
              where l.journal_id = inv.journal_id and l.account like 'property:%' limit 1))`
          : sql``
      }
      where inv.company_id = ${scope.companyId} and inv.paid_on between ${query.from} and ${query.to}
        and inv.currency = ${query.currency} and inv.status = 'paid' and inv.kind = 'agency'
        ${filtered ? sql`and p.id is not null ${onProperty(query.filter)}` : sql``}
    ),
    received_by_month as (
      select ${firstOfMonth(sql`day`)} as month,
        sum(amount) filter (where type = 'rent') as rent,
        sum(amount) filter (where type = 'deposit') as deposits,
        sum(amount) filter (where type = 'other' and invoice_kind is null) as owner_top_ups,
        sum(amount) filter (where type = 'other' and invoice_kind = 'on_behalf') as on_behalf,
        sum(commission) as commission, sum(vat) as vat
      from received group by 1
    ),
    fees_by_month as (
      select ${firstOfMonth(sql`day`)} as month, sum(amount) as fees from fees group by 1
    ),
    spent_by_month as (
      select ${firstOfMonth(sql`e.expense_date`)} as month,
        sum(e.amount_cents) filter (where lc.id is not null) as levies,
        sum(e.amount_cents) filter (where lc.id is null) as expenses
      from expenses e ${withProperty(sql`e`)}
      left join levy_charges lc on lc.expense_id = e.id
      where e.company_id = ${scope.companyId} and e.currency = ${query.currency}
        and e.expense_date between ${query.from} and ${query.to} ${onProperty(query.filter)}
      group by 1
    ),
    figures as (
      select m.month, coalesce(r.rent, 0) as rent, coalesce(r.deposits, 0) as deposits,
        coalesce(r.owner_top_ups, 0) as owner_top_ups,
        coalesce(r.on_behalf, 0) + coalesce(f.fees, 0) as other_income,
        coalesce(r.commission, 0) as commission, coalesce(r.vat, 0) as vat,
        coalesce(s.levies, 0) as levies, coalesce(s.expenses, 0) as expenses
      from months m
      left join received_by_month r on r.month = m.month
      left join fees_by_month f on f.month = m.month
      left join spent_by_month s on s.month = m.month
    )
    select ${monthLabel(sql`month`)} as month, (rent + other_income)::bigint as collected, rent::bigint as rent,
      deposits::bigint as deposits, owner_top_ups::bigint as owner_top_ups,
      other_income::bigint as other_income, commission::bigint as commission, vat::bigint as vat,
      levies::bigint as levies, expenses::bigint as expenses
    from figures order by figures.month`,
    'income_by_month',
  );
  return rows.map((row) => ({
    month: row.month,
    collected: money(row.collected),
    rent: money(row.rent),
    deposits: money(row.deposits),
    ownerTopUps: money(row.owner_top_ups),
    otherIncome: money(row.other_income),
    commission: money(row.commission),
    vat: money(row.vat),
    levies: money(row.levies),
    expenses: money(row.expenses),
  }));
}

/** Payments received in [from, to] and not reversed since. */
export async function countPayments(
  tx: Tx,
  scope: Scope,
  query: { from: string; to: string; currency: string; filter: ReportFilter },
): Promise<number> {
  const [row] = await queryRows<{ total: string }>(
    tx,
    sql`select count(*) as total from payments pay join properties p on p.id = pay.property_id
      where pay.company_id = ${scope.companyId} and pay.currency = ${query.currency}
        and pay.status = 'completed' and pay.payment_date between ${query.from} and ${query.to}
        ${onProperty(query.filter, sql`pay.agent_id`)}`,
  );
  return Number(row?.total ?? 0);
}

export interface RentRollRow {
  leaseId: string;
  property: string;
  tenant: string;
  owner: string | null;
  agent: string | null;
  startDate: string;
  endDate: string;
  rent: number;
  depositHeld: number;
  arrears: number;
}

/** The leases in force on `asOf` (in the currency), with the deposit held and rent owed on that day. */
export async function rentRoll(
  tx: Tx,
  scope: Scope,
  query: { asOf: string; currency: string; filter: ReportFilter },
): Promise<RentRollRow[]> {
  const rows = await queryRows<{
    lease_id: string;
    property: string;
    tenant: string;
    owner: string | null;
    agent: string | null;
    start_date: string;
    end_date: string;
    rent: string;
    deposit_held: string;
    arrears: string;
  }>(
    tx,
    sql`select l.id as lease_id, p.name as property, t.name as tenant, o.name as owner,
      trim(u.first_name || ' ' || u.last_name) as agent, l.start_date::text as start_date,
      l.end_date::text as end_date, l.rent_cents as rent,
      -${accountBalanceSql({ companyId: sql`l.company_id`, account: sql`l.deposit_account`, currency: query.currency, upTo: query.asOf })} as deposit_held,
      coalesce((select sum(${outstandingOf('c')}) from rent_charges c
        where c.lease_id = l.id and c.currency = ${query.currency} and c.due_date <= ${query.asOf}), 0) as arrears
    from leases l
    join properties p on p.id = l.property_id
    join tenants t on t.id = l.tenant_id
    left join owners o on o.id = p.owner_id
    left join users u on u.id = p.agent_id
    where l.company_id = ${scope.companyId} and l.currency = ${query.currency}
      and l.status in ('active', 'expired', 'terminated')
      and l.start_date <= ${query.asOf} and l.end_date >= ${query.asOf}
      ${onProperty(query.filter)}
    order by lower(p.name), p.id, l.start_date`,
  );
  return rows.map((row) => ({
    leaseId: row.lease_id,
    property: row.property,
    tenant: row.tenant,
    owner: row.owner,
    agent: row.agent,
    startDate: row.start_date,
    endDate: row.end_date,
    rent: money(row.rent),
    depositHeld: money(row.deposit_held),
    arrears: money(row.arrears),
  }));
}

const ARREARS_GROUPS: Record<ArrearsGroup, { id: SQL; name: SQL }> = {
  tenant: { id: sql`t.id`, name: sql`t.name` },
  property: { id: sql`p.id`, name: sql`p.name` },
  owner: { id: sql`o.id`, name: sql`coalesce(o.name, 'No owner')` },
  agent: { id: sql`u.id`, name: sql`coalesce(trim(u.first_name || ' ' || u.last_name), 'No agent')` },
};

/**
 * Rent owed on `asOf`, per group and due date: every charge due by then (in the currency) minus
 * what completed payments settled, with the whole days it is late. Groups without an owner or
 * agent are kept (id null) so the totals hold every charge.
 */
export async function arrearsByDueDate(
  tx: Tx,
  scope: Scope,
  query: { asOf: string; currency: string; groupBy: ArrearsGroup; filter: ReportFilter },
) {
  const group = ARREARS_GROUPS[query.groupBy];
  const rows = await queryRows<{ id: string | null; name: string; days_late: number; outstanding: string }>(
    tx,
    // The open charges first, on their own: the planner cannot tell how few charges are open
    // (`settled < amount` compares two columns, so it guesses a third of them) and otherwise
    // walks every lease's two years of charges (issue 20: 34 ms for a company with none open).
    sql`with c as materialized (
      select c.lease_id, c.due_date, ${outstandingOf('c')} as outstanding from rent_charges c
      where c.company_id = ${scope.companyId} and c.currency = ${query.currency} and c.due_date <= ${query.asOf}
        and ${isOpen('c')}
    )
    select ${group.id} as id, ${group.name} as name, (${query.asOf}::date - c.due_date) as days_late,
      sum(c.outstanding)::bigint as outstanding
    from c
    join leases l on l.id = c.lease_id
    join properties p on p.id = l.property_id
    join tenants t on t.id = l.tenant_id
    left join owners o on o.id = p.owner_id
    left join users u on u.id = p.agent_id
    where l.company_id = ${scope.companyId} ${onProperty(query.filter)}
    group by 1, 2, 3`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    daysLate: Number(row.days_late),
    outstanding: money(row.outstanding),
  }));
}

/** Properties by type and status now, with the monthly rent asked of them (in the currency). */
export async function propertiesByTypeAndStatus(
  tx: Tx,
  scope: Scope,
  query: { currency: string; filter: ReportFilter },
) {
  const rows = await queryRows<{ type: PropertyType; status: PropertyStatus; count: string; rent: string }>(
    tx,
    sql`select p.type, p.status, count(*) as count,
      coalesce(sum(p.rent_cents) filter (where p.currency = ${query.currency}), 0) as rent
    from properties p where p.company_id = ${scope.companyId} ${onProperty(query.filter)}
    group by 1, 2`,
  );
  return rows.map((row) => ({
    type: row.type,
    status: row.status,
    count: Number(row.count),
    rent: money(row.rent),
  }));
}

/** Owners with at least one property matching the filter, by name. */
export const ownersWithProperties = (tx: Tx, scope: Scope, filter: ReportFilter) =>
  queryRows<{ id: string; name: string }>(
    tx,
    sql`select o.id, o.name from owners o
    where o.company_id = ${scope.companyId}
      and exists (select 1 from properties p where p.owner_id = o.id ${onProperty(filter)})
    order by lower(o.name), o.id`,
  );
