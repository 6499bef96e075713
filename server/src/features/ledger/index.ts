export { bankOf, bookOf, FIXED_ACCOUNTS, isClientMoney, ledgerAccount, typeOf } from './accounts.ts';
export {
  accountBalances,
  carriedBalanceDisagreements,
  depositDailyChanges,
  heldBalance,
  linesOfKind,
  lockAccount,
  payOutOf,
  postJournal,
  postJournals,
  postReversal,
  statement,
  trialBalance,
  type JournalInput,
  type StatementLines,
  type StatementRequest,
} from './service.ts';
export { accountBalanceSql, holdsMoneySql } from './balance-sql.ts';
export { accountLabels } from './labels.ts';
export { closedPeriods, closePeriodThrough, periodClosedMessage, setPeriodLock } from './period-locks.ts';
export { ledgerRoutes } from './routes.ts';
export { answerStatement, statementPdf } from './statement-reply.ts';
export { sourceOf } from './general.ts';
