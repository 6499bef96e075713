import { formatMoney, formatPercent, type Payment } from '@lintel/contracts';
import { DetailList } from '../../../components/DetailList.tsx';

/** Where a payment's money went, with the rates it was split at (kept even if settings change later). */
export function PaymentSplitList({ payment }: { payment: Pick<Payment, 'split' | 'rates' | 'currency'> }) {
  const { split, rates, currency } = payment;
  const money = (amount: number) => formatMoney(amount, currency);
  return (
    <DetailList
      items={[
        { label: `Commission (${formatPercent(rates.commissionRateBp)})`, value: money(split.commission) },
        { label: `Agent share (${formatPercent(rates.agentShareBp)})`, value: money(split.agentShare) },
        { label: 'Agency share', value: money(split.agencyShare) },
        { label: `VAT (${formatPercent(rates.vatRateBp)})`, value: money(split.vat) },
        { label: 'Owner', value: money(split.owner) },
      ]}
    />
  );
}
