import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatCalendarMonth,
  formatDayMonth,
  formatLocalDateTime,
  formatShortMonth,
} from './calendar.ts';

const ALL_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const months = ALL_MONTHS.map((_, index) => `2026-${String(index + 1).padStart(2, '0')}`);

describe('calendar formats', () => {
  it('writes every month with the same three letters, September as "Sep" (never Intl’s "Sept")', () => {
    expect(months.map(formatCalendarMonth)).toEqual(ALL_MONTHS.map((name) => `${name} 2026`));
    expect(months.map(formatShortMonth)).toEqual(ALL_MONTHS);
    expect(formatCalendarDate('2026-09-23')).toBe('23 Sep 2026');
    expect(formatCalendarDate('2025-12-05')).toBe('5 Dec 2025');
    expect(formatDayMonth('2026-09-05')).toBe('5 Sep');
  });

  it('leaves text that is not a date or month as it is', () => {
    for (const text of ['Total', '2026-13', '2026-00', '2026-09-01x', '']) {
      expect(formatCalendarMonth(text)).toBe(text);
      expect(formatShortMonth(text)).toBe(text);
    }
    expect(formatCalendarMonth('2026-09-01')).toBe('2026-09-01');
    expect(formatCalendarDate('2026-09')).toBe('2026-09');
    expect(formatCalendarDate('2026-13-01')).toBe('2026-13-01');
    expect(formatDayMonth('soon')).toBe('soon');
  });

  it('writes a moment in the local time zone, 24-hour, and leaves a bad one as it is', () => {
    const moment = new Date(2026, 8, 23, 14, 5);
    expect(formatLocalDateTime(moment.toISOString())).toBe('23 Sep 2026, 14:05');
    expect(formatLocalDateTime(new Date(2026, 0, 2, 7, 0).toISOString())).toBe('2 Jan 2026, 07:00');
    expect(formatLocalDateTime('not a time')).toBe('not a time');
  });
});
