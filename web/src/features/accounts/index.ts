export { DepositCard } from './components/DepositCard.tsx';
export { OwnerStatementCard } from './components/OwnerStatementCard.tsx';
