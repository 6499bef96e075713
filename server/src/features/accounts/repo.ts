import { eq, sql } from 'drizzle-orm';
import { formatMajorUnits } from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { firstOfMonth, monthLabel } from '../../db/months.ts';
import { expenses, payouts, properties } from '../../db/schema/index.ts';
import { inCompany, type Ctx } from '../../db/scope.ts';
import { csvColumns, type CsvTable } from '../../lib/documents/csv.ts';
import { containsPattern, selectCountedPage } from '../../lib/list-query.ts';
import { andScope, scopeFor } from '../../lib/visibility.ts';
import { accountBalanceSql } from '../ledger/index.ts';
import { outstandingOf } from '../rent/index.ts';

type Scope = Pick<Ctx, 'companyId'>;
type Viewer = Pick<Ctx, 'companyId' | 'role' | 'userId'>;

/** The property accounts the viewer may see (lib/visibility.ts), on properties p and owners o. */
const visibleProperty = (viewer: Viewer) =>
  andScope(scopeFor(viewer, 'propertyAccount'), { agents: [sql`p.agent_id`], ownerUser: sql`o.user_id` });

/**
 * One row per property: what its account holds in a currency (its own unless one is asked for),
 * the rent due and unpaid on its leases, and its last completed payment. All from the rows.
 */
export async function propertyAccounts(
  tx: Tx,
  viewer: Viewer,
  query: {
    q?: string | undefined;
    currency?: string | undefined;
    propertyId?: string | undefined;
    page: number;
    pageSize: number;
    asOf: string;
  },
) {
  const pattern = containsPattern(query.q);
  const currency = query.currency ? sql`${query.currency}::text` : sql`p.currency`;
  const where = sql`p.company_id = ${viewer.companyId} ${visibleProperty(viewer)}
    ${pattern ? sql`and (p.name ilike ${pattern} or o.name ilike ${pattern})` : sql``}
    ${query.propertyId ? sql`and p.id = ${query.propertyId}` : sql``}`;
  const matching = sql`select 1 from properties p left join owners o on o.id = p.owner_id where ${where}`;
  const page = await selectCountedPage(tx, query, matching, ({ counted, limit, offset }) =>
    queryRows<{
      id: string;
      name: string;
      owner_id: string | null;
      owner_name: string | null;
      agent_id: string | null;
      currency: string;
      balance: string;
      arrears: string;
      last_payment: string | null;
      counted: string;
    }>(
      tx,
      sql`select p.id, p.name, p.owner_id, o.name as owner_name, p.agent_id, ${currency} as currency,
      -${accountBalanceSql({ companyId: sql`p.company_id`, account: sql`'property:' || p.id`, currency })} as balance,
      coalesce((select sum(${outstandingOf('c')})
        from rent_charges c join leases le on le.id = c.lease_id
        where le.property_id = p.id and c.currency = ${currency} and c.due_date <= ${query.asOf}), 0) as arrears,
      (select max(pay.payment_date)::text from payments pay
        where pay.property_id = p.id and pay.status = 'completed' and pay.currency = ${currency}) as last_payment,
      ${counted} as counted
    from properties p left join owners o on o.id = p.owner_id
    where ${where}
    order by p.name, p.id
    limit ${limit} offset ${offset}`,
    ),
  );
  return {
    ...page,
    items: page.items.map((row) => ({
      propertyId: row.id,
      propertyName: row.name,
      ownerId: row.owner_id,
      ownerName: row.owner_name,
      agentId: row.agent_id,
      currency: row.currency,
      balance: Number(row.balance),
      arrears: Number(row.arrears),
      lastPaymentDate: row.last_payment,
    })),
  };
}

/** Commission earned (payments net of reversals), paid out and still owed, per agent and currency. */
export async function agentAccounts(tx: Tx, viewer: Viewer, currency: string | undefined) {
  const rows = await queryRows<{
    agent_id: string;
    agent_name: string;
    currency: string;
    earned: string;
    paid: string;
    owed: string;
  }>(
    tx,
    sql`select u.id as agent_id, trim(u.first_name || ' ' || u.last_name) as agent_name, l.currency,
      -coalesce(sum(l.amount_cents) filter (where l.kind like 'payment%'), 0) as earned,
      coalesce(sum(l.amount_cents) filter (where l.kind like 'payout%'), 0) as paid,
      -coalesce(sum(l.amount_cents), 0) as owed
    -- Each line carries its journal's kind: no journal is read.
    from ledger_lines l
    join users u on l.account = 'agent:' || u.id
    where l.company_id = ${viewer.companyId}
      -- The agents' accounts as a list, so the account index finds their lines: the join's
      -- condition alone uses ||, which PostgreSQL does not mark leakproof, so under row-level
      -- security it is checked only after the company's lines are read, all of them.
      and l.account = any(array(select 'agent:' || a.id from users a where a.company_id = ${viewer.companyId}))
      ${currency ? sql`and l.currency = ${currency}` : sql``}
      ${andScope(scopeFor(viewer, 'agentAccount'), { agents: [sql`u.id`], ownerUser: sql`null` })}
    group by u.id, u.first_name, u.last_name, l.currency
    order by agent_name, l.currency`,
  );
  return rows.map((row) => ({
    agentId: row.agent_id,
    agentName: row.agent_name,
    currency: row.currency,
    earned: Number(row.earned),
    paid: Number(row.paid),
    owed: Number(row.owed),
  }));
}

