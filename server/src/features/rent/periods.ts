/** `YYYY-MM` of an ISO date. */
export const periodOf = (isoDate: string) => isoDate.slice(0, 7);

/** Every month from `first` to `last` inclusive, as `YYYY-MM`. */
export function periodsBetween(first: string, last: string): string[] {
  const periods: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  for (let period = first; period <= last;) {
    periods.push(period);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
    period = `${year}-${String(month).padStart(2, '0')}`;
  }
  return periods;
}

/** Due date of a period: the lease's due day in that month (due days run 1–28, so it exists). */
export const dueDateOf = (period: string, dueDay: number) => `${period}-${String(dueDay).padStart(2, '0')}`;

/**
 * The months a lease owes rent for, as of `today`: from its first month to its last, never past
 * the current month. Whole months: a lease starting on the 15th owes that month's full rent.
 */
export function chargeablePeriods(lease: { startDate: string; endDate: string }, today: string): string[] {
  const last = [periodOf(lease.endDate), periodOf(today)].sort()[0]!;
  return periodsBetween(periodOf(lease.startDate), last);
}
