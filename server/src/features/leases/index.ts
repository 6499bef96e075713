export { leaseRoutes } from './routes.ts';
export { todayIso } from './access.ts';
export { createLease, getLease } from './lease-records.ts';
export { activateLease, expireLeases, terminateLease } from './lease-lifecycle.ts';
export { renewLease } from './renew-lease.ts';
export { findLease, type LeaseView } from './repo.ts';
export { countLeases } from './repo.ts';
export { insertImportedLeases, type ImportedLease } from './import-leases.ts';
export { listAllLeases } from './repo.ts';