const FIGURES = sql`sum(e.amount)::bigint as collected, sum(e.commission)::bigint as commission,
  sum(e.agent_share)::bigint as agent_share, sum(e.agency_share)::bigint as agency_share,
  sum(e.vat)::bigint as vat`;

type FigureRow = {
  collected: string;
  commission: string;
  agent_share: string;
  agency_share: string;
  vat: string;
};
export const figures = (row: FigureRow | undefined) => ({
  collected: Number(row?.collected ?? 0),
  commission: Number(row?.commission ?? 0),
  agentShare: Number(row?.agent_share ?? 0),
  agencyShare: Number(row?.agency_share ?? 0),
  vat: Number(row?.vat ?? 0),
});

export interface CommissionFilter {
  from: string;
  to: string;
  currency: string;
  /** The agent the payment was received for (its property's agent at the time). */
  agentId?: string | undefined;
  propertyId?: string | undefined;
  /** The property's owner now. */
  ownerId?: string | undefined;
}

/**
 * Rent payments as the ledger sees them: each payment on its date, and each reversal as the
 * negative of its payment on the reversal's date. So a period's figures tie to the ledger's
 * agency and agent lines for that period, even when a payment is reversed in a later month.
 */
function commissionEvents(viewer: Viewer, query: CommissionFilter) {
  const mine = andScope(scopeFor(viewer, 'commission'), { agents: [sql`pay.agent_id`] });
  const filters = sql`${query.agentId ? sql`and pay.agent_id = ${query.agentId}` : sql``}
    ${query.propertyId ? sql`and pay.property_id = ${query.propertyId}` : sql``}
    ${query.ownerId ? sql`and pay.property_id in (select p.id from properties p where p.owner_id = ${query.ownerId})` : sql``}`;
  const base = sql`pay.company_id = ${viewer.companyId} and pay.type = 'rent' and pay.currency = ${query.currency} ${mine} ${filters}`;
  return sql`(
    select pay.agent_id, pay.payment_date as day, pay.amount_cents as amount, pay.commission_cents as commission,
      pay.agent_share_cents as agent_share, pay.agency_share_cents as agency_share, pay.vat_cents as vat
    from payments pay where ${base} and pay.payment_date between ${query.from} and ${query.to}
    union all
    select pay.agent_id, j.entry_date, -pay.amount_cents, -pay.commission_cents,
      -pay.agent_share_cents, -pay.agency_share_cents, -pay.vat_cents
    from payments pay join journals j on j.id = pay.reversal_journal_id
    where ${base} and j.entry_date between ${query.from} and ${query.to}
  ) e`;
}

export async function commissionFigures(tx: Tx, viewer: Viewer, query: CommissionFilter) {
  // One read of the events for all three: by agent (level 1), by month (level 2) and in total (3),
  // each level a grouping set (`grouping()` sets a bit for each key the row is not grouped by).
  const month = firstOfMonth(sql`e.day`);
  const rows = await queryRows<
    FigureRow & { level: number; agent_id: string | null; agent_name: string | null; month: string | null }
  >(
    tx,
    sql`with grouped as (
        select e.agent_id, ${month} as month, grouping(e.agent_id, ${month}) as level, ${FIGURES}
        from ${commissionEvents(viewer, query)}
        group by grouping sets ((e.agent_id), (${month}), ())
      )
      select g.level, g.agent_id, trim(u.first_name || ' ' || u.last_name) as agent_name,
        ${monthLabel(sql`g.month`)} as month, g.collected, g.commission, g.agent_share, g.agency_share, g.vat
      from grouped g left join users u on u.id = g.agent_id
      order by g.level, agent_name nulls last, g.month`,
  );
  const at = (level: number) => rows.filter((row) => Number(row.level) === level);
  return {
    byAgent: at(1).map((row) => ({
      agentId: row.agent_id,
      agentName: row.agent_name ?? 'No agent (agency)',
      ...figures(row),
    })),
    byMonth: at(2).map((row) => ({ month: row.month!, ...figures(row) })),
    totals: figures(at(3)[0]),
  };
}

