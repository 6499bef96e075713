export { canKeepBanking, canReadBanking, canReopenPeriods, bankingKeys, useBankAccounts } from './api.ts';
