export { reportRoutes } from './routes.ts';
export {
  arrearsAging,
  commissions,
  countPayments,
  incomeByMonth,
  occupancy,
  ownerStatements,
  rentRoll,
  trustReconciliation,
  type ArrearsLine,
  type AsOf,
  type OwnerStatement,
  type Period,
  type ReportFilter,
  type RentRollRow,
  type TrustPosition,
} from './figures.ts';
export { addMonths, monthEnd, monthStart, reportCurrency, twelveMonthsTo } from './service.ts';
