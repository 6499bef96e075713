import {
  formatMoney,
  formatPercent,
  type ReportCell,
  type ReportColumn,
  type ReportKind,
  type ReportValueType,
} from '@lintel/contracts';
import { formatDay, formatMonth } from '../../lib/format.ts';

/** The report menu, in the order accountants look at them. */
export const REPORT_LABELS: Record<ReportKind, string> = {
  income: 'Income by month',
  'rent-roll': 'Rent roll',
  arrears: 'Arrears aging',
  commissions: 'Commissions',
  occupancy: 'Occupancy',
  'trust-reconciliation': 'Trust reconciliation',
  'owner-statements': 'Owner statements',
};

/** One value as the screen shows it: money in the report's currency, percent from basis points. */
export function formatReportValue(value: ReportCell, type: ReportValueType, currency: string): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'string') {
    if (type === 'date') return formatDay(value);
    if (type === 'month') return formatMonth(value);
    return value;
  }
  switch (type) {
    case 'money':
      return formatMoney(value, currency);
    case 'percent':
      return formatPercent(value);
    default:
      return value.toLocaleString('en-US');
  }
}

/** Numbers line up on the right, as in a ledger. */
export const isNumeric = (column: Pick<ReportColumn, 'type'>) =>
  column.type === 'money' || column.type === 'count' || column.type === 'percent';
