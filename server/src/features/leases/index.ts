export { leaseRoutes } from './routes.ts';
