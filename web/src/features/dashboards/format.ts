import { formatDayMonth, formatShortMonth } from '@lintel/contracts';

/** '2026-09' → 'Sep': an axis tick. */
export const shortMonth = formatShortMonth;

/** '2026-09-05' → '5 Sep'. */
export const shortDay = formatDayMonth;

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
