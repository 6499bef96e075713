import {
  formatCalendarDate,
  formatCalendarMonth,
  formatDayMonth,
  formatLocalDateTime,
  formatShortMonth,
  IsoDate,
  type Preferences,
} from '@lintel/contracts';

// Dates, periods and counts as screens write them. Text the server prints as well (calendar dates
// in PDFs, money, basis points as percentages) is made in @lintel/contracts; these name it on screen.

/** '2026-09-01' → '1 Sep 2026': a calendar date (a lease's start, a payment's day), as the PDFs write it. */
export const formatDay = formatCalendarDate;

/** '2026-09' → 'Sep 2026', as the PDFs and CSVs write it. */
export const formatMonth = formatCalendarMonth;

/** '2026-09' → 'Sep': an axis tick. */
export const shortMonth = formatShortMonth;

/** '2026-09-05' → '5 Sep'. */
export const shortDay = formatDayMonth;

/** A moment where the reader is: '23 Sep 2026, 14:05'. */
export const formatDateTime = formatLocalDateTime;

const pad = (value: number) => String(value).padStart(2, '0');

/** A timestamp's local date in the user's chosen format (Settings → Date format). */
export function formatDate(iso: string, format: Preferences['dateFormat']): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const dd = pad(date.getDate());
  const mm = pad(date.getMonth() + 1);
  const yyyy = String(date.getFullYear());
  if (format === 'MM/dd/yyyy') return `${mm}/${dd}/${yyyy}`;
  if (format === 'yyyy-MM-dd') return `${yyyy}-${mm}-${dd}`;
  return `${dd}/${mm}/${yyyy}`;
}

/** A Date's calendar day where the user is, as YYYY-MM-DD. */
export const isoDate = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** Today's calendar date where the user is. */
export const todayIso = (now = new Date()) => isoDate(now);

/** The first day of this month, or of the month `monthsBack` before it. */
export function firstOfMonth(monthsBack = 0): string {
  const today = new Date();
  return isoDate(new Date(today.getFullYear(), today.getMonth() - monthsBack, 1));
}

export interface Period {
  from: string;
  to: string;
}

/** What is wrong with a period typed in, or null when it can be asked for. */
export function periodError({ from, to }: Period): { field: keyof Period; message: string } | null {
  for (const field of ['from', 'to'] as const) {
    const parsed = IsoDate.safeParse(field === 'from' ? from : to);
    if (!parsed.success) return { field, message: parsed.error.issues[0]?.message ?? 'Enter a date' };
  }
  return to < from ? { field: 'to', message: 'The period must end on or after its start' } : null;
}

/**
 * An axis tick for minor units, in whole units and short: 1250000 → '$13K'. Ticks only place the
 * bars; the exact amounts are in the tooltip and the chart's table (formatMoney).
 */
export function moneyTick(amountMinor: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(Math.round(amountMinor / 100));
}

/** "1 levy", "3 levies": a count with its noun. */
export const counted = (count: number, one: string, many: string) =>
  `${count.toLocaleString()} ${count === 1 ? one : many}`;
