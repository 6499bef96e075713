export { leaseRoutes } from './routes.ts';
export { todayIso } from './access.ts';
export { countLeasesEnding, createLease, findLease, getLease } from './lease-records.ts';
export { activateLease, expireLeases, terminateLease } from './lease-lifecycle.ts';
export { renewLease } from './renew-lease.ts';
export { insertImportedLeases, leasesForSync, type ImportedLease } from './import-leases.ts';
