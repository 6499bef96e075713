export { invoiceRoutes } from './routes.ts';
export { createInvoice, issueInvoice, markInvoicePaid, voidInvoice } from './service.ts';
export { invoiceRecords, invoiceSettledBy, overdueInvoiceTotals } from './lookups.ts';
export { invoiceForMail } from './documents.ts';
export { queueInvoiceOverdueEmail } from './invoice-mail.ts';
