import { eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { ownerStatementRuns } from '../../db/schema/index.ts';
import { inCompany, type Ctx } from '../../db/scope.ts';

type Scope = Pick<Ctx, 'companyId'>;

export type RunOwner = {
  id: string;
  name: string;
  /** The owner record's email, else the email they sign in with. */
  email: string | null;
};

/** Owners with at least one property now (or that one owner): who a month's statement run is for. */
export const ownersWithProperties = (tx: Tx, scope: Scope, ownerId?: string) =>
  queryRows<RunOwner>(
    tx,
    sql`select o.id, o.name, coalesce(nullif(o.email, ''), u.email) as email
      from owners o left join users u on u.id = o.user_id
      where o.company_id = ${scope.companyId} ${ownerId ? sql`and o.id = ${ownerId}` : sql``}
        and exists (select 1 from properties p where p.company_id = o.company_id and p.owner_id = o.id)
      order by lower(o.name), o.id`,
  );

export const findRun = async (tx: Tx, scope: Scope, month: string) =>
  (
    await tx
      .select()
      .from(ownerStatementRuns)
      .where(inCompany(ownerStatementRuns, scope, eq(ownerStatementRuns.month, month)))
  )[0];

/** Marks the month's run as gone out; false when it already had (another instance, a second click). */
export async function recordRun(
  tx: Tx,
  scope: Scope,
  month: string,
  sentBy: string | null,
): Promise<boolean> {
  const inserted = await tx
    .insert(ownerStatementRuns)
    .values({ companyId: scope.companyId, month, sentBy })
    .onConflictDoNothing()
    .returning({ month: ownerStatementRuns.month });
  return inserted.length === 1;
}

/**
 * Companies whose statement day for `month`'s run has come (`day` of the month after it) and whose
 * run has not gone out, of those that existed before the month ended. Read across companies.
 */
export const companiesDue = (tx: Tx, month: string, day: number, monthAfter: string) =>
  queryRows<{ company_id: string }>(
    tx,
    sql`select c.id as company_id from companies c
      left join finance_settings f on f.company_id = c.id
      where coalesce(f.statement_day, 1) <= ${day}
        and c.created_at < ${monthAfter}::date
        and not exists (select 1 from owner_statement_runs r where r.company_id = c.id and r.month = ${month})
      order by c.id`,
  );
