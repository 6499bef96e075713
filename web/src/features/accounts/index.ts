export { DepositCard } from './components/DepositCard.tsx';
export { OwnerStatementCard } from './components/OwnerStatementCard.tsx';
export { CurrencyField } from './components/CurrencyField.tsx';
export { useEnabledCurrencies } from './api.ts';
export { formatMonth } from './period.ts';
