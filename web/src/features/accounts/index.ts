export { DepositCard } from './components/DepositCard.tsx';
export { OwnerStatementCard } from './components/OwnerStatementCard.tsx';
export { CurrencyField } from './components/CurrencyField.tsx';
export { useEnabledCurrencies } from './api.ts';
export { formatMonth } from './period.ts';
export { StatementView } from './components/StatementView.tsx';
export { PeriodFields } from './components/PeriodFields.tsx';
export { firstOfMonth, periodError, todayIso, type Period } from './period.ts';
export { useTrialBalance } from './api.ts';
