import Chip from '@mui/material/Chip';
import type { PaymentStatus } from '@lintel/contracts';
import { PAYMENT_STATUS_COLORS, PAYMENT_STATUS_LABELS } from '../payment-labels.ts';

export function PaymentStatusChip({ status }: { status: PaymentStatus }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={PAYMENT_STATUS_LABELS[status]}
      color={PAYMENT_STATUS_COLORS[status]}
    />
  );
}
