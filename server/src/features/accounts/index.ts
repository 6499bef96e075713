export { accountRoutes } from './routes.ts';
export { statementCsv, statementPdf } from './documents.ts';
export { commissionFigures, expenseRecords, payoutRecords, type CommissionFilter } from './repo.ts';
export {
  createExpense,
  createPayout,
  heldFor,
  ownerStatementOf,
  payPropertyExpense,
  releaseDeposit,
} from './service.ts';
