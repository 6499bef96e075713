export { transferRoutes } from './routes.ts';
export { dueByCurrency, runScheduledTransfers, scheduleDue } from './service.ts';
