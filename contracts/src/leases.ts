export const LEASE_STATUSES = ['draft', 'active', 'expired', 'terminated'] as const;
