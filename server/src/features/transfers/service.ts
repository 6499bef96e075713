import type { z } from 'zod';
import {
  addDays,
  formatMoney,
  type DueToAgency,
  type FeeTransfer,
  type FeeTransferInput,
  type FeeTransferQuery,
  type TransferSchedule,
} from '@lintel/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { systemTransact, transact, type Ctx } from '../../db/scope.ts';
import { nextNumber } from '../../db/sequences.ts';
import { unprocessable } from '../../lib/errors.ts';
import { assertRole } from '../../lib/roles.ts';
import { recordAudit } from '../audit/index.ts';
import { assertCurrencyEnabled, loadFinanceSettings } from '../finance/index.ts';
import { todayIso } from '../leases/index.ts';
import {
  accountBalances,
  accountLines,
  journalsOfKind,
  ledgerAccount,
  lockAccount,
  postJournal,
} from '../ledger/index.ts';
import * as repo from './repo.ts';

/** Who moves the money: a signed-in accountant, or the schedule (no user). */
type Actor = { companyId: string; userId: string | null; requestId: string | null };

const TRANSFER_KIND = 'fee_transfer';
const READERS = ['admin', 'accountant'] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** What is due to the agency in a currency on a day: the account's credit balance up to then. */
async function dueOn(tx: Tx, scope: Actor, currency: string, date: string): Promise<number> {
  const [row] = await accountBalances(tx, scope, {
    accounts: [ledgerAccount.dueToAgency],
    currency,
    upTo: date,
  });
  return row ? -row.balance : 0;
}

/**
 * Moves what was due to the agency on `date` out of trust, one linked pair of journals per
 * currency with something due, inside the caller's transaction. The account's lock makes a second
 * transfer wait and then find nothing left to move.
 */
async function transferDue(
  tx: Tx,
  actor: Actor,
  request: { currencies: string[]; reference?: string | undefined; date: string },
): Promise<FeeTransfer[]> {
  const made: FeeTransfer[] = [];
  for (const currency of request.currencies) {
    await lockAccount(tx, actor, ledgerAccount.dueToAgency, currency);
    const amount = await dueOn(tx, actor, currency, request.date);
    if (amount === 0) continue;
    const reference =
      request.reference ?? `FT-${String(await nextNumber(tx, actor, 'fee_transfer')).padStart(6, '0')}`;
    const description =
      amount > 0
        ? `Fee transfer ${reference}: ${formatMoney(amount, currency)} due to the agency, trust to business bank`
        : `Fee transfer ${reference}: the agency repays trust ${formatMoney(-amount, currency)}`;
    const journalId = await postJournal(tx, actor, {
      kind: TRANSFER_KIND,
      description,
      reference,
      entryDate: request.date,
      postedBy: actor.userId,
      lines: [
        { account: ledgerAccount.dueToAgency, currency, amountCents: amount },
        { account: ledgerAccount.trustBank, currency, amountCents: -amount },
        { account: ledgerAccount.businessBank, currency, amountCents: amount },
        { account: ledgerAccount.dueFromTrust, currency, amountCents: -amount },
      ],
    });
    made.push({ journalId, currency, amount, reference, date: request.date, postedBy: actor.userId });
  }
  for (const transfer of made) {
    await recordAudit(tx, actor, {
      action: 'fee_transfer.made',
      entity: 'journal',
      entityId: transfer.journalId,
      after: transfer,
    });
  }
  return made;
}

/** On demand (accountant): every currency, or the one asked for. */
export const createTransfers = (ctx: Ctx, input: z.output<typeof FeeTransferInput>) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['accountant']);
    const settings = await loadFinanceSettings(tx, ctx);
    if (input.currency) assertCurrencyEnabled(settings, input.currency);
    const today = todayIso();
    const date = input.date ?? today;
    if (date > today) throw unprocessable('FUTURE_DATE', 'A transfer cannot be dated in the future.');
    const made = await transferDue(tx, ctx, {
      currencies: input.currency ? [input.currency] : settings.currencies,
      reference: input.reference,
      date,
    });
    if (made.length === 0) {
      throw unprocessable(
        'NOTHING_DUE',
        'Nothing is due to the agency in trust: there is nothing to transfer.',
      );
    }
    return made;
  });

