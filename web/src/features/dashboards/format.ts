/** '2026-11' → 'Nov', read in UTC so no time zone moves it a month: an axis tick. */
export function shortMonth(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  return new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' }).format(date);
}

/** '2026-11-05' → '5 Nov'. */
export function shortDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(date);
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
