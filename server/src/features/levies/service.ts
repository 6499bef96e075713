import type { z } from 'zod';
import type {
  LevyCharge,
  LevyDueQuery,
  LevyPayInput,
  LevyPaymentLine,
  LevyPaymentResult,
  LevySchedule,
  LevyScheduleInput,
  LevyScheduleQuery,
  LevyScheduleUpdateInput,
} from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { isUuid, transact, type Ctx } from '../../db/scope.ts';
import { chunksOf } from '../../lib/chunks.ts';
import { AppError, notFound, staleVersion, unprocessable } from '../../lib/errors.ts';
import { assertRole, PROPERTY_READERS } from '../../lib/roles.ts';
import { scopeFor, type RowScope } from '../../lib/visibility.ts';
import { payPropertyExpense } from '../accounts/index.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import { assertCurrencyEnabled, loadFinanceSettings } from '../finance/index.ts';
import { todayIso } from '../leases/index.ts';
import { accountBalances, ledgerAccount } from '../ledger/index.ts';
import { findProperty } from '../properties/index.ts';
import { chargeablePeriods, dueDateOf, periodOf } from '../rent/index.ts';
import * as repo from './repo.ts';

type Scope = Pick<Ctx, 'companyId'>;

const ACCOUNTANT = ['accountant'] as const;

const LEVY_NOT_FOUND = () => notFound('Levy not found');
const ALREADY_PAID = 'This levy is already paid.';

const toSchedule = (row: repo.ScheduleRow): LevySchedule => ({
  _id: row.id,
  propertyId: row.propertyId,
  propertyName: row.propertyName,
  bodyCorporate: row.bodyCorporate,
  contact: row.contact,
  bankDetails: (row.bankDetails as LevySchedule['bankDetails']) ?? null,
  amount: row.amountCents,
  currency: row.currency,
  startDate: row.startDate,
  endDate: row.endDate,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  __v: row.version,
});

async function loadSchedule(tx: Tx, ctx: Ctx, id: string) {
  if (!isUuid(id)) throw LEVY_NOT_FOUND();
  const row = await repo.findSchedule(tx, ctx, id, scopeFor(ctx, 'levy'));
  if (!row) throw LEVY_NOT_FOUND();
  return row;
}

/** The property and currency must be this company's; returns the columns to store. */
async function scheduleColumns(tx: Tx, ctx: Ctx, input: z.output<typeof LevyScheduleInput>) {
  const property = await findProperty(tx, ctx, input.propertyId);
  if (!property)
    throw unprocessable('INVALID_PROPERTY', 'The chosen property is not a property of this company.');
  assertCurrencyEnabled(await loadFinanceSettings(tx, ctx), input.currency);
  return {
    propertyId: property.id,
    bodyCorporate: input.bodyCorporate,
    contact: input.contact || null,
    bankDetails: input.bankDetails
      ? (Object.fromEntries(
          Object.entries(input.bankDetails).filter(([, value]) => value !== null && value !== undefined),
        ) as Record<string, string>)
      : null,
    amountCents: input.amount,
    currency: input.currency,
    startDate: input.startDate,
    endDate: input.endDate ?? null,
  };
}

export const listSchedules = (ctx: Ctx, query: LevyScheduleQuery) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, PROPERTY_READERS);
    const page = await repo.listSchedules(
      tx,
      ctx,
      { q: query.q, propertyId: query.propertyId, rows: scopeFor(ctx, 'levy') },
      query,
    );
    return { ...page, items: page.items.map(toSchedule) };
  });

export const getSchedule = (ctx: Ctx, id: string) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, PROPERTY_READERS);
    return toSchedule(await loadSchedule(tx, ctx, id));
  });

export const createSchedule = (ctx: Ctx, input: z.output<typeof LevyScheduleInput>) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ACCOUNTANT);
    const id = await repo.insertSchedule(tx, {
      ...(await scheduleColumns(tx, ctx, input)),
      companyId: ctx.companyId,
    });
    const created = toSchedule((await repo.findSchedule(tx, ctx, id))!);
    await recordAudit(tx, auditActor(ctx), {
      action: 'levy.created',
      entity: 'levy_schedule',
      entityId: id,
      after: created,
    });
    return created;
  });

