import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import DialogContentText from '@mui/material/DialogContentText';
import { formatMoney, ReversePaymentInput, type Payment } from '@lintel/contracts';
import { ActionDialog } from '../../../components/ActionDialog.tsx';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { toApiError } from '../../../lib/http.ts';
import { useReversePayment } from '../api.ts';

type ReverseValues = z.input<typeof ReversePaymentInput>;
type ReverseOutput = z.output<typeof ReversePaymentInput>;

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
  const messageId = useId();
  const reverse = useReversePayment();
  const [error, setError] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<ReverseValues, unknown, ReverseOutput>({
    resolver: zodResolver(ReversePaymentInput),
    mode: 'onTouched',
    defaultValues: { reason: '' },
  });
  const handleReverse = async (values: ReverseOutput) => {
    setError(null);
    try {
      await reverse.mutateAsync({ id: payment._id, reason: values.reason });
      onClose();
    } catch (failure) {
      setError(toApiError(failure, 'The payment could not be reversed. Please try again.').message);
    }
  };
  return (
    <ActionDialog
      open={open}
      title="Reverse payment"
      action={{ label: 'Reverse payment', color: 'error' }}
      busy={isSubmitting}
      error={error}
      onClose={onClose}
      onExited={onExited}
      onSubmit={(event) => void handleSubmit(handleReverse)(event)}
      describedBy={messageId}
    >
      <DialogContentText id={messageId} sx={{ mb: 2 }}>
        Reversing receipt {payment.receiptNumber} ({formatMoney(payment.amount, payment.currency)}) posts the
        exact opposite ledger entries. The payment stays on record as reversed. This cannot be undone.
      </DialogContentText>
      <FormTextField
        control={control}
        name="reason"
        label="Reason"
        required
        multiline
        minRows={2}
        autoFocus
      />
    </ActionDialog>
  );
}
