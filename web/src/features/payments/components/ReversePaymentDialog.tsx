import { formatMoney, ReversePaymentInput, type Payment } from '@lintel/contracts';
import { ReasonDialog } from '../../../components/ReasonDialog.tsx';
import { useReversePayment } from '../api.ts';

/** PRODUCT.md: a reversal posts the exact opposite entries; nothing is deleted, and it is final. */
export function ReversePaymentDialog({
  open,
  payment,
  onClose,
  onExited,
}: {
  open: boolean;
  payment: Payment;
  onClose: () => void;
  onExited?: () => void;
}) {
  const reverse = useReversePayment();
  return (
    <ReasonDialog
      open={open}
      title="Reverse payment"
      actionLabel="Reverse payment"
      message={
        <>
          Reversing receipt {payment.receiptNumber} ({formatMoney(payment.amount, payment.currency)}) posts
          the exact opposite ledger entries. The payment stays on record as reversed. This cannot be undone.
        </>
      }
      schema={ReversePaymentInput}
      failureText="The payment could not be reversed. Please try again."
      onConfirm={(reason) => reverse.mutateAsync({ id: payment._id, reason })}
      onClose={onClose}
      onExited={onExited}
    />
  );
}