/** Charges already generated keep the amount they were raised with. */
export const updateSchedule = (ctx: Ctx, id: string, input: z.output<typeof LevyScheduleUpdateInput>) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, PROPERTY_READERS);
    const beforeRow = await loadSchedule(tx, ctx, id);
    assertRole(ctx, ACCOUNTANT);
    const updated = await repo.updateSchedule(
      tx,
      ctx,
      beforeRow.id,
      // New dates may open months before or after those raised: the next read checks them all again.
      { ...(await scheduleColumns(tx, ctx, input)), chargedThrough: null },
      input.__v,
    );
    if (!updated) throw staleVersion('levy');
    const after = toSchedule((await repo.findSchedule(tx, ctx, updated))!);
    await recordAudit(tx, auditActor(ctx), {
      action: 'levy.updated',
      entity: 'levy_schedule',
      entityId: updated,
      before: toSchedule(beforeRow),
      after,
    });
    return after;
  });

/**
 * Creates any missing monthly charges, from each schedule's start to its end or this month,
 * whichever is first. Idempotent: charges are unique per (schedule, period).
 */
export async function ensureLevyCharges(tx: Tx, scope: Scope, today: string): Promise<number> {
  // Every read of the levies asks, so the usual answer (nothing missing) is one read of the
  // schedules not yet raised through this month, usually none (issue 20).
  const period = periodOf(today);
  const behind = await repo.schedulesBehind(tx, scope, period);
  if (behind.length === 0) return 0;
  let created = 0;
  for (const schedules of chunksOf(behind, 1000)) {
    const ids = schedules.map((schedule) => schedule.id);
    const charged = await repo.chargedPeriods(tx, scope, ids);
    const missing = schedules.flatMap((schedule) =>
      chargeablePeriods({ startDate: schedule.startDate, endDate: schedule.endDate ?? today }, today)
        .filter((month) => !charged.has(`${schedule.id}|${month}`))
        .map((month) => ({
          companyId: scope.companyId,
          scheduleId: schedule.id,
          propertyId: schedule.propertyId,
          period: month,
          dueDate: dueDateOf(month, 1),
          amountCents: schedule.amountCents,
          currency: schedule.currency,
        })),
    );
    // Another request may raise the same charges meanwhile: insertCharges skips those.
    for (const rows of chunksOf(missing, 1000)) created += await repo.insertCharges(tx, rows);
    await repo.markChargedThrough(tx, scope, ids, period);
  }
  return created;
}

/** Months a schedule is marked raised through but lacks the charge of (repo.chargeGaps): none when the books agree. */
export const levyChargeGaps = async (tx: Tx, scope: Scope) =>
  (await repo.chargeGaps(tx, scope)).map((row) => ({ scheduleId: row.schedule_id, period: row.period }));

export const generateLevyCharges = (ctx: Ctx, today = todayIso()) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['admin', 'accountant']);
    return { created: await ensureLevyCharges(tx, ctx, today) };
  });

export const listDueLevies = (ctx: Ctx, query: LevyDueQuery, today = todayIso()) =>
  transact(ctx, async (tx): Promise<LevyCharge[]> => {
    assertRole(ctx, PROPERTY_READERS);
    await ensureLevyCharges(tx, ctx, today);
    const period = query.period ?? today.slice(0, 7);
    const rows = await repo.chargesDue(tx, ctx, period, scopeFor(ctx, 'levy'));
    // What each property's account holds, one read per currency (property accounts hold credit balances).
    const held = new Map<string, number>();
    for (const currency of new Set(rows.map((row) => row.currency))) {
      const accounts = [
        ...new Set(rows.filter((row) => row.currency === currency).map((row) => row.propertyId)),
      ].map((propertyId) => ledgerAccount.property(propertyId));
      for (const { account, balance } of await accountBalances(tx, ctx, { accounts, currency }))
        held.set(`${account}|${currency}`, -balance);
    }
    return rows.map((row) => ({
      _id: row.id,
      scheduleId: row.scheduleId,
      propertyId: row.propertyId,
      propertyName: row.propertyName,
      bodyCorporate: row.bodyCorporate,
      period: row.period,
      dueDate: row.dueDate,
      amount: row.amountCents,
      currency: row.currency,
      status: row.expenseId ? 'paid' : row.period < period ? 'overdue' : 'due',
      paidAt: row.paidAt ? row.paidAt.toISOString() : null,
      expenseId: row.expenseId,
      held: held.get(`${ledgerAccount.property(row.propertyId)}|${row.currency}`) ?? 0,
    }));
  });

