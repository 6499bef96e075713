import { describe, expect, it } from 'vitest';
import { formatDocumentDate, formatDocumentMonth } from './pdf.ts';

describe('document dates', () => {
  it('reads a calendar date as "5 Dec 2025"', () => {
    expect(formatDocumentDate('2025-12-05')).toBe('5 Dec 2025');
    expect(formatDocumentDate('2026-01-31')).toBe('31 Jan 2026');
  });

  it('reads a month as "Dec 2025", and leaves a label that is no month as it is', () => {
    expect(formatDocumentMonth('2025-12')).toBe('Dec 2025');
    expect(formatDocumentMonth('2026-09')).toBe('Sep 2026');
    expect(formatDocumentMonth('Total')).toBe('Total');
    expect(formatDocumentMonth('2026-13')).toBe('2026-13');
    expect(formatDocumentMonth('2026-09-01')).toBe('2026-09-01');
  });
});
