export { invoiceRoutes } from './routes.ts';
export { createInvoice, issueInvoice, markInvoicePaid, voidInvoice } from './service.ts';
export { overdueInvoiceTotals } from './repo.ts';
