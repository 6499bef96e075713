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
