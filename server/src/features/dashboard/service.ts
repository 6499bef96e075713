import {
  addDays,
  type AccountantDashboard,
  type AdminDashboard,
  type AgentDashboard,
  type Dashboard,
  type GeneralDashboard,
  type MonthlyAmount,
  type OwnerDashboard,
  type PropertyCounts,
  type Role,
} from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { transact, type Ctx } from '../../db/scope.ts';
import { forbidden } from '../../lib/errors.ts';
import { scopeFor, type Entity } from '../../lib/visibility.ts';
import { countEntriesPerDay } from '../audit/index.ts';
import { overdueInvoiceTotals } from '../invoices/index.ts';
import { countLeasesEnding, todayIso } from '../leases/index.ts';
import { leviesDue } from '../levies/index.ts';
import { countApprovalsWaiting, countOpenRequests } from '../maintenance/index.ts';
import { findOwnerOfUser } from '../owners/index.ts';
import {
  addMonths,
  arrearsAging,
  commissions,
  countPayments,
  incomeByMonth,
  monthEnd,
  monthStart,
  occupancy,
  ownerStatements,
  reportCurrency,
  trustReconciliation,
  twelveMonthsTo,
  type ReportFilter,
} from '../reports/index.ts';
import { countOpenTasks } from '../tasks/index.ts';
import { countActiveUsersByRole } from '../users/index.ts';

/** What the dashboards share: the currency, today, and the twelve months up to today. */
interface Frame {
  currency: string;
  today: string;
  /** The income report's default period: the first of the month eleven months back to today. */
  year: { from: string; to: string };
  /** This month so far. */
  month: { from: string; to: string };
  /** The months of `year`, oldest first, as YYYY-MM. */
  months: string[];
}

/** The commissions report applies the policy's commission rule itself: no narrowing besides. */
const NOBODY: ReportFilter = {};
const ENDING_SOON_DAYS = 30;
const AUDIT_DAYS = 30;

const monthly = (frame: Frame, amounts: Map<string, number>): MonthlyAmount[] =>
  frame.months.map((month) => ({ month, amount: amounts.get(month) ?? 0 }));

const total = (counts: { count: number }[]) => counts.reduce((sum, { count }) => sum + count, 0);

/** A report narrowed to the rows of `entity` the caller's role sees (lib/visibility.ts). */
const seen = (ctx: Ctx, entity: Entity): ReportFilter => ({ rows: scopeFor(ctx, entity) });

async function accountant(tx: Tx, ctx: Ctx, frame: Frame): Promise<AccountantDashboard> {
  const { currency, today } = frame;
  const income = await incomeByMonth(tx, ctx, { ...frame.year, currency, filter: seen(ctx, 'payment') });
  const commission = await commissions(tx, ctx, { ...frame.month, currency, filter: NOBODY });
  const aging = await arrearsAging(tx, ctx, {
    asOf: today,
    currency,
    groupBy: 'tenant',
    filter: seen(ctx, 'rentArrears'),
  });
  return {
    role: 'accountant',
    currency,
    asOf: today,
    collectedThisMonth: income.at(-1)!.collected,
    collectedLastMonth: income.at(-2)!.collected,
    arrears: aging.totals,
    commissionThisMonth: commission.totals.commission,
    heldForOwners: (await trustReconciliation(tx, ctx, { asOf: today, currency })).owners,
    leviesDue: await leviesDue(tx, ctx, { today, currency, rows: scopeFor(ctx, 'levy') }),
    overdueInvoices: await overdueInvoiceTotals(tx, ctx, { today, currency, rows: scopeFor(ctx, 'invoice') }),
    incomeByMonth: income,
  };
}

async function admin(tx: Tx, ctx: Ctx, frame: Frame): Promise<AdminDashboard> {
  const { currency, today } = frame;
  const income = await incomeByMonth(tx, ctx, { ...frame.year, currency, filter: seen(ctx, 'payment') });
  const byStatus = await countOpenRequests(tx, ctx, scopeFor(ctx, 'maintenanceRequest'));
  const first = addDays(today, 1 - AUDIT_DAYS);
  const perDay = new Map(
    (await countEntriesPerDay(tx, ctx, { from: first, to: today })).map((row) => [row.day, row.count]),
  );
  return {
    role: 'admin',
    currency,
    asOf: today,
    properties: (await occupancy(tx, ctx, { currency, filter: seen(ctx, 'property') })).totals,
    usersByRole: await countActiveUsersByRole(tx, ctx),
    openMaintenance: { total: total(byStatus), byStatus },
    paymentsThisMonth: {
      count: await countPayments(tx, ctx, { ...frame.month, currency, filter: seen(ctx, 'payment') }),
      amount: income.at(-1)!.collected,
    },
    auditActivity: Array.from({ length: AUDIT_DAYS }, (_, index) => {
      const day = addDays(first, index);
      return { day, count: perDay.get(day) ?? 0 };
    }),
    incomeByMonth: income,
  };
}

/**
 * An agent's properties and tasks are theirs by definition (the properties they manage, the tasks
 * assigned to them), not by what the policy lets them read; every other figure is the policy's.
 */
