export { bankingRoutes } from './routes.ts';
export { createBankAccount } from './accounts-service.ts';
export { importStatement } from './import-service.ts';
export { autoMatch, listLines, matchByHand, postBankCharge, returnPayout } from './matching-service.ts';
export { getReconciliation, signOff, trustReconciledThrough } from './reconciliation-service.ts';
export { parkInSuspense } from './suspense-service.ts';
export { bankLedgerEntries, type BankLedgerEntry } from './demo-source.ts';
