import type { Payment } from '@lintel/contracts';
import { toIso } from '../../lib/http.ts';
import type { PaymentView } from './repo.ts';

export const toPayment = ({ payment, ...names }: PaymentView): Payment => ({
  _id: payment.id,
  companyId: payment.companyId,
  receiptNumber: payment.receiptNumber,
  type: payment.type,
  status: payment.status,
  propertyId: payment.propertyId,
  propertyName: names.propertyName,
  leaseId: payment.leaseId,
  tenantId: payment.tenantId,
  tenantName: names.tenantName,
  agentId: payment.agentId,
  agentName: names.agentName,
  payerName: payment.payerName,
  amount: payment.amountCents,
  currency: payment.currency,
  method: payment.method,
  paymentDate: payment.paymentDate,
  reference: payment.reference,
  notes: payment.notes,
  rates: {
    commissionRateBp: payment.commissionRateBp,
    agentShareBp: payment.agentShareBp,
    vatRateBp: payment.vatRateBp,
  },
  split: {
    commission: payment.commissionCents,
    agentShare: payment.agentShareCents,
    agencyShare: payment.agencyShareCents,
    vat: payment.vatCents,
    owner: payment.ownerCents,
  },
  receivedBy: payment.receivedBy,
  receivedByName: names.receivedByName,
  reversedAt: toIso(payment.reversedAt),
  reversalReason: payment.reversalReason,
  createdAt: payment.createdAt.toISOString(),
});
