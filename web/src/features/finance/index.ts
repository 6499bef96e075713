export {
  canEditFinanceSettings,
  canReadFinanceSettings,
  financeKeys,
  useFinanceSettings,
  useUpdateFinanceSettings,
} from './api.ts';
export { COMMON_CURRENCIES } from './currencies.ts';
