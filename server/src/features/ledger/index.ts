export { ledgerAccount } from './accounts.ts';
export {
  accountBalances,
  heldBalance,
  lockAccount,
  payOutOf,
  postJournal,
  postReversal,
  statement,
  trialBalance,
  type JournalInput,
} from './service.ts';
