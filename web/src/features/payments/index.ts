export { RecordPaymentButton } from './components/RecordPaymentButton.tsx';
export {
  canExportPayments,
  canReadPayments,
  canRecordPayments,
  canReversePayments,
  downloadReceipt,
  exportPaymentsCsv,
  paymentKeys,
  usePayment,
  usePayments,
  useRecordPayment,
  useReversePayment,
} from './api.ts';
