export { accountRoutes } from './routes.ts';
export { payPropertyExpense } from './service.ts';
