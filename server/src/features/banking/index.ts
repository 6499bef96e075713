export { bankingRoutes } from './routes.ts';
