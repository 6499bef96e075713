export { tenantRoutes } from './routes.ts';
