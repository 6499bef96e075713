import { formatCalendarDate, formatMoney, type Invoice } from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../db/scope.ts';
import { findCompany } from '../companies/index.ts';
import { queueMail } from '../mail/index.ts';
import { todayIso } from '../leases/index.ts';
import { loadInvoice } from './dto.ts';

type Scope = Pick<Ctx, 'companyId'>;

/** What the client is told of an issued invoice; undefined when there is no email to tell. */
async function invoiceMailOf(tx: Tx, scope: Scope, invoice: Invoice) {
  if (!invoice.clientEmail || !invoice.number || !invoice.dueDate) return undefined;
  const company = await findCompany(tx, scope.companyId);
  return {
    companyId: scope.companyId,
    to: invoice.clientEmail,
    senderName: company?.name ?? 'Lintel',
    data: {
      clientName: invoice.clientName,
      invoiceNumber: invoice.number,
      total: formatMoney(invoice.total, invoice.currency),
      dueDate: formatCalendarDate(invoice.dueDate),
    },
  };
}

/** The invoice PDF to its client, in the transaction that issues it. */
export async function queueInvoiceEmail(tx: Tx, scope: Scope, invoice: Invoice): Promise<void> {
  const mail = await invoiceMailOf(tx, scope, invoice);
  if (!mail) return;
  await queueMail(tx, {
    ...mail,
    kind: 'invoice',
    dedupeKey: `invoice:${invoice._id}`,
    attachments: [{ source: 'invoice', id: invoice._id }],
  });
}

/** One reminder to the client of an invoice past its due date (the hourly job queues it once). */
export async function queueInvoiceOverdueEmail(tx: Tx, scope: Scope, invoiceId: string): Promise<void> {
  const mail = await invoiceMailOf(tx, scope, await loadInvoice(tx, scope, invoiceId, todayIso()));
  if (!mail) return;
  await queueMail(tx, { ...mail, kind: 'invoice-overdue', dedupeKey: `invoice-overdue:${invoiceId}` });
}
