import {
  type FinanceSettings,
  formatCalendarMonth,
  formatMoney,
  STATEMENT_MONTH_NOT_ENDED,
  type OwnerStatementFigures,
  type OwnerStatementRun,
  type OwnerStatementRunLine,
  type OwnerStatementSendResult,
} from '@lintel/contracts';
import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../../db/client.ts';
import { isUuid, systemTransact, transact, type Ctx } from '../../db/scope.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { toIso } from '../../lib/http.ts';
import { assertRole } from '../../lib/roles.ts';
import { ownerStatementOf } from '../accounts/index.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import { findCompany } from '../companies/index.ts';
import { loadFinanceSettings } from '../finance/index.ts';
import { todayIso } from '../leases/index.ts';
import { mailOfCause, optedOutAmong, queueMail, type QueueOutcome } from '../mail/index.ts';
import { addMonths, monthEnd } from '../reports/index.ts';
import * as repo from './repo.ts';

type Scope = Pick<Ctx, 'companyId'>;

const READERS = ['admin', 'accountant'] as const;
const SENDERS = ['accountant'] as const;

const OWNER_NOT_FOUND = () => notFound('Owner not found');

/** "2026-11-27" → "2026-10": the month a run on that day covers. */
export const monthBefore = (isoDate: string) => addMonths(isoDate, -1).slice(0, 7);

const periodOf = (month: string) => ({ from: `${month}-01`, to: monthEnd(`${month}-01`) });

/** The mail of one owner's statement for a month: the run's, then any sent again. */
const causeOf = (month: string, ownerId: string) => `owner-statement:${month}:${ownerId}`;

function assertMonthEnded(month: string) {
  if (month >= todayIso().slice(0, 7))
    throw unprocessable('STATEMENT_MONTH_NOT_ENDED', STATEMENT_MONTH_NOT_ENDED);
}

/**
 * The owner's statement for the month in each currency with a balance or a line in it; an owner
 * with nothing in any gets the default currency's (all zero), so every owner hears each month.
 */
async function figuresOf(
  tx: Tx,
  scope: Scope,
  settings: Pick<FinanceSettings, 'currencies' | 'defaultCurrency'>,
  owner: repo.RunOwner,
  month: string,
) {
  const figures: OwnerStatementFigures[] = [];
  for (const currency of settings.currencies) {
    // One line is enough: the totals cover the whole period whatever page is asked for.
    const { statement, total } = await ownerStatementOf(
      tx,
      scope,
      owner,
      { ...periodOf(month), currency },
      { page: 1, pageSize: 1 },
    );
    if (total > 0 || statement.openingBalance !== 0 || currency === settings.defaultCurrency) {
      figures.push({
        currency,
        openingBalance: statement.openingBalance,
        moneyIn: statement.moneyIn,
        moneyOut: statement.moneyOut,
        closingBalance: statement.closingBalance,
      });
    }
  }
  // The default currency's zeros only stand in when no other currency has anything.
  const moved = figures.filter(
    (f) =>
      f.currency !== settings.defaultCurrency ||
      f.openingBalance !== 0 ||
      f.moneyIn !== 0 ||
      f.moneyOut !== 0,
  );
  return moved.length > 0 ? moved : figures.filter((f) => f.currency === settings.defaultCurrency);
}

async function runLines(
  tx: Tx,
  scope: Scope,
  month: string,
  ownerId?: string,
): Promise<OwnerStatementRunLine[]> {
  const owners = await repo.ownersWithProperties(tx, scope, ownerId);
  const settings = await loadFinanceSettings(tx, scope);
  const emails = owners.flatMap((owner) => (owner.email ? [owner.email] : []));
  const optedOut = await optedOutAmong(tx, scope, emails, 'statements');
  const latestMail = new Map<string, OwnerStatementRunLine['mail']>();
  for (const mail of await mailOfCause(tx, scope, `owner-statement:${month}:`)) {
    const owner = mail.dedupeKey.split(':')[2]!;
    if (latestMail.has(owner)) continue;
    latestMail.set(owner, {
      _id: mail.id,
      state: mail.state,
      createdAt: mail.createdAt.toISOString(),
      sentAt: toIso(mail.sentAt),
    });
  }
  const lines: OwnerStatementRunLine[] = [];
  for (const owner of owners) {
    lines.push({
      ownerId: owner.id,
      name: owner.name,
      email: owner.email,
      hold: !owner.email ? 'no-email' : optedOut.has(owner.email.toLowerCase()) ? 'opted-out' : null,
      statements: await figuresOf(tx, scope, settings, owner, month),
      mail: latestMail.get(owner.id) ?? null,
    });
  }
  return lines;
}

