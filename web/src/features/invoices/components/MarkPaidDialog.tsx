import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import DialogContentText from '@mui/material/DialogContentText';
import { formatMoney, type Invoice } from '@lintel/contracts';
import { ActionDialog } from '../../../components/ActionDialog.tsx';
import { toApiError } from '../../../lib/http.ts';
import { useMarkInvoicePaid, usePaymentOptions } from '../api.ts';

/** Links the payment that settled the invoice: a completed payment in the invoice's currency. */
export function MarkPaidDialog({
  open,
  invoice,
  onClose,
  onExited,
}: {
  open: boolean;
  invoice: Invoice;
  onClose: () => void;
  onExited?: () => void;
}) {
  const [paymentId, setPaymentId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const payments = usePaymentOptions(invoice.currency, '', open);
  const markPaid = useMarkInvoicePaid();
  const handleConfirm = async () => {
    setError(null);
    try {
      await markPaid.mutateAsync({ id: invoice._id, paymentId });
      onClose();
    } catch (failure) {
      setError(toApiError(failure, 'The invoice could not be marked paid. Please try again.').message);
    }
  };
  return (
    <ActionDialog
      open={open}
      title="Mark invoice paid"
      action={{ label: 'Mark paid', disabled: !paymentId, pending: markPaid.isPending }}
      busy={markPaid.isPending}
      error={error}
      onClose={onClose}
      onExited={onExited}
      onSubmit={(event) => {
        event.preventDefault();
        void handleConfirm();
      }}
    >
      <DialogContentText sx={{ mb: 2 }}>
        Invoice {invoice.number} for {formatMoney(invoice.total, invoice.currency)}: choose the payment that
        settled it.
      </DialogContentText>
      <TextField
        select
        fullWidth
        required
        label="Payment"
        value={paymentId}
        onChange={(event) => setPaymentId(event.target.value)}
        helperText={payments.data?.length === 0 ? `No completed ${invoice.currency} payments yet` : undefined}
      >
        {(payments.data ?? []).map((payment) => (
          <MenuItem key={payment._id} value={payment._id}>
            {payment.receiptNumber} · {payment.paymentDate} · {formatMoney(payment.amount, payment.currency)}{' '}
            · {payment.payerName ?? payment.tenantName ?? payment.propertyName}
          </MenuItem>
        ))}
      </TextField>
    </ActionDialog>
  );
}
