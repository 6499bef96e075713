export { transferRoutes } from './routes.ts';
export { runScheduledTransfers, transferAllDue } from './service.ts';
