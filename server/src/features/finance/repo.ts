import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { financeSettings, vatRates } from '../../db/schema/index.ts';
import { inCompany, type Ctx } from '../../db/scope.ts';

type Scope = Pick<Ctx, 'companyId'>;
export type FinanceSettingsRow = typeof financeSettings.$inferSelect;

export const findSettings = async (tx: Tx, scope: Scope) =>
  (await tx.select().from(financeSettings).where(inCompany(financeSettings, scope)))[0];

/** First save inserts; later saves must name the version they read (0 before the first save). */
export async function saveSettings(
  tx: Tx,
  scope: Scope,
  values: Omit<FinanceSettingsRow, 'companyId' | 'updatedAt' | 'version' | 'lastScheduledTransfer'>,
  expectedVersion: number,
): Promise<boolean> {
  if (expectedVersion === 0) {
    const inserted = await tx
      .insert(financeSettings)
      .values({ ...values, companyId: scope.companyId, version: 1 })
      .onConflictDoNothing()
      .returning({ version: financeSettings.version });
    return inserted.length === 1;
  }
  const updated = await tx
    .update(financeSettings)
    .set({ ...values, updatedAt: new Date(), version: expectedVersion + 1 })
    .where(inCompany(financeSettings, scope, eq(financeSettings.version, expectedVersion)))
    .returning({ version: financeSettings.version });
  return updated.length === 1;
}

/** The company's VAT rates, newest first. */
export const vatRateHistory = (tx: Tx, scope: Scope) =>
  tx.select().from(vatRates).where(inCompany(vatRates, scope)).orderBy(desc(vatRates.effectiveFrom));

/** A rate from a day (a second change on the same day replaces the first). */
export async function saveVatRate(
  tx: Tx,
  scope: Scope,
  rate: { effectiveFrom: string; rateBp: number; createdBy: string | null },
) {
  await tx
    .insert(vatRates)
    .values({ ...rate, companyId: scope.companyId })
    .onConflictDoUpdate({
      target: [vatRates.companyId, vatRates.effectiveFrom],
      set: { rateBp: rate.rateBp, createdBy: rate.createdBy, createdAt: new Date() },
    });
}
