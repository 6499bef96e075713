import type { z } from 'zod';
import {
  formatMoney,
  NOTHING_DUE,
  type DueToAgency,
  type FeeTransfer,
  type FeeTransferInput,
  type FeeTransferQuery,
} from '@lintel/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { nextNumbers } from '../../db/sequences.ts';
import { systemTransact, transact, type Ctx } from '../../db/scope.ts';
import { unprocessable } from '../../lib/errors.ts';
import { assertRole } from '../../lib/roles.ts';
import { recordAudit } from '../audit/index.ts';
import { assertCurrencyEnabled, loadFinanceSettings } from '../finance/index.ts';
import { todayIso } from '../leases/index.ts';
import { accountBalances, ledgerAccount, lockAccount, postJournal } from '../ledger/index.ts';
import * as repo from './repo.ts';

type Scope = Pick<Ctx, 'companyId'>;
/** Who moves the money: a user, or the company's schedule (nobody). */
type Actor = Scope & { userId: string | null; requestId: string | null };

const ACCOUNTANT = ['accountant'] as const;
const BOOKKEEPERS = ['admin', 'accountant'] as const;
const DAY_MS = 86_400_000;

export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * How many credits one read of the due account takes, newest first: about a month's receipts of a
 * 500-property agency, so one read usually finds the day.
 */
const CREDIT_PAGE = 500;

/**
 * What is due to the agency per currency as of `asOf`, and since when: what has left the account
 * (transfers, reversals) pays off what came into it oldest first; the oldest day not wholly paid
 * off is how long the agency's money has waited in trust. So what is still due is the newest
 * credits, and the day is found by reading back from the newest until they add up to it, never
 * the account's whole history; the amount is the account's carried balance.
 */
export async function dueByCurrency(tx: Tx, scope: Scope, asOf: string) {
  const balances = await accountBalances(tx, scope, { accounts: [ledgerAccount.dueToAgency], upTo: asOf });
  const due = [];
  for (const { currency, balance } of balances.sort((a, b) => a.currency.localeCompare(b.currency))) {
    // The account is a liability: what is due is its credit balance.
    const amount = -balance;
    due.push({
      currency,
      amount,
      since: amount > 0 ? await oldestUnpaidDay(tx, scope, currency, asOf, amount) : null,
    });
  }
  return due;
}

/** The day of the oldest credit that the newest credits adding up to `amount` reach back to. */
export async function oldestUnpaidDay(
  tx: Tx,
  scope: Scope,
  currency: string,
  asOf: string,
  amount: number,
  creditPage = CREDIT_PAGE,
) {
  let unpaid = amount;
  let before: repo.DueCredit | undefined;
  for (;;) {
    const credits = await repo.creditsNewestFirst(tx, scope, {
      currency,
      upTo: asOf,
      before,
      limit: creditPage,
    });
    for (const credit of credits) {
      unpaid -= credit.amount;
      if (unpaid <= 0) return credit.day;
    }
    // Only debits lower the balance, so the credits always cover it; the books would be wrong otherwise.
    if (credits.length < creditPage) return credits.at(-1)?.day ?? null;
    before = credits.at(-1);
  }
}

export const getDueToAgency = (ctx: Ctx, today = todayIso()): Promise<DueToAgency[]> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, BOOKKEEPERS);
    const settings = await loadFinanceSettings(tx, ctx);
    const due = await dueByCurrency(tx, ctx, today);
    const currencies = [...new Set([...settings.currencies, ...due.map((row) => row.currency)])];
    return currencies.map((currency) => {
      const row = due.find((candidate) => candidate.currency === currency);
      const ageDays = row?.since ? daysBetween(row.since, today) : null;
      return {
        currency,
        amount: row?.amount ?? 0,
        since: row?.since ?? null,
        ageDays,
        limitDays: settings.transferLimitDays,
        overdue: ageDays !== null && ageDays > settings.transferLimitDays,
      };
    });
  });

/**
 * Moves what is due to the agency as of `date` out of trust, one event per currency: trust
 * `due-to-agency` +D, `bank` −D; business `bank` +D, `due-from-trust` −D. A negative D (the
 * business owes trust) posts the same lines, so the money goes back. Each currency's account is
 * locked first, so two transfers cannot move the same money.
 */