/** Every currency's due moved on `date`, nothing when nothing is due (the demo's monthly transfer). */
export const transferAllDue = (ctx: Ctx, date: string) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['accountant']);
    const settings = await loadFinanceSettings(tx, ctx);
    return transferDue(tx, ctx, { currencies: settings.currencies, date });
  });

export const listTransfers = (ctx: Ctx, query: FeeTransferQuery) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, READERS);
    const page = await journalsOfKind(
      tx,
      ctx,
      // The trust journal is the event's (the one a transfer answers with); trust:bank paid it out.
      { kind: TRANSFER_KIND, account: ledgerAccount.trustBank, currency: query.currency },
      { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
    );
    return {
      total: page.total,
      items: page.items.map((row): FeeTransfer => ({
        journalId: row.journalId,
        currency: row.currency,
        amount: -row.amountCents,
        reference: row.reference ?? '',
        date: row.entryDate,
        postedBy: row.postedBy,
      })),
    };
  });

/**
 * Since when money has been due: transfers (debits) settle the oldest earnings (credits) first;
 * the first credit not wholly settled is the oldest money still in trust.
 */
function oldestUnsettled(lines: { entryDate: string; amountCents: number }[]): string | null {
  let settled = lines.filter((line) => line.amountCents > 0).reduce((sum, line) => sum + line.amountCents, 0);
  for (const line of lines) {
    if (line.amountCents >= 0) continue;
    settled += line.amountCents;
    if (settled < 0) return line.entryDate;
  }
  return null;
}

export const dueToAgency = (ctx: Ctx, today = todayIso()) =>
  transact(ctx, async (tx): Promise<DueToAgency[]> => {
    assertRole(ctx, READERS);
    const settings = await loadFinanceSettings(tx, ctx);
    const due: DueToAgency[] = [];
    for (const currency of settings.currencies) {
      const lines = await accountLines(tx, ctx, ledgerAccount.dueToAgency, currency);
      const amount = -lines.reduce((sum, line) => sum + line.amountCents, 0);
      const since = amount > 0 ? oldestUnsettled(lines) : null;
      const ageDays = since ? Math.max(0, daysBetween(since, today)) : 0;
      due.push({
        currency,
        amount,
        since,
        ageDays,
        limitDays: settings.transferLimitDays,
        overdue: amount !== 0 && (amount < 0 || ageDays > settings.transferLimitDays),
      });
    }
    return due;
  });

/** Whether a schedule's next transfer is due on `today`, given the day of the last one. */
export function isTransferDay(schedule: TransferSchedule, last: string | null, today: string): boolean {
  if (schedule === 'off') return false;
  if (last === null) return true;
  if (schedule === 'daily') return last < today;
  if (schedule === 'weekly') return addDays(last, 7) <= today;
  return last.slice(0, 7) < today.slice(0, 7);
}

/**
 * The transfer schedule job: each company whose schedule falls due today moves what is due to
 * the agency, posted by no one, and remembers the day so a restart does not run it twice.
 */
export async function runScheduledTransfers(
  db: Db,
  today = todayIso(),
  /** Only these companies (tests share one database with other test files). */
  only?: string[],
): Promise<number> {
  const companies = await systemTransact(db, (tx) => repo.scheduledCompanies(tx));
  let made = 0;
  for (const company of companies) {
    if (only && !only.includes(company.companyId)) continue;
    if (!isTransferDay(company.schedule, company.last, today)) continue;
    made += await transact({ db, companyId: company.companyId }, async (tx) => {
      const scope: Actor = { companyId: company.companyId, userId: null, requestId: null };
      const settings = await loadFinanceSettings(tx, scope);
      const transfers = await transferDue(tx, scope, {
        currencies: settings.currencies,
        date: today,
      });
      await repo.markScheduledTransfer(tx, scope, today);
      return transfers.length;
    });
  }
  return made;
}
