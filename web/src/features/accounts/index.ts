export { DepositCard } from './components/DepositCard.tsx';
export { OwnerStatementCard } from './components/OwnerStatementCard.tsx';
export { CurrencyField } from './components/CurrencyField.tsx';
export { useEnabledCurrencies } from './api.ts';
export { firstOfMonth, formatMonth, periodError, todayIso, type Period } from './period.ts';
export { PeriodFields } from './components/PeriodFields.tsx';
export { moneyInputProps } from './components/money-fields.tsx';
export { ConfirmedSendDialog } from './components/ConfirmedSendDialog.tsx';
export { useConfirmedSend } from './components/use-confirmed-send.ts';
