import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatMonth, shortDay, shortMonth } from '../../lib/format.ts';
import { formatReportValue } from './report-format.ts';

// The server's PDFs and CSVs write "Sep 2026" (server/src/lib/documents/pdf.test.ts); Intl's
// en-GB wrote "Sept 2026" on screen beside them.
describe('months on screen match the documents', () => {
  it('report cells, statement months, chart ticks and dates say "Sep"', () => {
    expect(formatReportValue('2026-09', 'month', 'USD')).toBe('Sep 2026');
    expect(formatReportValue('2026-09-23', 'date', 'USD')).toBe('23 Sep 2026');
    expect(formatMonth('2026-09')).toBe('Sep 2026');
    expect(shortMonth('2026-09')).toBe('Sep');
    expect(shortDay('2026-09-05')).toBe('5 Sep');
    expect(formatDay('2026-09-01')).toBe('1 Sep 2026');
    const moment = new Date(2026, 8, 23, 14, 5).toISOString();
    expect(formatDateTime(moment)).toBe('23 Sep 2026, 14:05');
  });
});
