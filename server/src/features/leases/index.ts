export { leaseRoutes } from './routes.ts';
export {
  activateLease,
  createLease,
  expireLeases,
  getLease,
  renewLease,
  terminateLease,
  todayIso,
} from './service.ts';
export { findLease, type LeaseView } from './repo.ts';
export { countLeases } from './repo.ts';
export { insertImportedLeases, type ImportedLease } from './service.ts';
export { listAllLeases } from './repo.ts';
