export { paymentRoutes } from './routes.ts';
export { postPayments, recordPayment, reversePayment } from './service.ts';
export { allPayments } from './repo.ts';