type ChargeRow = Awaited<ReturnType<typeof repo.lockCharges>>[number];

const lineOf = (charge: ChargeRow, outcome: { expenseId?: string; message?: string }): LevyPaymentLine => ({
  chargeId: charge.id,
  propertyName: charge.propertyName,
  bodyCorporate: charge.bodyCorporate,
  period: charge.period,
  amount: charge.amountCents,
  currency: charge.currency,
  expenseId: outcome.expenseId ?? null,
  message: outcome.message ?? null,
});

/**
 * Pays each charge out of its property account (property → trust bank) in one transaction. A
 * line the account cannot cover is refused with its message; unless `payWhatCanBePaid`, one
 * refusal means nothing is paid.
 */
export const payLevies = (ctx: Ctx, input: z.output<typeof LevyPayInput>, today = todayIso()) =>
  transact(ctx, async (tx): Promise<LevyPaymentResult> => {
    assertRole(ctx, ACCOUNTANT);
    await ensureLevyCharges(tx, ctx, today);
    const charges = await repo.lockCharges(tx, ctx, input.chargeIds);
    if (charges.length !== input.chargeIds.length) throw LEVY_NOT_FOUND();
    const result: LevyPaymentResult = { paid: [], refused: [] };
    for (const charge of charges) {
      if (charge.expenseId) {
        result.refused.push(lineOf(charge, { message: ALREADY_PAID }));
        continue;
      }
      try {
        // A savepoint per line: a refused line leaves the others' work intact.
        const expense = await tx.transaction(async (line) => {
          const paid = await payPropertyExpense(
            line,
            ctx,
            {
              propertyId: charge.propertyId,
              supplier: charge.bodyCorporate,
              description: `Levy ${charge.period}`,
              amount: charge.amountCents,
              currency: charge.currency,
              method: 'bank_transfer',
              reference: null,
              expenseDate: today,
            },
            { levyChargeId: charge.id },
          );
          await repo.markChargePaid(line, ctx, charge.id, paid._id);
          return paid;
        });
        result.paid.push(lineOf(charge, { expenseId: expense._id }));
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode !== 422) throw error;
        result.refused.push(lineOf(charge, { message: error.message }));
      }
    }
    if (result.refused.length > 0 && !input.payWhatCanBePaid) {
      const refusals = result.refused.map((line) => ({
        path: line.chargeId,
        message: `${line.propertyName} (${line.period}): ${line.message}`,
      }));
      throw new AppError(
        422,
        'LEVIES_REFUSED',
        `Nothing was paid. ${refusals.map((refusal) => refusal.message).join(' ')}`,
        refusals,
      );
    }
    if (result.paid.length > 0) {
      await recordAudit(tx, auditActor(ctx), {
        action: 'levies.paid',
        entity: 'levy_charge',
        entityId: result.paid[0]!.chargeId,
        after: result,
      });
    }
    return result;
  });

/** This month's levy charges still unpaid (charges raised first, as the levies page does), of the rows seen. */
export async function leviesDue(
  tx: Tx,
  scope: Scope,
  query: { today: string; currency: string; rows: RowScope },
) {
  await ensureLevyCharges(tx, scope, query.today);
  return repo.unpaidChargesOf(tx, scope, {
    period: query.today.slice(0, 7),
    currency: query.currency,
    rows: query.rows,
  });
}

/** Every levy, for the company export's records. */
export const levyRecords = (tx: Tx, ctx: Pick<Ctx, 'companyId'>) => repo.levyRecords(tx, ctx);