async function agent(tx: Tx, ctx: Ctx, frame: Frame): Promise<AgentDashboard> {
  const { currency, today } = frame;
  const earned = await commissions(tx, ctx, { ...frame.year, currency, filter: NOBODY });
  const byMonth = new Map(earned.byMonth.map((month) => [month.month, month.agentShare]));
  return {
    role: 'agent',
    currency,
    asOf: today,
    properties: (await occupancy(tx, ctx, { currency, filter: { agentId: ctx.userId } })).totals,
    leasesEndingSoon: await countLeasesEnding(tx, ctx, {
      rows: scopeFor(ctx, 'endingLease'),
      from: today,
      to: addDays(today, ENDING_SOON_DAYS),
    }),
    arrears: (
      await arrearsAging(tx, ctx, {
        asOf: today,
        currency,
        groupBy: 'tenant',
        filter: seen(ctx, 'rentArrears'),
      })
    ).totals,
    commissionThisMonth: byMonth.get(frame.months.at(-1)!) ?? 0,
    commissionByMonth: monthly(frame, byMonth),
    tasks: await countOpenTasks(tx, ctx, { assigneeId: ctx.userId, today }),
    // What the maintenance list gives the agent: their properties' requests and the work assigned to them.
    openMaintenance: total(await countOpenRequests(tx, ctx, scopeFor(ctx, 'maintenanceRequest'))),
  };
}

const NO_PROPERTIES: PropertyCounts = {
  total: 0,
  occupied: 0,
  available: 0,
  underMaintenance: 0,
  inactive: 0,
  occupancyRateBp: null,
};

/**
 * An owner's figures come from the owner-statements report of the owner record bound to them (the
 * rows the policy gives the owner):
 * money in per month over the twelve months (so this month's and this year's are sums of it),
 * and last complete month's statement.
 */
async function owner(tx: Tx, ctx: Ctx, frame: Frame): Promise<OwnerDashboard> {
  const { currency, today } = frame;
  const record = await findOwnerOfUser(tx, ctx, ctx.userId);
  const base = { role: 'owner' as const, currency, asOf: today };
  if (!record) {
    return {
      ...base,
      properties: NO_PROPERTIES,
      receivedThisMonth: 0,
      receivedThisYear: 0,
      latestStatement: null,
      openMaintenance: 0,
      approvalsWaiting: 0,
      receivedByMonth: monthly(frame, new Map()),
    };
  }
  const theirs = seen(ctx, 'ownerStatement');
  const received = new Map<string, number>();
  for (const statement of await ownerStatements(tx, ctx, { ...frame.year, currency, filter: theirs })) {
    for (const line of statement.lines) {
      const month = line.date.slice(0, 7);
      if (line.amount > 0) received.set(month, (received.get(month) ?? 0) + line.amount);
    }
  }
  const receivedByMonth = monthly(frame, received);
  const last = { from: addMonths(today, -1), to: monthEnd(addMonths(today, -1)) };
  const [latest] = await ownerStatements(tx, ctx, { ...last, currency, filter: theirs });
  return {
    ...base,
    properties: (await occupancy(tx, ctx, { currency, filter: seen(ctx, 'property') })).totals,
    receivedThisMonth: receivedByMonth.at(-1)!.amount,
    receivedThisYear: receivedByMonth
      .filter(({ month }) => month >= `${today.slice(0, 4)}-01`)
      .reduce((sum, { amount }) => sum + amount, 0),
    latestStatement: {
      ...last,
      openingBalance: latest?.openingBalance ?? 0,
      moneyIn: latest?.moneyIn ?? 0,
      moneyOut: latest?.moneyOut ?? 0,
      closingBalance: latest?.closingBalance ?? 0,
    },
    openMaintenance: total(await countOpenRequests(tx, ctx, scopeFor(ctx, 'maintenanceRequest'))),
    approvalsWaiting: await countApprovalsWaiting(tx, ctx, scopeFor(ctx, 'maintenanceRequest')),
    receivedByMonth,
  };
}

async function general(tx: Tx, ctx: Ctx, frame: Frame): Promise<GeneralDashboard> {
  const { byType, totals } = await occupancy(tx, ctx, {
    currency: frame.currency,
    filter: seen(ctx, 'property'),
  });
  return {
    role: 'other',
    currency: frame.currency,
    asOf: frame.today,
    properties: totals,
    propertiesByType: byType.map(({ type, total: count }) => ({ type, count })),
  };
}

const BUILDERS = { accountant, admin, agent, owner, other: general } as const;

/**
 * A role's home figures, each from the report that shows it (named in the contract), so the two
 * never disagree. Only the caller's own role.
 */
export const getDashboard = (
  ctx: Ctx,
  role: Role,
  query: { currency?: string | undefined },
  today = todayIso(),
): Promise<Dashboard> =>
  transact(ctx, async (tx) => {
    if (ctx.role !== role) throw forbidden();
    const year = twelveMonthsTo(today);
    const frame: Frame = {
      currency: await reportCurrency(tx, ctx, query.currency),
      today,
      year,
      month: { from: monthStart(today), to: today },
      months: Array.from({ length: 12 }, (_, index) => addMonths(year.from, index).slice(0, 7)),
    };
    return BUILDERS[role](tx, ctx, frame);
  });
