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

/** Today as YYYY-MM-DD in the user's own time zone: the default payment date. */
export function todayIsoDate(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}
