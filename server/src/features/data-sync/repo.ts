import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../db/scope.ts';

/**
 * Serialises the imports of one company: two uploads of the same file at once would both find
 * its rows new. A dry run takes it too, so its report is not read mid-way through an apply.
 */
export async function lockCompanyImports(tx: Tx, ctx: Pick<Ctx, 'companyId'>): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('data-sync:' || ${ctx.companyId}))`);
}
