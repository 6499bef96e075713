export { paymentRoutes } from './routes.ts';
export { allPayments, postPayments, recordPayment, reversePayment } from './service.ts';
