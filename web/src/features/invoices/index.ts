export { canEditInvoices, canReadInvoices } from './api.ts';
