import type { Invoice } from '@lintel/contracts';
import { toIso } from '../../lib/http.ts';
import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../db/scope.ts';
import { findInvoice, type InvoiceView } from './repo.ts';

/** `today` decides whether an issued invoice is overdue (PRODUCT.md: flagged past its due date). */
export function toInvoice({ invoice, lines }: InvoiceView, today: string): Invoice {
  return {
    _id: invoice.id,
    companyId: invoice.companyId,
    number: invoice.number,
    status: invoice.status,
    kind: invoice.kind,
    clientType: invoice.clientType,
    clientId: invoice.clientId,
    clientName: invoice.clientName,
    clientAddress: invoice.clientAddress,
    clientEmail: invoice.clientEmail,
    currency: invoice.currency,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    vatRateBp: invoice.vatRateBp,
    subtotal: invoice.subtotalCents,
    vat: invoice.vatCents,
    total: invoice.totalCents,
    notes: invoice.notes,
    lines: lines.map((line) => ({
      description: line.description,
      quantityMilli: line.quantityMilli,
      unitPrice: line.unitPriceCents,
      amount: line.amountCents,
    })),
    isOverdue: invoice.status === 'issued' && invoice.dueDate !== null && invoice.dueDate < today,
    paymentId: invoice.paymentId,
    paidFrom: invoice.paidFrom,
    journalId: invoice.journalId,
    paidAt: toIso(invoice.paidAt),
    voidedAt: toIso(invoice.voidedAt),
    voidReason: invoice.voidReason,
    replacesId: invoice.replacesId,
    createdAt: toIso(invoice.createdAt)!,
    __v: invoice.version,
  };
}

/** An invoice of the company as it now stands, whoever asks: after a change, or for its email. */
export const loadInvoice = async (tx: Tx, scope: Pick<Ctx, 'companyId'>, id: string, today: string) =>
  toInvoice((await findInvoice(tx, scope, id))!, today);
