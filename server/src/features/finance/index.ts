export { financeRoutes } from './routes.ts';
export { assertCurrencyEnabled, loadFinanceSettings, splitRatesFor } from './service.ts';
