export { tenantRoutes } from './routes.ts';
export { createTenant } from './service.ts';
