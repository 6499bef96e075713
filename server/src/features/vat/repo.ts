import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import type { Ctx } from '../../db/scope.ts';
import { accountBalanceSql } from '../ledger/index.ts';

type Scope = Pick<Ctx, 'companyId'>;

const VAT = 'business:vat-payable';

/** VAT owed (credit balance, positive) before a day. */
export async function owedBefore(tx: Tx, scope: Scope, currency: string, day: string) {
  const balance = accountBalanceSql({
    companyId: sql`${scope.companyId}::uuid`,
    account: sql`${VAT}`,
    currency,
    before: day,
  });
  const [row] = await queryRows<{ sum: string }>(tx, sql`select ${balance} as sum`);
  return -Number(row!.sum);
}

/** Every journal in the period that touched VAT payable, its lines summed, in posting order. */
export async function vatJournals(
  tx: Tx,
  scope: Scope,
  period: { from: string; to: string; currency: string },
) {
  const rows = await queryRows<{
    journal_id: string;
    day: string;
    kind: string;
    reference: string | null;
    description: string;
    amount: string;
  }>(
    tx,
    sql`select journal_id, entry_date::text as day, kind, reference, description, sum(amount_cents) as amount
        from ledger_lines
        where company_id = ${scope.companyId} and account = ${VAT} and currency = ${period.currency}
          and entry_date between ${period.from} and ${period.to}
        group by journal_id, entry_date, kind, reference, description
        order by entry_date, min(seq)`,
  );
  return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
}
