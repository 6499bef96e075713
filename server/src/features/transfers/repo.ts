import { eq, ne } from 'drizzle-orm';
import type { TransferSchedule } from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { financeSettings } from '../../db/schema/index.ts';
import { inCompany, type Ctx } from '../../db/scope.ts';

/** Every company with a transfer schedule, and the day its last scheduled transfer ran (system). */
export const scheduledCompanies = async (
  tx: Tx,
): Promise<{ companyId: string; schedule: TransferSchedule; last: string | null }[]> =>
  tx
    .select({
      companyId: financeSettings.companyId,
      schedule: financeSettings.transferSchedule,
      last: financeSettings.lastScheduledTransfer,
    })
    .from(financeSettings)
    .where(ne(financeSettings.transferSchedule, 'off'));

export const markScheduledTransfer = (tx: Tx, scope: Pick<Ctx, 'companyId'>, day: string) =>
  tx
    .update(financeSettings)
    .set({ lastScheduledTransfer: day })
    .where(inCompany(financeSettings, scope, eq(financeSettings.companyId, scope.companyId)));
