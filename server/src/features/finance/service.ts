import type { z } from 'zod';
import {
  DEFAULT_ARREARS_REMINDER_STEPS,
  type FinanceSettings,
  type FinanceSettingsInput,
  type SplitRates,
  type VatRate,
} from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { transact, type Ctx } from '../../db/scope.ts';
import { staleVersion, unprocessable } from '../../lib/errors.ts';
import { assertRole } from '../../lib/roles.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import * as repo from './repo.ts';

const todayIso = () => new Date().toISOString().slice(0, 10);

type Scope = Pick<Ctx, 'companyId'>;

/** PRODUCT.md's defaults, in force until the company saves its own settings. */
export const DEFAULT_FINANCE_SETTINGS: Omit<FinanceSettings, '__v'> = {
  currencies: ['USD'],
  defaultCurrency: 'USD',
  commissionRateBp: 1000,
  agentShareBp: 6000,
  vatRegistered: false,
  vatRateBp: 1500,
  rentDueDay: 1,
  lateFeeRateBp: 0,
  receiptPrefix: 'RCT-',
  invoicePrefix: 'INV-',
  ownerApprovalLimit: 50000,
  transferSchedule: 'monthly',
  transferLimitDays: 31,
  emailReceipts: false,
  statementDay: 1,
  arrearsReminderSteps: DEFAULT_ARREARS_REMINDER_STEPS,
};

const READERS = ['admin', 'accountant', 'agent'] as const;
const EDITORS = ['admin', 'accountant'] as const;

/** The settings in force for a company (its saved row, else the defaults at version 0). */
export async function loadFinanceSettings(tx: Tx, scope: Scope): Promise<FinanceSettings> {
  const row = await repo.findSettings(tx, scope);
  if (!row) return { ...DEFAULT_FINANCE_SETTINGS, __v: 0 };
  const {
    companyId: _company,
    updatedAt: _updated,
    lastScheduledTransfer: _lastTransfer,
    version,
    ownerApprovalLimitCents,
    ...settings
  } = row;
  return { ...settings, ownerApprovalLimit: ownerApprovalLimitCents, __v: version };
}

/** The day the rates in force before the first recorded change count from. */
const BEGINNING = '1900-01-01';

/** The VAT rates of a company, newest first (read once per batch of payments). */
export type VatRateHistory = { effectiveFrom: string; rateBp: number }[];

export const loadVatRates = (tx: Tx, scope: Scope): Promise<VatRateHistory> => repo.vatRateHistory(tx, scope);

/** The VAT rate in force on a day: the latest recorded from that day or before, else the settings'. */
export function vatRateOn(settings: FinanceSettings, history: VatRateHistory, day: string): number {
  return history.find((rate) => rate.effectiveFrom <= day)?.rateBp ?? settings.vatRateBp;
}

/**
 * The split rates for a property: its own commission rate overrides the company's. With the
 * company's VAT rate history and a day, the VAT rate is the one in force that day.
 */
export function splitRatesFor(
  settings: FinanceSettings,
  property: { commissionRateBp: number | null; agentId: string | null },
  vatOn?: { history: VatRateHistory; day: string },
): SplitRates {
  return {
    commissionRateBp: property.commissionRateBp ?? settings.commissionRateBp,
    agentShareBp: settings.agentShareBp,
    vatRateBp: vatOn ? vatRateOn(settings, vatOn.history, vatOn.day) : settings.vatRateBp,
    vatRegistered: settings.vatRegistered,
    hasAgent: property.agentId !== null,
  };
}

export function assertCurrencyEnabled(settings: FinanceSettings, currency: string): void {
  if (!settings.currencies.includes(currency)) {
    throw unprocessable(
      'CURRENCY_NOT_ENABLED',
      `${currency} is not enabled for this company. Enabled: ${settings.currencies.join(', ')}.`,
    );
  }
}

export const getFinanceSettings = (ctx: Ctx) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, READERS);
    return loadFinanceSettings(tx, ctx);
  });

export const listVatRates = (ctx: Ctx): Promise<VatRate[]> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, EDITORS);
    const history = await repo.vatRateHistory(tx, ctx);
    if (history.length > 0) {
      return history.map((rate) => ({
        effectiveFrom: rate.effectiveFrom,
        rateBp: rate.rateBp,
        createdBy: rate.createdBy,
        createdAt: rate.createdAt.toISOString(),
      }));
    }
    // Never changed: the settings' rate, in force from the beginning.
    const settings = await loadFinanceSettings(tx, ctx);
    return [
      {
        effectiveFrom: BEGINNING,
        rateBp: settings.vatRateBp,
        createdBy: null,
        createdAt: new Date(0).toISOString(),
      },
    ];
  });

export const updateFinanceSettings = (ctx: Ctx, input: z.output<typeof FinanceSettingsInput>) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, EDITORS);
    const before = await loadFinanceSettings(tx, ctx);
    const { __v, ownerApprovalLimit, vatRateEffectiveFrom, ...values } = input;
    const currencies = [...new Set(values.currencies)];
    const row = { ...values, currencies, ownerApprovalLimitCents: ownerApprovalLimit };
    if (!(await repo.saveSettings(tx, ctx, row, __v))) throw staleVersion('settings');
    if (values.vatRateBp !== before.vatRateBp) {
      // The rate so far stays in force before the change (from the beginning if never recorded).
      if ((await repo.vatRateHistory(tx, ctx)).length === 0) {
        await repo.saveVatRate(tx, ctx, {
          effectiveFrom: BEGINNING,
          rateBp: before.vatRateBp,
          createdBy: null,
        });
      }
      await repo.saveVatRate(tx, ctx, {
        effectiveFrom: vatRateEffectiveFrom ?? todayIso(),
        rateBp: values.vatRateBp,
        createdBy: ctx.userId,
      });
    }
    const after = await loadFinanceSettings(tx, ctx);
    await recordAudit(tx, auditActor(ctx), {
      action: 'finance_settings.updated',
      entity: 'finance_settings',
      entityId: ctx.companyId,
      before,
      after,
    });
    return after;
  });
