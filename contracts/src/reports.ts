import { z } from 'zod';
import { call, envelope, Id, Timestamp } from './common.ts';
import { IsoDate } from './leases.ts';
import { Currency } from './money.ts';

/**
 * Reports (issue 8): each one is computed by one query in the server's reports feature, which the
 * dashboards call too, so a dashboard figure and its report never disagree. On the wire every
 * report is the same table shape, so the screen, the CSV and the PDF render any of them.
 */
export const REPORT_KINDS = [
  'income',
  'rent-roll',
  'arrears',
  'commissions',
  'occupancy',
  'trust-reconciliation',
  'owner-statements',
] as const;
export const ReportKind = z.enum(REPORT_KINDS);
export type ReportKind = z.infer<typeof ReportKind>;

export const REPORT_FORMATS = ['json', 'csv', 'pdf'] as const;

/** Arrears can be grouped four ways (issue 8: by tenant, property, owner and agent). */
export const ARREARS_GROUPS = ['tenant', 'property', 'owner', 'agent'] as const;
export const ArrearsGroup = z.enum(ARREARS_GROUPS);
export type ArrearsGroup = z.infer<typeof ArrearsGroup>;

/** Aging buckets by whole days past the due date, as of the report's `to` date. */
export const AGING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'days90plus'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_LABELS: Record<AgingBucket, string> = {
  current: 'Current',
  days1to30: '1–30 days',
  days31to60: '31–60 days',
  days61to90: '61–90 days',
  days90plus: '90+ days',
};

/** Which bucket a charge falls in, `daysLate` = as-of date minus due date (0 = due today). */
export function agingBucketOf(daysLate: number): AgingBucket {
  if (daysLate <= 0) return 'current';
  if (daysLate <= 30) return 'days1to30';
  if (daysLate <= 60) return 'days31to60';
  if (daysLate <= 90) return 'days61to90';
  return 'days90plus';
}

export const REPORT_PERIOD_ORDER = 'The period must end on or after its start';

/**
 * `from`/`to` default to the twelve months up to today (`from` = the first day of the month eleven
 * months back). Point-in-time reports (rent roll, arrears, occupancy, trust reconciliation) are
 * as of `to`. `currency` defaults to the company's default currency.
 */
export const ReportQuery = z
  .object({
    from: IsoDate.optional(),
    to: IsoDate.optional(),
    currency: Currency.optional(),
    format: z.enum(REPORT_FORMATS).default('json'),
    propertyId: Id.optional(),
    ownerId: Id.optional(),
    agentId: Id.optional(),
    /** Arrears only. */
    groupBy: ArrearsGroup.default('tenant'),
  })
  .refine((value) => !value.from || !value.to || value.to >= value.from, {
    message: REPORT_PERIOD_ORDER,
    path: ['to'],
  });
export type ReportQuery = z.infer<typeof ReportQuery>;
export type ReportQueryInput = z.input<typeof ReportQuery>;

export const ReportParams = z.object({ report: ReportKind });

/**
 * money: minor units in the report's currency; percent: basis points (1000 = 10%); date: "2026-11-24";
 * month: "2026-11" (shown as "Nov 2026", kept as is in the CSV so a spreadsheet sorts it).
 */
export const REPORT_VALUE_TYPES = ['text', 'date', 'month', 'money', 'count', 'percent'] as const;
export const ReportValueType = z.enum(REPORT_VALUE_TYPES);
export type ReportValueType = z.infer<typeof ReportValueType>;

export const ReportColumn = z.object({ key: z.string(), label: z.string(), type: ReportValueType });
export type ReportColumn = z.infer<typeof ReportColumn>;

export const ReportCell = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof ReportCell>;
export const ReportRow = z.record(z.string(), ReportCell);
export type ReportRow = z.infer<typeof ReportRow>;

export const ReportFigure = z.object({ label: z.string(), value: z.number().int(), type: ReportValueType });
export type ReportFigure = z.infer<typeof ReportFigure>;

export const ReportChart = z.object({
  type: z.enum(['bar', 'line', 'pie']),
  /** The row key on the x axis (bar, line) or naming each slice (pie). */
  xKey: z.string(),
  series: z.array(z.object({ key: z.string(), label: z.string() })),
  stacked: z.boolean().default(false),
});
export type ReportChart = z.infer<typeof ReportChart>;

export const Report = z.object({
  report: ReportKind,
  title: z.string(),
  description: z.string(),
  from: z.string(),
  to: z.string(),
  currency: Currency,
  generatedAt: Timestamp,
  /** Headline figures shown above the table (and on the PDF's first page). */
  summary: z.array(ReportFigure),
  columns: z.array(ReportColumn),
  rows: z.array(ReportRow),
  /** The totals row, keyed like the rows; null where totals mean nothing. */
  totals: ReportRow.nullable(),
  /**
   * Rows that close the table after the totals, shown like them and never sorted among the rows:
   * a reconciliation's total held and its difference.
   */
  closingRows: z.array(ReportRow).default([]),
  chart: ReportChart.nullable(),
});
export type Report = z.infer<typeof Report>;

const tag = 'reports';

export const reportsApi = {
  report: call('GET', '/reports/:report', {
    summary:
      'A report (income, rent-roll, arrears, commissions, occupancy, trust-reconciliation, owner-statements) as json, csv or pdf (admin, accountant; owner: owner-statements of their own)',
    tag,
    params: ReportParams,
    query: ReportQuery,
    reply: envelope(Report),
    produces: ['application/json', 'text/csv', 'application/pdf'],
  }),
};
