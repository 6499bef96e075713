import type { LeaseStatus } from '@lintel/contracts';

export const LEASE_STATUS_LABELS: Record<LeaseStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  expired: 'Expired',
  terminated: 'Terminated',
};

export const LEASE_STATUS_COLORS: Record<LeaseStatus, 'default' | 'success' | 'warning' | 'error'> = {
  draft: 'default',
  active: 'success',
  expired: 'warning',
  terminated: 'error',
};

/** '2026-03-01' → '1 Mar 2026', read as a calendar date (no time zone can move it a day). */
export function formatLeaseDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
