import { addDays, agingBucketOf, AGING_BUCKETS } from '@lintel/contracts';
import { describe, expect, it } from 'vitest';
import { addMonths, dayOfMonth, lettingOf, rentMonthsOf, STORIES, type Letting } from './plan.ts';

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/** Every day of 2027 and of leap year 2028, and New Year's Day 2029. */
const DAYS = Array.from({ length: 732 }, (_, index) => addDays('2027-01-01', index));

const lettingsOn = (today: string) =>
  STORIES.map((_, property) => lettingOf(property, today)).filter((letting): letting is Letting =>
    Boolean(letting),
  );

/** The lease running today: the renewal if there is one. */
const current = (letting: Letting) => letting.renewal ?? letting.first;

describe('the demo calendar', () => {
  it('moves by months to the same day, or the last day of a shorter month', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonths('2027-03-31', -13)).toBe('2026-02-28');
    expect(addMonths('2027-12-15', 1)).toBe('2028-01-15');
    expect(dayOfMonth('2027-03-31', -1, 31)).toBe('2027-02-28');
    expect(dayOfMonth('2027-03-05', -14, 1)).toBe('2026-01-01');
  });

  it('on every day: current leases are running, renewals follow expired leases, one ends within 30 days', () => {
    for (const today of DAYS) {
      const lettings = lettingsOn(today);
      const running = lettings.filter(
        (letting) => !letting.terminatedOn && current(letting).endDate >= today,
      );
      for (const letting of running) {
        expect(current(letting).startDate <= today, `${today} #${letting.property} started`).toBe(true);
      }
      for (const letting of lettings.filter((each) => each.renewal)) {
        expect(letting.first.endDate < today, `${today} #${letting.property} expired`).toBe(true);
        expect(letting.renewal!.startDate).toBe(addDays(letting.first.endDate, 1));
      }
      const ended = lettings.filter((letting) => !letting.renewal && current(letting).endDate < today);
      expect(
        ended.map((letting) => STORIES[letting.property]!.kind),
        today,
      ).toEqual(['expired']);
      const [terminated] = lettings.filter((letting) => letting.terminatedOn);
      expect(terminated!.first.startDate < terminated!.terminatedOn!).toBe(true);
      expect(terminated!.terminatedOn! < today && terminated!.first.endDate > today).toBe(true);
      expect(running.length).toBe(16);
      expect(
        running.some((letting) => daysBetween(today, current(letting).endDate) <= 30),
        `${today}: a lease ends within 30 days`,
      ).toBe(true);
      // A year of rent on many properties.
      const yearLong = lettings.filter((letting) => daysBetween(letting.first.startDate, today) >= 365);
      expect(yearLong.length, today).toBeGreaterThanOrEqual(9);
    }
  });

  it('on every day: unpaid rent fills every arrears aging bucket, and only planned months go unpaid', () => {
    for (const today of DAYS) {
      const buckets = new Set<string>();
      for (const letting of lettingsOn(today)) {
        const months = rentMonthsOf(letting, today);
        const due = months.filter((month) => month.dueDate <= today);
        const unpaid = due.filter((month) => !month.paid);
        expect(unpaid.length, `${today} #${letting.property}`).toBe(letting.unpaid);
        expect(months.every((month) => month.paid === false || month.dueDate <= today)).toBe(true);
        for (const month of unpaid) buckets.add(agingBucketOf(daysBetween(month.dueDate, today)));
      }
      for (const bucket of AGING_BUCKETS.filter((each) => each !== 'current')) {
        expect(buckets.has(bucket), `${today}: ${bucket}`).toBe(true);
      }
    }
  });
});
