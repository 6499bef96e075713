export { invoiceRoutes } from './routes.ts';
export { createInvoice, issueInvoice, markInvoicePaid, voidInvoice } from './service.ts';
export { findInvoiceByPayment, invoiceRecords, overdueInvoiceTotals } from './repo.ts';
