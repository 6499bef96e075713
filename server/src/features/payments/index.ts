export { paymentRoutes } from './routes.ts';
export { allPayments } from './read-payments.ts';
export { postPayments, recordPayment } from './record-payment.ts';
export { reversePayment } from './reverse-payment.ts';
export { receiptForMail } from './documents.ts';
