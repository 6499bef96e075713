export { transferRoutes } from './routes.ts';
export { dueByCurrency, runScheduledTransfers, scheduleDue, transferAllDue } from './service.ts';
