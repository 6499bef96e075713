import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import type { Ctx } from '../../db/scope.ts';
import { selectCountedPage } from '../../lib/list-query.ts';

type Scope = Pick<Ctx, 'companyId'>;

export const FEE_TRANSFER = 'fee_transfer';
const DUE = 'trust:due-to-agency';

/** One credit of `trust:due-to-agency`: its day, its place among the lines, and the amount. */
export interface DueCredit {
  day: string;
  seq: number;
  amount: number;
}

/**
 * The credits of `trust:due-to-agency` (what came in) in one currency up to `upTo`, newest
 * first, from just before `before` on: a backward range of the account's index.
 */
export async function creditsNewestFirst(
  tx: Tx,
  scope: Scope,
  query: { currency: string; upTo: string; before: DueCredit | undefined; limit: number },
): Promise<DueCredit[]> {
  const { before } = query;
  const rows = await queryRows<{ day: string; seq: string; amount: string }>(
    tx,
    sql`select entry_date::text as day, seq, -amount_cents as amount
        from ledger_lines
        where company_id = ${scope.companyId} and account = ${DUE} and currency = ${query.currency}
          and entry_date <= ${query.upTo} and amount_cents < 0
          ${before ? sql`and (entry_date, seq) < (${before.day}::date, ${before.seq})` : sql``}
        order by entry_date desc, seq desc
        limit ${query.limit}`,
  );
  return rows.map((row) => ({ day: row.day, seq: Number(row.seq), amount: Number(row.amount) }));
}

export type TransferRow = {
  journal_id: string;
  currency: string;
  amount_cents: string;
  reference: string | null;
  entry_date: string;
  posted_by: string | null;
  posted_by_name: string | null;
  created_at: string | Date;
};

/** Fee transfers (their trust journals' due-to-agency lines), newest first. */
export function listTransfers(
  tx: Tx,
  scope: Scope,
  query: { currency?: string | undefined; page: number; pageSize: number },
) {
  const where = sql`l.company_id = ${scope.companyId} and l.kind = ${FEE_TRANSFER} and l.account = ${DUE}
    ${query.currency ? sql`and l.currency = ${query.currency}` : sql``}`;
  return selectCountedPage(
    tx,
    query,
    sql`select 1 from ledger_lines l where ${where}`,
    ({ counted, limit, offset }) =>
      queryRows<TransferRow & { counted: string }>(
        tx,
        sql`select l.journal_id, l.currency, l.amount_cents, l.reference, l.entry_date::text as entry_date,
              j.posted_by, trim(u.first_name || ' ' || u.last_name) as posted_by_name, j.created_at,
              ${counted} as counted
            from ledger_lines l join journals j on j.id = l.journal_id and j.company_id = l.company_id
            left join users u on u.id = j.posted_by
            where ${where}
            order by l.entry_date desc, l.seq desc
            limit ${limit} offset ${offset}`,
      ),
  );
}

/** The companies whose schedule moves their fees on its own, with when it last ran. */
export const scheduledCompanies = (tx: Tx) =>
  queryRows<{ company_id: string; transfer_schedule: string; last_scheduled_transfer: string | null }>(
    tx,
    sql`select company_id, transfer_schedule, last_scheduled_transfer::text as last_scheduled_transfer
        from finance_settings where transfer_schedule <> 'off'`,
  );

/** Takes the company's settings row for the scheduled run (a second server waits, then sees the day). */
export async function lastScheduledTransfer(tx: Tx, scope: Scope): Promise<string | null | undefined> {
  const [row] = await queryRows<{ last: string | null }>(
    tx,
    sql`select last_scheduled_transfer::text as last from finance_settings
        where company_id = ${scope.companyId} for update`,
  );
  return row ? row.last : undefined;
}

export async function recordScheduledTransfer(tx: Tx, scope: Scope, day: string) {
  await tx.execute(
    sql`update finance_settings set last_scheduled_transfer = ${day} where company_id = ${scope.companyId}`,
  );
}

/** A user's name as a transfer shows who made it. */
export async function userName(tx: Tx, scope: Scope, userId: string): Promise<string | null> {
  const [row] = await queryRows<{ name: string }>(
    tx,
    sql`select trim(first_name || ' ' || last_name) as name from users
        where id = ${userId} and company_id = ${scope.companyId}`,
  );
  return row?.name ?? null;
}
