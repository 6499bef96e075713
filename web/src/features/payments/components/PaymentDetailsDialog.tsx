import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { formatLocalDateTime, formatMoney, PAYMENT_METHOD_LABELS, type Payment } from '@lintel/contracts';
import { DetailList } from '../../../components/DetailList.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { useAuth } from '../../auth/AuthProvider.tsx';
// The leases feature's calendar-date format: payment dates are the same kind of date.
import { formatLeaseDate } from '../../leases/lease-labels.ts';
import { canReversePayments, usePayment } from '../api.ts';
import { PAYMENT_TYPE_LABELS } from '../payment-labels.ts';
import { PaymentSplitList } from './PaymentSplitList.tsx';
import { PaymentStatusChip } from './PaymentStatusChip.tsx';
import { ReversePaymentDialog } from './ReversePaymentDialog.tsx';
import { useReceiptDownload } from './use-receipt-download.tsx';

/** One payment in full: who paid what, how it was split and at which rates; receipt and reversal. */
export function PaymentDetailsDialog({
  open,
  payment: listed,
  onClose,
  onExited,
}: {
  open: boolean;
  /** The payment as the list showed it; the dialog fetches it fresh and follows a reversal. */
  payment: Payment;
  onClose: () => void;
  onExited?: () => void;
}) {
  const { user } = useAuth();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const fresh = usePayment(listed._id, open);
  const payment = fresh.data ?? listed;
  const [reverseOpen, setReverseOpen] = useState(false);
  const [reverseKey, setReverseKey] = useState(0);
  const receipt = useReceiptDownload(payment);
  const canReverse = canReversePayments(user?.role) && payment.status === 'completed';

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="payment-details-title"
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id="payment-details-title">Receipt {payment.receiptNumber}</DialogTitle>
      <DialogContent dividers>
        {payment.status === 'reversed' && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            Reversed{payment.reversedAt ? ` on ${formatLocalDateTime(payment.reversedAt)}` : ''}:{' '}
            {payment.reversalReason ?? 'no reason given'}
          </Alert>
        )}
        <DetailList
          items={[
            { label: 'Status', value: <PaymentStatusChip status={payment.status} /> },
            { label: 'Amount', value: formatMoney(payment.amount, payment.currency) },
            { label: 'Type', value: PAYMENT_TYPE_LABELS[payment.type] },
            { label: 'Method', value: PAYMENT_METHOD_LABELS[payment.method] },
            { label: 'Payment date', value: formatLeaseDate(payment.paymentDate) },
            { label: 'Property', value: payment.propertyName },
            { label: 'Tenant', value: payment.tenantName },
            { label: 'Payer', value: payment.payerName },
            { label: 'Agent', value: payment.agentName },
            { label: 'Reference', value: payment.reference },
            { label: 'Notes', value: payment.notes },
            { label: 'Received by', value: payment.receivedByName },
            { label: 'Recorded', value: formatLocalDateTime(payment.createdAt) },
          ]}
        />
        <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
          Split
        </Typography>
        <PaymentSplitList payment={payment} />
        <ErrorAlert message={receipt.error ?? fresh.error?.message} sx={{ mt: 2 }} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        {canReverse && (
          <Button
            color="error"
            onClick={() => {
              setReverseKey((key) => key + 1);
              setReverseOpen(true);
            }}
          >
            Reverse
          </Button>
        )}
        {receipt.button}
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
      {canReversePayments(user?.role) && (
        <ReversePaymentDialog
          key={reverseKey}
          open={reverseOpen}
          payment={payment}
          onClose={() => setReverseOpen(false)}
        />
      )}
    </Dialog>
  );
}
