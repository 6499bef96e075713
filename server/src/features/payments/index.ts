export { paymentRoutes } from './routes.ts';
