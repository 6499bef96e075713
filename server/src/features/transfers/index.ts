export { transferRoutes } from './routes.ts';
export { runScheduledTransfers } from './service.ts';
