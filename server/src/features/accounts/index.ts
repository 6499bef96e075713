export { accountRoutes } from './routes.ts';
export { commissionFigures, type CommissionFilter } from './repo.ts';
export {
  createExpense,
  createPayout,
  heldFor,
  ownerStatementOf,
  payPropertyExpense,
  releaseDeposit,
} from './service.ts';