export const findPropertyOwnerIds = async (tx: Tx, scope: Scope, ownerId: string) =>
  (
    await tx
      .select({ id: properties.id })
      .from(properties)
      .where(inCompany(properties, scope, eq(properties.ownerId, ownerId)))
  ).map((row) => row.id);

export async function insertPayout(tx: Tx, values: typeof payouts.$inferInsert) {
  const [row] = await tx.insert(payouts).values(values).returning();
  return row!;
}

export async function insertExpense(tx: Tx, values: typeof expenses.$inferInsert) {
  const [row] = await tx.insert(expenses).values(values).returning();
  return row!;
}

export async function listPayouts(
  tx: Tx,
  scope: Scope,
  query: {
    accountType?: 'property' | 'agent' | undefined;
    accountId?: string | undefined;
    page: number;
    pageSize: number;
  },
) {
  const where = sql`po.company_id = ${scope.companyId}
    ${query.accountType ? sql`and po.account_type = ${query.accountType}` : sql``}
    ${query.accountId ? sql`and po.account_id = ${query.accountId}` : sql``}`;
  // Payouts made in one transaction share created_at (now()): the id breaks the tie, so pages
  // never overlap or skip one.
  return selectCountedPage(
    tx,
    query,
    sql`select 1 from payouts po where ${where}`,
    ({ counted, limit, offset }) =>
      queryRows<{
        id: string;
        account_type: 'property' | 'agent';
        account_id: string;
        account_name: string | null;
        amount_cents: string;
        currency: string;
        method: string;
        reference: string | null;
        payout_date: string;
        journal_id: string;
        created_by: string | null;
        created_at: string | Date;
        counted: string;
      }>(
        tx,
        sql`select po.*, po.payout_date::text as payout_date,
      coalesce(p.name, trim(u.first_name || ' ' || u.last_name)) as account_name, ${counted} as counted
    from payouts po
    left join properties p on po.account_type = 'property' and p.id = po.account_id
    left join users u on po.account_type = 'agent' and u.id = po.account_id
    where ${where} order by po.created_at desc, po.id desc
    limit ${limit} offset ${offset}`,
      ),
  );
}

/** Every payout, oldest first, as the company export lists them (for the records: not imported). */
export async function payoutRecords(tx: Tx, scope: Scope): Promise<CsvTable> {
  const rows = await queryRows<{
    payout_date: string;
    account_type: string;
    account: string | null;
    amount_cents: string;
    currency: string;
    method: string;
    reference: string | null;
  }>(
    tx,
    sql`select po.payout_date::text as payout_date, po.account_type,
      coalesce(p.name, trim(u.first_name || ' ' || u.last_name)) as account,
      po.amount_cents, po.currency, po.method, po.reference
    from payouts po
    left join properties p on po.account_type = 'property' and p.id = po.account_id
    left join users u on po.account_type = 'agent' and u.id = po.account_id
    where po.company_id = ${scope.companyId}
    order by po.payout_date, po.created_at`,
  );
  return {
    columns: csvColumns(
      'payout_date',
      'account_type',
      'account',
      'amount',
      'currency',
      'method',
      'reference',
    ),
    rows: rows.map(({ amount_cents, ...row }) => ({
      ...row,
      amount: formatMajorUnits(Number(amount_cents)),
    })),
  };
}

/** Every expense paid out of a property account, oldest first, for the company export's records. */
export async function expenseRecords(tx: Tx, scope: Scope): Promise<CsvTable> {
  const rows = await tx
    .select({
      expense_date: expenses.expenseDate,
      property_name: properties.name,
      property_address: properties.address,
      supplier: expenses.supplier,
      description: expenses.description,
      amountCents: expenses.amountCents,
      currency: expenses.currency,
      method: expenses.method,
      reference: expenses.reference,
    })
    .from(expenses)
    .innerJoin(properties, eq(properties.id, expenses.propertyId))
    .where(inCompany(expenses, scope))
    .orderBy(expenses.expenseDate, expenses.createdAt);
  return {
    columns: csvColumns(
      'expense_date',
      'property_name',
      'property_address',
      'supplier',
      'description',
      'amount',
      'currency',
      'method',
      'reference',
    ),
    rows: rows.map(({ amountCents, ...row }) => ({ ...row, amount: formatMajorUnits(amountCents) })),
  };
}
