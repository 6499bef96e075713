export { invoiceRoutes } from './routes.ts';
