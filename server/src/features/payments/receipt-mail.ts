import { formatCalendarDate, formatMoney } from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../db/scope.ts';
import { findCompany } from '../companies/index.ts';
import { loadFinanceSettings } from '../finance/index.ts';
import { queueMail } from '../mail/index.ts';
import * as repo from './repo.ts';

type Scope = Pick<Ctx, 'companyId'>;

/** What the tenant is told, when the company emails receipts and the tenant has an email. */
async function paymentMailOf(tx: Tx, scope: Scope, id: string) {
  const settings = await loadFinanceSettings(tx, scope);
  if (!settings.emailReceipts) return undefined;
  const view = await repo.findPayment(tx, scope, id);
  if (!view?.tenantEmail) return undefined;
  const company = await findCompany(tx, scope.companyId);
  const { payment } = view;
  return {
    to: view.tenantEmail,
    senderName: company?.name ?? 'Lintel',
    data: {
      payerName: payment.payerName || view.tenantName || 'tenant',
      receiptNumber: payment.receiptNumber,
      amount: formatMoney(payment.amountCents, payment.currency),
      paymentDate: formatCalendarDate(payment.paymentDate),
      propertyName: view.propertyName,
    },
  };
}

/** The receipt PDF to the tenant, in the transaction that records the payment. */
export async function queueReceiptEmail(tx: Tx, scope: Scope, paymentId: string): Promise<void> {
  const mail = await paymentMailOf(tx, scope, paymentId);
  if (!mail) return;
  await queueMail(tx, {
    companyId: scope.companyId,
    kind: 'receipt',
    ...mail,
    dedupeKey: `receipt:${paymentId}`,
    attachments: [{ source: 'receipt', id: paymentId }],
  });
}

/** A short note to the tenant that a receipt no longer stands, in the reversal's transaction. */
export async function queueReversalNotice(
  tx: Tx,
  scope: Scope,
  paymentId: string,
  reason: string,
): Promise<void> {
  const mail = await paymentMailOf(tx, scope, paymentId);
  if (!mail) return;
  await queueMail(tx, {
    companyId: scope.companyId,
    kind: 'payment-reversed',
    ...mail,
    data: { ...mail.data, reason },
    dedupeKey: `payment-reversed:${paymentId}`,
  });
}
