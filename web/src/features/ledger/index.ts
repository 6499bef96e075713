export { canReadLedger } from './api.ts';