/** The month's run as it stands: every owner with properties, their figures, and their email's state. */
export const previewRun = (ctx: Ctx, month = monthBefore(todayIso())): Promise<OwnerStatementRun> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, READERS);
    const settings = await loadFinanceSettings(tx, ctx);
    return {
      month,
      statementDay: settings.statementDay,
      sent: (await repo.findRun(tx, ctx, month)) !== undefined,
      owners: await runLines(tx, ctx, month),
    };
  });

/** Queues one owner's statement email: the PDF of each currency attached, made when it is sent. */
async function queueStatement(
  tx: Tx,
  scope: Scope,
  line: OwnerStatementRunLine & { email: string },
  month: string,
  dedupeKey: string,
): Promise<QueueOutcome> {
  const company = await findCompany(tx, scope.companyId);
  return queueMail(tx, {
    companyId: scope.companyId,
    kind: 'owner-statement',
    to: line.email,
    senderName: company?.name ?? 'Lintel',
    data: {
      ownerName: line.name,
      month: formatCalendarMonth(month),
      statements: line.statements.map((figures) => ({
        currency: figures.currency,
        opening: formatMoney(figures.openingBalance, figures.currency),
        moneyIn: formatMoney(figures.moneyIn, figures.currency),
        moneyOut: formatMoney(figures.moneyOut, figures.currency),
        closing: formatMoney(figures.closingBalance, figures.currency),
      })),
    },
    dedupeKey,
    attachments: line.statements.map((figures) => ({
      source: 'owner-statement' as const,
      id: `${line.ownerId}:${month}:${figures.currency}`,
    })),
  });
}

/**
 * Emails every owner their statement for the month, in one transaction. Idempotent per owner and
 * month: an owner whose statement was queued before (by the calendar or an earlier click) is
 * counted, not emailed again.
 */
async function sendRunIn(tx: Tx, scope: Scope, month: string, sentBy: string | null) {
  const result: OwnerStatementSendResult = { queued: 0, alreadySent: 0, noEmail: 0, optedOut: 0 };
  for (const line of await runLines(tx, scope, month)) {
    if (!line.email) {
      result.noEmail += 1;
      continue;
    }
    const outcome = await queueStatement(
      tx,
      scope,
      { ...line, email: line.email },
      month,
      causeOf(month, line.ownerId),
    );
    if (outcome === 'queued') result.queued += 1;
    else if (outcome === 'already-queued') result.alreadySent += 1;
    else result.optedOut += 1;
  }
  await repo.recordRun(tx, scope, month, sentBy);
  return result;
}

export const sendRun = (ctx: Ctx, month: string) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, SENDERS);
    assertMonthEnded(month);
    const result = await sendRunIn(tx, ctx, month, ctx.userId);
    await recordAudit(tx, auditActor(ctx), {
      action: 'owner-statements.sent',
      entity: 'owner-statements',
      entityId: null,
      after: { month, ...result },
    });
    return result;
  });

/** One owner's statement for the month again, made afresh: after a correction, or a lost email. */
export const sendOwnerAgain = (ctx: Ctx, ownerId: string, month: string) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, SENDERS);
    assertMonthEnded(month);
    if (!isUuid(ownerId)) throw OWNER_NOT_FOUND();
    const [line] = await runLines(tx, ctx, month, ownerId);
    if (!line) throw OWNER_NOT_FOUND();
    if (!line.email) {
      throw unprocessable(
        'OWNER_HAS_NO_EMAIL',
        `${line.name} has no email on file. Add one to their owner record first.`,
      );
    }
    const outcome = await queueStatement(
      tx,
      ctx,
      { ...line, email: line.email },
      month,
      `${causeOf(month, ownerId)}:${randomUUID()}`,
    );
    if (outcome === 'opted-out') {
      throw unprocessable('OWNER_OPTED_OUT', `${line.name} asked not to get statements by email.`);
    }
    await recordAudit(tx, auditActor(ctx), {
      action: 'owner-statements.sent-again',
      entity: 'owner',
      entityId: ownerId,
      after: { month },
    });
    const [after] = await runLines(tx, ctx, month, ownerId);
    return after!;
  });

/**
 * The calendar's part: on each company's statement day, last month's statements go to every owner
 * (once: the run is recorded, and each owner's email is queued once per month).
 */
export async function sendDueOwnerStatements(
  db: Db,
  today = todayIso(),
  /** Only these companies: tests share one PostgreSQL database with other test files. */
  only?: string[],
): Promise<number> {
  const month = monthBefore(today);
  const due = await systemTransact(db, (tx) =>
    repo.companiesDue(tx, month, Number(today.slice(8, 10)), `${today.slice(0, 7)}-01`),
  );
  let queued = 0;
  for (const { company_id: companyId } of due) {
    if (only && !only.includes(companyId)) continue;
    queued += await transact(
      { db, companyId },
      async (tx) => (await sendRunIn(tx, { companyId }, month, null)).queued,
    );
  }
  return queued;
}
