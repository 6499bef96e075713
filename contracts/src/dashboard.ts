import { z } from 'zod';
import { call, envelope, Role } from './common.ts';
import { Currency } from './money.ts';
import { MaintenanceStatus } from './maintenance.ts';
import { PropertyType } from './properties.ts';

/**
 * Every role's home (issue 8). Each figure is computed by the reports feature's queries, so the
 * matching report (named beside each figure) gives the same number. Money is minor units in
 * `currency` (the company's default unless asked for); rates are basis points.
 */
const Money = z.number().int();
const Count = z.number().int().min(0);

export const PropertyCounts = z.object({
  total: Count,
  occupied: Count,
  available: Count,
  underMaintenance: Count,
  inactive: Count,
  /** occupied / (total − inactive), basis points; null with no lettable property. Report: occupancy. */
  occupancyRateBp: z.number().int().nullable(),
});
export type PropertyCounts = z.infer<typeof PropertyCounts>;

/** Report: arrears (totals row). */
export const AgingTotals = z.object({
  current: Money,
  days1to30: Money,
  days31to60: Money,
  days61to90: Money,
  days90plus: Money,
  total: Money,
});
export type AgingTotals = z.infer<typeof AgingTotals>;

/**
 * One month of the income report: money received, split by what it is, and what the agency took
 * from it. All net of reversals. `collected` is income only: rent + otherIncome (issue 16:
 * deposits and owner top-ups are money held, nobody's income).
 */
export const MonthlyIncome = z.object({
  month: z.string(),
  /** rent + otherIncome: no deposits, no owner top-ups. */
  collected: Money,
  /** Rent payments received. */
  rent: Money,
  /** Tenants' deposits received (held in trust, not income). */
  deposits: Money,
  /** 'Other' payments that are no invoice's receipt: an owner's money paid into their account. */
  ownerTopUps: Money,
  /**
   * Agency invoices' fees (fee income: the subtotal, not VAT) on the day each was marked paid,
   * however paid, plus receipts of invoices issued on an owner's behalf (the receipt's amount).
   */
  otherIncome: Money,
  /** Total commission (agent and agency shares), net of reversals. */
  commission: Money,
  vat: Money,
  levies: Money,
  expenses: Money,
});
export type MonthlyIncome = z.infer<typeof MonthlyIncome>;

export const MonthlyAmount = z.object({ month: z.string(), amount: Money });
export type MonthlyAmount = z.infer<typeof MonthlyAmount>;

const base = { currency: Currency, asOf: z.string() };

export const AccountantDashboard = z.object({
  role: z.literal('accountant'),
  ...base,
  /** Report: income (this month's and last month's `collected`). */
  collectedThisMonth: Money,
  collectedLastMonth: Money,
  arrears: AgingTotals,
  /** Report: commissions (this month's total commission). */
  commissionThisMonth: Money,
  /** Report: trust-reconciliation (held for owners: the property accounts). */
  heldForOwners: Money,
  leviesDue: z.object({ count: Count, amount: Money }),
  overdueInvoices: z.object({ count: Count, amount: Money }),
  /** Report: income, the twelve months up to this one. */
  incomeByMonth: z.array(MonthlyIncome),
});

export const AdminDashboard = z.object({
  role: z.literal('admin'),
  ...base,
  properties: PropertyCounts,
  usersByRole: z.array(z.object({ role: Role, count: Count })),
  openMaintenance: z.object({
    total: Count,
    byStatus: z.array(z.object({ status: MaintenanceStatus, count: Count })),
  }),
  /** Report: income (this month's `collected`); count of payments received this month. */
  paymentsThisMonth: z.object({ count: Count, amount: Money }),
  /** Audit entries per day, the last 30 days (oldest first, every day present). */
  auditActivity: z.array(z.object({ day: z.string(), count: Count })),
  incomeByMonth: z.array(MonthlyIncome),
});

export const AgentDashboard = z.object({
  role: z.literal('agent'),
  ...base,
  /** The properties the agent manages. */
  properties: PropertyCounts,
  leasesEndingSoon: Count,
  /** Report: arrears filtered to the agent. */
  arrears: AgingTotals,
  /** Report: commissions filtered to the agent (agent share). */
  commissionThisMonth: Money,
  commissionByMonth: z.array(MonthlyAmount),
  tasks: z.object({ open: Count, dueToday: Count, overdue: Count }),
  openMaintenance: Count,
});

export const OwnerDashboard = z.object({
  role: z.literal('owner'),
  ...base,
  properties: PropertyCounts,
  /** Report: owner-statements (money in to the owner's property accounts). */
  receivedThisMonth: Money,
  receivedThisYear: Money,
  /** Last complete month's statement over all the owner's properties; null without an owner record. */
  latestStatement: z
    .object({
      from: z.string(),
      to: z.string(),
      openingBalance: Money,
      moneyIn: Money,
      moneyOut: Money,
      closingBalance: Money,
    })
    .nullable(),
  openMaintenance: Count,
  approvalsWaiting: Count,
  receivedByMonth: z.array(MonthlyAmount),
});

export const GeneralDashboard = z.object({
  role: z.literal('other'),
  ...base,
  properties: PropertyCounts,
  propertiesByType: z.array(z.object({ type: PropertyType, count: Count })),
});

export const Dashboard = z.discriminatedUnion('role', [
  AccountantDashboard,
  AdminDashboard,
  AgentDashboard,
  OwnerDashboard,
  GeneralDashboard,
]);
export type Dashboard = z.infer<typeof Dashboard>;
export type AccountantDashboard = z.infer<typeof AccountantDashboard>;
export type AdminDashboard = z.infer<typeof AdminDashboard>;
export type AgentDashboard = z.infer<typeof AgentDashboard>;
export type OwnerDashboard = z.infer<typeof OwnerDashboard>;
export type GeneralDashboard = z.infer<typeof GeneralDashboard>;

export const DashboardParams = z.object({ role: Role });
export const DashboardQuery = z.object({ currency: Currency.optional() });

const tag = 'dashboard';

export const dashboardApi = {
  get: call('GET', '/dashboard/:role', {
    summary: "A role's home figures; only the caller's own role (another role's is 403)",
    tag,
    params: DashboardParams,
    query: DashboardQuery,
    reply: envelope(Dashboard),
  }),
};
