export { vatRoutes } from './routes.ts';
export { recordVatPayment, vatReport } from './service.ts';
