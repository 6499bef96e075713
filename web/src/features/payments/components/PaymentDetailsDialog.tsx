import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatLocalDateTime, formatMoney, PAYMENT_METHOD_LABELS, type Payment } from '@lintel/contracts';
import { DetailList } from '../../../components/DetailList.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { InfoDialog } from '../../../components/InfoDialog.tsx';
import { formatDay } from '../../../lib/format.ts';
import { useAuth } from '../../../session/index.ts';
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
  const fresh = usePayment(listed._id, open);
  const payment = fresh.data ?? listed;
  const [reverseOpen, setReverseOpen] = useState(false);
  const [reverseKey, setReverseKey] = useState(0);
  const receipt = useReceiptDownload(payment);
  const canReverse = canReversePayments(user?.role) && payment.status === 'completed';

  return (
    <InfoDialog
      open={open}
      title={`Receipt ${payment.receiptNumber}`}
      dividers
      wrapActions
      actions={
        <>
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
        </>
      }
      onClose={onClose}
      onExited={onExited}
    >
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
          { label: 'Payment date', value: formatDay(payment.paymentDate) },
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
      {/* A dialog of its own (portalled), inside this one so it unmounts with it. */}
      {canReversePayments(user?.role) && (
        <ReversePaymentDialog
          key={reverseKey}
          open={reverseOpen}
          payment={payment}
          onClose={() => setReverseOpen(false)}
        />
      )}
    </InfoDialog>
  );
}
