import { addDays } from '@lintel/contracts';
import { chargeablePeriods, dueDateOf } from '../rent/index.ts';

/**
 * The demo's calendar: every date is computed from "today", so the demo looks fresh whenever it
 * is created. Pure, so plan.test.ts can check it on every day of a leap year and more.
 */

/**
 * The same day `months` months away; the month's last day when it is shorter (Jan 31 + 1 month
 * is Feb 28, or 29 in a leap year). The day may be given as 31 to mean "the month's last day".
 */
export function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const length = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, length));
  return first.toISOString().slice(0, 10);
}

/** Day `day` (31: the last day) of the month `months` away from `isoDate`'s month. */
export const dayOfMonth = (isoDate: string, months: number, day: number) =>
  addMonths(`${isoDate.slice(0, 8)}${String(day).padStart(2, '0')}`, months);

/** A twelve-month term from `startDate`. */
const yearFrom = (startDate: string) => ({ startDate, endDate: addDays(addMonths(startDate, 12), -1) });

/** What happened on a property over the last year and a half. */
export type Story =
  | { kind: 'vacant' }
  /** One twelve-month lease that began `monthsAgo` months (and a few days) ago. */
  | { kind: 'let'; monthsAgo: number; rentDueDay?: number; unpaid?: number }
  /**
   * A year from the 1st, 12 + `endedMonthsAgo` months ago: it expired and was renewed for a
   * year with an escalation, so rent history runs past twelve months.
   */
  | { kind: 'renewed'; endedMonthsAgo: number; unpaid?: number }
  /** Began ten months ago; the tenant left early, three months ago, and the deposit was settled. */
  | { kind: 'terminated' }
  /** Ran its year, ending three months ago, and was not renewed: the property stands empty. */
  | { kind: 'expired' };

/**
 * One story per property, by its index. `unpaid`: the tenant's last due months left unpaid, so
 * arrears reach every aging bucket (due days 1 and 15 keep the buckets filled on any day).
 */
export const STORIES: readonly Story[] = [
  { kind: 'terminated' },
  { kind: 'let', monthsAgo: 3 },
  { kind: 'renewed', endedMonthsAgo: 1 },
  { kind: 'vacant' },
  { kind: 'let', monthsAgo: 5, unpaid: 1 },
  { kind: 'vacant' },
  { kind: 'renewed', endedMonthsAgo: 3, unpaid: 2 },
  { kind: 'let', monthsAgo: 9, rentDueDay: 15, unpaid: 3 },
  // Ends within the next 30 days.
  { kind: 'let', monthsAgo: 11 },
  { kind: 'renewed', endedMonthsAgo: 2 },
  { kind: 'vacant' },
  // Ends within the next 30 days.
  { kind: 'let', monthsAgo: 11 },
  // Under maintenance between tenants.
  { kind: 'vacant' },
  { kind: 'renewed', endedMonthsAgo: 5, unpaid: 3 },
  { kind: 'let', monthsAgo: 6 },
  { kind: 'expired' },
  { kind: 'renewed', endedMonthsAgo: 4, unpaid: 5 },
  { kind: 'vacant' },
  { kind: 'let', monthsAgo: 7 },
  { kind: 'renewed', endedMonthsAgo: 6 },
  { kind: 'vacant' },
  { kind: 'let', monthsAgo: 2 },
  { kind: 'renewed', endedMonthsAgo: 2 },
  { kind: 'renewed', endedMonthsAgo: 4 },
  { kind: 'vacant' },
];

export interface Term {
  startDate: string;
  endDate: string;
}

/** A property's leases: the first, its renewal if any, and the day it ended early if it did. */
export interface Letting {
  property: number;
  first: Term;
  rentDueDay: number;
  renewal: Term | null;
  escalationBp: number | null;
  terminatedOn: string | null;
  unpaid: number;
}

export function lettingOf(property: number, today: string): Letting | null {
  const story = STORIES[property]!;
  const base = { property, rentDueDay: 1, renewal: null, escalationBp: null, terminatedOn: null, unpaid: 0 };
  switch (story.kind) {
    case 'vacant':
      return null;
    case 'let': {
      // A few days before the month's day, so start days vary.
      const startDate = addDays(addMonths(today, -story.monthsAgo), -((property * 13) % 28));
      return {
        ...base,
        first: yearFrom(startDate),
        rentDueDay: story.rentDueDay ?? 1,
        unpaid: story.unpaid ?? 0,
      };
    }
    case 'renewed': {
      // Whole months, so the old lease and its renewal never both charge one month.
      const first = yearFrom(dayOfMonth(today, -12 - story.endedMonthsAgo, 1));
      return {
        ...base,
        first,
        renewal: yearFrom(addDays(first.endDate, 1)),
        escalationBp: property % 2 === 0 ? 500 : 750,
        unpaid: story.unpaid ?? 0,
      };
    }
    case 'terminated':
      return { ...base, first: yearFrom(dayOfMonth(today, -10, 1)), terminatedOn: dayOfMonth(today, -3, 15) };
    case 'expired':
      return { ...base, first: yearFrom(dayOfMonth(today, -14, 1)) };
  }
}

/** One month's rent on one of a letting's leases (0: the first, 1: the renewal). */
export interface RentMonth {
  lease: 0 | 1;
  period: string;
  dueDate: string;
  /** Whether the tenant pays it (on or after its due date, when that has come). */
  paid: boolean;
}

/** The months each lease charges as of today; the last `unpaid` months due are left unpaid. */
export function rentMonthsOf(letting: Letting, today: string): RentMonth[] {
  const terms: Term[] = [
    { ...letting.first, endDate: letting.terminatedOn ?? letting.first.endDate },
    ...(letting.renewal && letting.renewal.startDate <= today ? [letting.renewal] : []),
  ];
  const months = terms.flatMap((term, lease) =>
    chargeablePeriods(term, today).map((period) => ({
      lease: lease as 0 | 1,
      period,
      dueDate: dueDateOf(period, letting.rentDueDay),
    })),
  );
  const due = months.filter((month) => month.dueDate <= today);
  const unpaid = new Set(due.slice(Math.max(0, due.length - letting.unpaid)));
  return months.map((month) => ({ ...month, paid: month.dueDate <= today && !unpaid.has(month) }));
}
