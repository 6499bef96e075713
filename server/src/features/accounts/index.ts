export { accountRoutes } from './routes.ts';
export { commissionFigures, expenseRecords, payoutRecords, type CommissionFilter } from './repo.ts';
export {
  createExpense,
  createPayout,
  heldFor,
  listPayouts,
  ownerStatementOf,
  payPropertyExpense,
  releaseDeposit,
} from './service.ts';
