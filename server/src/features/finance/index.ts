export { financeRoutes } from './routes.ts';
export {
  assertCurrencyEnabled,
  getFinanceSettings,
  listVatRates,
  loadFinanceSettings,
  loadVatRates,
  splitRatesFor,
  updateFinanceSettings,
  vatRateOn,
  type VatRateHistory,
} from './service.ts';