async function transferDue(
  tx: Tx,
  actor: Actor,
  input: { currency?: string | undefined; reference?: string | undefined; date: string },
): Promise<FeeTransfer[]> {
  const currencies = input.currency
    ? [input.currency]
    : (await accountBalances(tx, actor, { accounts: [ledgerAccount.dueToAgency], upTo: input.date }))
        .map((row) => row.currency)
        .sort();
  for (const currency of currencies) await lockAccount(tx, actor, ledgerAccount.dueToAgency, currency);
  const due = (await dueByCurrency(tx, actor, input.date)).filter(
    (row) => currencies.includes(row.currency) && row.amount !== 0,
  );
  if (due.length === 0) throw unprocessable('NOTHING_DUE', NOTHING_DUE);
  const first = input.reference ? 0 : await nextNumbers(tx, actor, 'fee_transfer', due.length);
  const postedByName = actor.userId ? await repo.userName(tx, actor, actor.userId) : null;
  const transfers: FeeTransfer[] = [];
  for (const [index, { currency, amount }] of due.entries()) {
    const reference = input.reference ?? `FT-${String(first + index).padStart(6, '0')}`;
    const direction = amount > 0 ? ('to_business' as const) : ('to_trust' as const);
    const journalId = await postJournal(tx, actor, {
      kind: repo.FEE_TRANSFER,
      description:
        direction === 'to_business'
          ? `${reference} fees of ${formatMoney(amount, currency)} from trust to the business account`
          : `${reference} ${formatMoney(-amount, currency)} repaid by the business account to trust`,
      reference,
      entryDate: input.date,
      postedBy: actor.userId,
      lines: [
        { account: ledgerAccount.dueToAgency, currency, amountCents: amount },
        { account: ledgerAccount.trustBank, currency, amountCents: -amount },
        { account: ledgerAccount.businessBank, currency, amountCents: amount },
        { account: ledgerAccount.dueFromTrust, currency, amountCents: -amount },
      ],
    });
    const transfer: FeeTransfer = {
      journalId,
      currency,
      amount: Math.abs(amount),
      direction,
      reference,
      date: input.date,
      postedBy: actor.userId,
      postedByName,
      createdAt: new Date().toISOString(),
    };
    await recordAudit(
      tx,
      { companyId: actor.companyId, userId: actor.userId, requestId: actor.requestId },
      {
        action: 'fee_transfer.created',
        entity: 'journal',
        entityId: journalId,
        after: transfer,
      },
    );
    transfers.push(transfer);
  }
  return transfers;
}

export const createTransfers = (ctx: Ctx, input: z.output<typeof FeeTransferInput>, today = todayIso()) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ACCOUNTANT);
    const date = input.date ?? today;
    if (date > today) throw unprocessable('FUTURE_DATE', 'A transfer cannot be dated later than today.');
    if (input.currency) assertCurrencyEnabled(await loadFinanceSettings(tx, ctx), input.currency);
    return transferDue(tx, ctx, { currency: input.currency, reference: input.reference, date });
  });

/**
 * Everything due on `date` moved out of trust, and nothing (no error) when nothing is due: the
 * demo's monthly transfer.
 */
export const transferAllDue = (ctx: Ctx, date: string) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ACCOUNTANT);
    const due = (await dueByCurrency(tx, ctx, date)).filter((row) => row.amount !== 0);
    return due.length === 0 ? [] : transferDue(tx, ctx, { date });
  });

export const listTransfers = (ctx: Ctx, query: z.output<typeof FeeTransferQuery>) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, BOOKKEEPERS);
    const page = await repo.listTransfers(tx, ctx, query);
    return {
      ...page,
      items: page.items.map((row): FeeTransfer => {
        const amount = Number(row.amount_cents);
        return {
          journalId: row.journal_id,
          currency: row.currency,
          amount: Math.abs(amount),
          direction: amount > 0 ? 'to_business' : 'to_trust',
          reference: row.reference,
          date: row.entry_date,
          postedBy: row.posted_by,
          postedByName: row.posted_by ? row.posted_by_name : null,
          createdAt: new Date(row.created_at).toISOString(),
        };
      }),
    };
  });

/**
 * Whether a schedule's transfer is due today, given the day it last ran. A schedule never run
 * before starts counting today: daily runs at once; weekly and monthly wait for their first
 * week or month (so turning the schedule on, or a fresh start, does not sweep at once).
 */
export function scheduleDue(schedule: string, last: string | null, today: string): boolean {
  if (last !== null && last >= today) return false;
  if (schedule === 'daily') return true;
  if (last === null) return false;
  if (schedule === 'weekly') return addDays(last, 7) <= today;
  if (schedule === 'monthly') return today.slice(0, 7) > last.slice(0, 7);
  return false;
}

/**
 * The recurring job: each company whose schedule is due today transfers everything due to the
 * agency (posted by nobody), and the day is recorded under the settings row's lock so a restart
 * or a second server does not run it twice. Returns how many transfers were made.
 */
export async function runScheduledTransfers(
  db: Db,
  today = todayIso(),
  /** Only these companies: tests share one PostgreSQL database with other test files. */
  only?: string[],
): Promise<number> {
  const companies = await systemTransact(db, (tx) => repo.scheduledCompanies(tx));
  let made = 0;
  for (const company of companies) {
    if (only && !only.includes(company.company_id)) continue;
    const scope = { db, companyId: company.company_id };
    made += await transact(scope, async (tx) => {
      const last = await repo.lastScheduledTransfer(tx, scope);
      if (last === undefined) return 0;
      if (last === null && company.transfer_schedule !== 'daily') {
        await repo.recordScheduledTransfer(tx, scope, today);
        return 0;
      }
      if (!scheduleDue(company.transfer_schedule, last, today)) return 0;
      await repo.recordScheduledTransfer(tx, scope, today);
      const actor = { companyId: company.company_id, userId: null, requestId: null };
      const due = (await dueByCurrency(tx, scope, today)).filter((row) => row.amount !== 0);
      if (due.length === 0) return 0;
      return (await transferDue(tx, actor, { date: today })).length;
    });
  }
  return made;
}
