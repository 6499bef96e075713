import {
  PAYMENT_METHOD_LABELS,
  formatMajorUnits,
  type Payment,
  type PaymentExportQuery,
} from '@lintel/contracts';
import { transact, type Ctx } from '../../db/scope.ts';
import { renderReceiptPdf, toCsv } from '../../lib/documents/index.ts';
import type { FileReply } from '../../lib/http.ts';
import { findLetterhead } from '../companies/index.ts';
import { exportPayments, loadCompanyPaymentForReceipt, loadPaymentForReceipt } from './read-payments.ts';

/** A payment's receipt as its download gives it, for the user asking. */
export async function receiptPdf(ctx: Ctx, id: string): Promise<FileReply> {
  const { payment, propertyAddress } = await loadPaymentForReceipt(ctx, id);
  return receiptFile(ctx, payment, propertyAddress);
}

/** The same receipt, for the message that attaches it (emailed to the tenant). */
export async function receiptForMail(scope: Pick<Ctx, 'db' | 'companyId'>, id: string): Promise<FileReply> {
  const { payment, propertyAddress } = await loadCompanyPaymentForReceipt(scope, id);
  return receiptFile(scope, payment, propertyAddress);
}

async function receiptFile(
  scope: Pick<Ctx, 'db' | 'companyId'>,
  payment: Payment,
  propertyAddress: string,
): Promise<FileReply> {
  const company = await transact(scope, (tx) => findLetterhead(tx, scope.companyId));
  const body = await renderReceiptPdf({
    company,
    receiptNumber: payment.receiptNumber,
    paymentDate: payment.paymentDate,
    payerName: payment.payerName,
    propertyName: payment.propertyName,
    propertyAddress,
    tenantName: payment.tenantName,
    type: payment.type,
    amount: payment.amount,
    currency: payment.currency,
    method: payment.method,
    reference: payment.reference,
    receivedBy: payment.receivedByName ?? 'Lintel',
    status: payment.status,
    reversalReason: payment.reversalReason,
    issuedAt: new Date(),
  });
  return { body, contentType: 'application/pdf', filename: `receipt-${payment.receiptNumber}.pdf` };
}

const COLUMNS = [
  { key: 'receiptNumber', header: 'Receipt' },
  { key: 'paymentDate', header: 'Date' },
  { key: 'type', header: 'Type' },
  { key: 'status', header: 'Status' },
  { key: 'property', header: 'Property' },
  { key: 'tenant', header: 'Tenant' },
  { key: 'payer', header: 'Payer' },
  { key: 'method', header: 'Method' },
  { key: 'reference', header: 'Reference' },
  { key: 'currency', header: 'Currency' },
  { key: 'amount', header: 'Amount' },
  { key: 'commission', header: 'Commission' },
  { key: 'agentShare', header: 'Agent share' },
  { key: 'agencyShare', header: 'Agency share' },
  { key: 'vat', header: 'VAT' },
  { key: 'owner', header: 'Owner' },
  { key: 'agent', header: 'Agent' },
];

/** Amounts as decimal text from the integer minor units (never through a float). */
const decimal = (cents: number) => (cents < 0 ? `-${formatMajorUnits(-cents)}` : formatMajorUnits(cents));

export async function paymentsCsv(ctx: Ctx, query: PaymentExportQuery): Promise<FileReply> {
  const payments = await exportPayments(ctx, query);
  const body = toCsv(
    COLUMNS,
    payments.map((payment) => ({
      receiptNumber: payment.receiptNumber,
      paymentDate: payment.paymentDate,
      type: payment.type,
      status: payment.status,
      property: payment.propertyName,
      tenant: payment.tenantName,
      payer: payment.payerName,
      method: PAYMENT_METHOD_LABELS[payment.method],
      reference: payment.reference,
      currency: payment.currency,
      amount: decimal(payment.amount),
      commission: decimal(payment.split.commission),
      agentShare: decimal(payment.split.agentShare),
      agencyShare: decimal(payment.split.agencyShare),
      vat: decimal(payment.split.vat),
      owner: decimal(payment.split.owner),
      agent: payment.agentName,
    })),
  );
  return { body, contentType: 'text/csv; charset=utf-8', filename: 'payments.csv' };
}
