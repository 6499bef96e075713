import { addDays } from '@lintel/contracts';
import { sql, type SQL } from 'drizzle-orm';

/** The first day of a date's month (dates are YYYY-MM-DD). */
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/**
 * An account's debit-positive balance as a scalar subquery, for another feature's query to embed
 * (a property's account in a list, a lease's deposit in the rent roll): what the balances carried
 * per account and month (`account_month_balances`, kept by the database as lines are written)
 * hold, so a row costs one index range of months, not the account's whole history. With `upTo`
 * (that day included) or `before` (that day excluded), the months carried before the cut-off's
 * month and that month's own lines before the cut-off; with neither, every month carried.
 */
export function accountBalanceSql(account: {
  companyId: SQL;
  account: SQL;
  currency: string | SQL;
  upTo?: string;
  before?: string;
}): SQL {
  const sameAccount = (table: string) =>
    sql`${sql.raw(table)}.company_id = ${account.companyId} and ${sql.raw(table)}.account = ${account.account}
      and ${sql.raw(table)}.currency = ${account.currency}`;
  const cutOff = account.before ?? (account.upTo === undefined ? undefined : addDays(account.upTo, 1));
  if (cutOff === undefined) {
    return sql`(select coalesce(sum(carried.movement_cents), 0) from account_month_balances carried
      where ${sameAccount('carried')})`;
  }
  const month = monthOf(cutOff);
  return sql`((select coalesce(sum(carried.movement_cents), 0) from account_month_balances carried
      where ${sameAccount('carried')} and carried.month < ${month}::date)
    + (select coalesce(sum(line.amount_cents), 0) from ledger_lines line
      where ${sameAccount('line')} and line.entry_date >= ${month}::date and line.entry_date < ${cutOff}::date))`;
}
