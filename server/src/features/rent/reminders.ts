import {
  formatCalendarDate,
  formatCalendarMonth,
  formatMoney,
  type ArrearsReminder,
  type ArrearsReminderStep,
} from '@lintel/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { isUuid, systemTransact, transact, type Ctx } from '../../db/scope.ts';
import { renderLetterOfDemandPdf } from '../../lib/documents/index.ts';
import type { FileReply } from '../../lib/http.ts';
import { findCompany, findLetterhead } from '../companies/index.ts';
import { loadFinanceSettings } from '../finance/index.ts';
import { getLease, todayIso } from '../leases/index.ts';
import { optedOutAmong, queueMail } from '../mail/index.ts';
import * as repo from './repo.ts';

type Scope = Pick<Ctx, 'companyId'>;

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBefore = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/**
 * Which of a charge's steps to make today: each step whose day has come and that was not made yet.
 * When several are due at once (the charge fell due long ago, or the policy was just switched on
 * or changed), only the latest is sent and the earlier ones are recorded as passed, so a tenant
 * never gets three letters in one hour. A step earlier than one already made is passed too: a
 * first reminder after a letter of demand would read as a step back.
 */
export function stepsToMake(
  steps: ArrearsReminderStep[],
  dueDate: string,
  remindedDays: number[],
  today: string,
): { send: ArrearsReminderStep | undefined; pass: ArrearsReminderStep[] } {
  const due = steps
    .filter((step) => daysBefore(today, step.day) >= dueDate && !remindedDays.includes(step.day))
    .sort((a, b) => a.day - b.day);
  const latest = due.at(-1);
  if (!latest || remindedDays.some((day) => day > latest.day)) return { send: undefined, pass: due };
  return { send: latest, pass: due.slice(0, -1) };
}

/**
 * Arrears reminders for one company, in one transaction: for every rent charge still owed right
 * now (a tenant who paid in between is not among them), the policy's steps as `stepsToMake`
 * says. Each step is recorded once per charge (who it went to, or null), so a second run adds
 * nothing. Returns how many reminders were emailed or would have been.
 */
async function remindCompany(tx: Tx, scope: Scope, today: string): Promise<number> {
  const settings = await loadFinanceSettings(tx, scope);
  const steps = settings.arrearsReminderSteps;
  if (steps.length === 0) return 0;
  const firstDay = Math.min(...steps.map((step) => step.day));
  const charges = await repo.chargesInArrears(tx, scope, daysBefore(today, firstDay));
  const senderName = (await findCompany(tx, scope.companyId))?.name ?? 'Lintel';
  let made = 0;
  for (const charge of charges) {
    const { send, pass } = stepsToMake(steps, charge.dueDate, charge.remindedDays, today);
    const record = (step: ArrearsReminderStep, recipient: string | null) =>
      repo.insertReminder(tx, {
        companyId: scope.companyId,
        chargeId: charge.id,
        leaseId: charge.leaseId,
        stepDay: step.day,
        letter: step.letter,
        arrearsCents: charge.outstanding,
        currency: charge.currency,
        recipient,
      });
    for (const step of pass) await record(step, null);
    if (!send) continue;
    const id = await record(send, charge.tenantEmail);
    if (!id) continue;
    made += 1;
    if (!charge.tenantEmail) continue;
    const outcome = await queueMail(tx, {
      companyId: scope.companyId,
      kind: 'arrears-reminder',
      to: charge.tenantEmail,
      senderName,
      data: {
        tenantName: charge.tenantName,
        letter: send.letter,
        amount: formatMoney(charge.outstanding, charge.currency),
        period: formatCalendarMonth(charge.period),
        propertyName: charge.propertyName,
        dueDate: formatCalendarDate(charge.dueDate),
      },
      dedupeKey: `arrears-reminder:${charge.id}:${send.day}`,
      attachments: send.letter === 'letter-of-demand' ? [{ source: 'letter-of-demand', id }] : [],
    });
    // Still recorded, with no recipient, so the agent sees the tenant was not told and why.
    if (outcome === 'opted-out') await repo.clearReminderRecipient(tx, scope, id);
  }
  return made;
}

/** The books calendar's arrears reminders, every company in its own transaction. */
export async function sendArrearsReminders(db: Db, today = todayIso()): Promise<number> {
  const companyIds = await systemTransact(db, (tx) => repo.companiesWithChargeableLeases(tx));
  let made = 0;
  for (const companyId of companyIds) {
    made += await transact({ db, companyId }, (tx) => remindCompany(tx, { companyId }, today));
  }
  return made;
}

/** Who was reminded when: a lease's reminders, for whoever may read the lease. */
export async function listLeaseReminders(ctx: Ctx, leaseId: string): Promise<ArrearsReminder[]> {
  const lease = await getLease(ctx, leaseId);
  return transact(ctx, async (tx) => {
    const rows = await repo.leaseReminders(tx, ctx, lease._id);
    const tenantEmails = [...new Set(rows.flatMap((row) => (row.tenantEmail ? [row.tenantEmail] : [])))];
    const optedOut = await optedOutAmong(tx, ctx, tenantEmails, 'reminders');
    return rows.map((row) => ({
      _id: row.id,
      chargeId: row.chargeId,
      period: row.period,
      dueDate: row.dueDate,
      stepDay: row.stepDay,
      letter: row.letter,
      arrears: row.arrearsCents,
      currency: row.currency,
      recipient: row.recipient,
      delivery: deliveryOf(row, optedOut),
      createdAt: row.createdAt.toISOString(),
    }));
  });
}

/**
 * Why a reminder was or was not emailed, from the log alone (docs/decisions/0009): one with no
 * recipient was passed over for a later step made in the same run, or its tenant opted out, or
 * has no email on file.
 */
function deliveryOf(row: repo.ReminderRow, optedOut: Set<string>): ArrearsReminder['delivery'] {
  if (row.recipient) return 'emailed';
  if (row.passed) return 'passed';
  if (row.tenantEmail && optedOut.has(row.tenantEmail.toLowerCase())) return 'opted-out';
  return 'no-email';
}

/** A letter of demand as the reminder that made it says, for the email that attaches it. */
export async function letterOfDemandForMail(
  scope: Pick<Ctx, 'db' | 'companyId'>,
  id: string,
): Promise<FileReply> {
  const { reminder, company } = await transact(scope, async (tx) => ({
    reminder: isUuid(id) ? await repo.findReminder(tx, scope, id) : undefined,
    company: await findLetterhead(tx, scope.companyId),
  }));
  if (!reminder) throw new Error(`Arrears reminder ${id} not found`);
  const body = await renderLetterOfDemandPdf({
    company,
    tenantName: reminder.tenantName,
    propertyName: reminder.propertyName,
    propertyAddress: reminder.propertyAddress,
    period: reminder.period,
    dueDate: reminder.dueDate,
    arrears: reminder.arrearsCents,
    currency: reminder.currency,
    date: reminder.createdAt.toISOString().slice(0, 10),
  });
  return {
    body,
    contentType: 'application/pdf',
    filename: `letter-of-demand-${reminder.period}.pdf`,
  };
}
