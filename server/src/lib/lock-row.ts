import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';
import { inCompany, isUuid, type Ctx } from '../db/scope.ts';

/**
 * A row of the company by id, locked until the transaction ends, so changes to it queue behind
 * each other; undefined when there is none (or the id is no UUID, so it cannot name one).
 */
export async function lockCompanyRow<Row>(
  tx: Tx,
  table: PgTable & { id: PgColumn; companyId: PgColumn; $inferSelect: Row },
  scope: Pick<Ctx, 'companyId'>,
  id: string,
): Promise<Row | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx
    .select()
    .from(table)
    .where(inCompany(table, scope, eq(table.id, id)))
    .for('update');
  return row as Row | undefined;
}
