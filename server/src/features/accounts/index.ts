export { accountRoutes } from './routes.ts';
export {
  commissionFigures,
  createExpense,
  createPayout,
  expenseRecords,
  heldFor,
  listPayouts,
  ownerStatementOf,
  ownerStatementPdf,
  payPropertyExpense,
  payoutRecords,
  releaseDeposit,
} from './service.ts';
