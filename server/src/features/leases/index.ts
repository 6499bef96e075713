export { leaseRoutes } from './routes.ts';
export { expireLeases, getLease, todayIso } from './service.ts';
export { findLease, type LeaseView } from './repo.ts';
