import type { PaymentStatus, PaymentType } from '@lintel/contracts';

export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  rent: 'Rent',
  deposit: 'Deposit',
  other: 'Other',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  completed: 'Completed',
  reversed: 'Reversed',
};

export const PAYMENT_STATUS_COLORS: Record<PaymentStatus, 'success' | 'error'> = {
  completed: 'success',
  reversed: 'error',
};
