export { bankingRoutes } from './routes.ts';
export { trustReconciledThrough } from './reconciliation-service.ts';
