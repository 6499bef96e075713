export { accountRoutes } from './routes.ts';
export { createExpense, createPayout, heldFor, payPropertyExpense } from './service.ts';
