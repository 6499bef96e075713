import { addDays } from '@lintel/contracts';
import { sql, type SQL } from 'drizzle-orm';

/** The first day of a date's month (dates are YYYY-MM-DD). */
export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/**
 * Whether a balance before `cutOff` is read backwards: the whole balance (`account_balances`) less
 * the lines dated from the cut-off on, which are at most this month's when the cut-off is in this
 * month or later. Further back, the months carried before it and its month's lines are fewer. Both
 * ways give the same figure; only the rows read differ.
 */
export const readsBackwards = (cutOff: string, today = new Date().toISOString().slice(0, 10)) =>
  cutOff >= monthOf(today);

/**
 * An account's debit-positive balance as a scalar subquery, for another feature's query to embed
 * (a property's account in a list, a lease's deposit in the rent roll), kept cheap by what the
 * database carries as lines are written: with neither `upTo` (that day included) nor `before`
 * (that day excluded), the account's whole balance, one row; with a cut-off in this month or later,
 * that row less the lines from the cut-off on; further back, the months carried before the
 * cut-off's month (`account_month_balances`) and that month's own lines before the cut-off.
 */
export function accountBalanceSql(account: {
  companyId: SQL;
  account: SQL;
  currency: string | SQL;
  upTo?: string;
  before?: string;
}): SQL {
  // The account as a sub-select: one made with || (`'property:' || p.id`), which PostgreSQL does
  // not mark leakproof, is checked under row-level security only after the rows are read, so each
  // lookup read every account of the company; a sub-select's value is an index condition.
  const sameAccount = (table: string) =>
    sql`${sql.raw(table)}.company_id = ${account.companyId} and ${sql.raw(table)}.account = (select ${account.account})
      and ${sql.raw(table)}.currency = ${account.currency}`;
  const whole = sql`(select coalesce(sum(whole.balance_cents), 0) from account_balances whole
      where ${sameAccount('whole')})`;
  const cutOff = account.before ?? (account.upTo === undefined ? undefined : addDays(account.upTo, 1));
  if (cutOff === undefined) return whole;
  if (readsBackwards(cutOff)) {
    return sql`(${whole} - (select coalesce(sum(line.amount_cents), 0) from ledger_lines line
      where ${sameAccount('line')} and line.entry_date >= ${cutOff}::date))`;
  }
  const month = monthOf(cutOff);
  return sql`((select coalesce(sum(carried.movement_cents), 0) from account_month_balances carried
      where ${sameAccount('carried')} and carried.month < ${month}::date)
    + (select coalesce(sum(line.amount_cents), 0) from ledger_lines line
      where ${sameAccount('line')} and line.entry_date >= ${month}::date and line.entry_date < ${cutOff}::date))`;
}

/**
 * Whether an account holds money for its holder (a credit balance) in some currency, as a boolean
 * expression another feature's query embeds (is a lease's deposit held?): one row per currency.
 */
export const holdsMoneySql = (account: { companyId: SQL; account: SQL }) =>
  sql<boolean>`exists (select 1 from account_balances whole
    where whole.company_id = ${account.companyId} and whole.account = ${account.account}
      and whole.balance_cents < 0)`;
