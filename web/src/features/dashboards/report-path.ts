import type { ReportKind } from '@lintel/contracts';

/** The reports page of a dashboard (`home`) opened on one report, in the dashboard's currency. */
export function reportPath(home: string, report: ReportKind, currency: string | undefined): string {
  const query = new URLSearchParams({ report, ...(currency ? { currency } : {}) });
  return `${home}/reports?${query.toString()}`;
}
