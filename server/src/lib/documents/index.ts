export { amountInWords } from './amount-in-words.ts';
export { toCsv, unguardCell } from './csv.ts';
export {
  A4_CONTENT_WIDTH,
  COLOURS,
  companyHeader,
  figureBoxes,
  formatDocumentDate,
  formatDocumentMonth,
  formatDocumentTimestamp,
  pageFooter,
  renderPdf,
} from './pdf.ts';
export { renderInvoicePdf, type InvoiceDocument } from './invoice-pdf.ts';
export { renderLetterOfDemandPdf, type LetterOfDemandDocument } from './letter-of-demand-pdf.ts';
export { renderReceiptPdf } from './receipt-pdf.ts';
export { renderStatementPdf, statementSection } from './statement-pdf.ts';
export type {
  DocumentCompany,
  PaymentMethod,
  ReceiptDocument,
  StatementDocument,
  StatementLine,
} from './types.ts';
