export { financeRoutes } from './routes.ts';
export {
  assertCurrencyEnabled,
  loadFinanceSettings,
  splitRatesFor,
  updateFinanceSettings,
} from './service.ts';
