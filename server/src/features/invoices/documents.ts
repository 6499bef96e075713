import { formatQuantity, type Invoice } from '@lintel/contracts';
import { transact, type Ctx } from '../../db/scope.ts';
import { renderInvoicePdf } from '../../lib/documents/index.ts';
import type { FileReply } from '../../lib/http.ts';
import { findCompany, findLetterhead } from '../companies/index.ts';
import { todayIso } from '../leases/index.ts';
import { loadInvoice } from './dto.ts';
import * as service from './service.ts';

/** Printed on an invoice raised on an owner's behalf: the money is the owner's, not the agency's. */
export const ON_BEHALF_NOTE =
  "Issued on behalf of the property's owner: the amount is the owner's, and the agency charges no VAT of its own on it.";

export async function invoicePdf(ctx: Ctx, id: string): Promise<FileReply> {
  return invoiceFile(ctx, await service.getInvoice(ctx, id));
}

/** The same PDF, for the email that attaches it (sent to the client when it is issued). */
export async function invoiceForMail(scope: Pick<Ctx, 'db' | 'companyId'>, id: string): Promise<FileReply> {
  return invoiceFile(scope, await transact(scope, (tx) => loadInvoice(tx, scope, id, todayIso())));
}

async function invoiceFile(scope: Pick<Ctx, 'db' | 'companyId'>, invoice: Invoice): Promise<FileReply> {
  const { company, bankAccounts } = await transact(scope, async (tx) => ({
    company: await findLetterhead(tx, scope.companyId),
    bankAccounts: (await findCompany(tx, scope.companyId))?.bankAccounts ?? [],
  }));
  const body = await renderInvoicePdf({
    company,
    bankAccounts,
    number: invoice.number,
    status: invoice.status,
    isOverdue: invoice.isOverdue,
    voidReason: invoice.voidReason,
    client: { name: invoice.clientName, address: invoice.clientAddress, email: invoice.clientEmail },
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    currency: invoice.currency,
    lines: invoice.lines.map((line) => ({
      description: line.description,
      quantity: formatQuantity(line.quantityMilli),
      unitPrice: line.unitPrice,
      amount: line.amount,
    })),
    vatRateBp: invoice.vatRateBp,
    subtotal: invoice.subtotal,
    vat: invoice.vat,
    total: invoice.total,
    notes:
      [invoice.kind === 'on_behalf' ? ON_BEHALF_NOTE : null, invoice.notes].filter(Boolean).join('\n\n') ||
      null,
  });
  return { body, contentType: 'application/pdf', filename: `invoice-${invoice.number ?? 'draft'}.pdf` };
}
