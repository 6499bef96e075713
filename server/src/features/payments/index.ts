export { paymentRoutes } from './routes.ts';
export { recordPayment, reversePayment } from './service.ts';
