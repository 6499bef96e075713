import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  IDEMPOTENCY_KEY_HEADER,
  leasesApi,
  paymentsApi,
  type Payment,
  type PaymentExportQuery,
  type PaymentInput,
  type PaymentQuery,
} from '@lintel/contracts';
import { downloadFile, request } from '../../lib/http.ts';
import { useAuth } from '../../session/index.ts';
import { OPTION_PAGE_SIZE } from '../properties/index.ts';

/** What the list screen sends (defaults filled by the server). */
export type PaymentListQuery = Partial<PaymentQuery>;

// PRODUCT.md roles table; the server enforces it, and a 403 ends the session, so nothing else is called.
export const canReadPayments = (role: string | undefined) =>
  role === 'admin' || role === 'accountant' || role === 'agent' || role === 'owner';
export const canRecordPayments = (role: string | undefined) => role === 'accountant' || role === 'agent';
export const canReversePayments = (role: string | undefined) => role === 'accountant';
export const canExportPayments = (role: string | undefined) => role === 'admin' || role === 'accountant';

export const paymentKeys = {
  all: ['payments'] as const,
  list: (query: PaymentListQuery) => ['payments', 'list', query] as const,
  one: (id: string) => ['payments', 'one', id] as const,
};

export function usePayments(query: PaymentListQuery, enabled = true) {
  return useQuery({
    queryKey: paymentKeys.list(query),
    queryFn: () => request(paymentsApi.list, { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePayment(id: string, enabled = true) {
  return useQuery({
    queryKey: paymentKeys.one(id),
    queryFn: () => request(paymentsApi.get, { params: { id } }).then((reply) => reply.data),
    enabled,
  });
}

/** A payment moves ledger balances, a lease's arrears and the dashboards' figures: those refetch too. */
function useInvalidate() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: paymentKeys.all });
    void qc.invalidateQueries({ queryKey: ['accounts'] });
    void qc.invalidateQueries({ queryKey: ['leases'] });
    void qc.invalidateQueries({ queryKey: ['dashboard'] });
  };
}

export interface RecordPaymentVariables {
  body: PaymentInput;
  /** One per opened form, sent again on every retry of it: the server records the payment once. */
  idempotencyKey: string;
}

export function useRecordPayment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: RecordPaymentVariables) =>
      request(paymentsApi.create, { body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }).then(
        (reply) => reply.data,
      ),
    onSuccess: invalidate,
  });
}

export function useReversePayment() {
  const qc = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      request(paymentsApi.reverse, { params: { id }, body: { reason } }).then((reply) => reply.data),
    onSuccess: (reversed) => {
      qc.setQueryData(paymentKeys.one(reversed._id), reversed);
      invalidate();
    },
  });
}

export const downloadReceipt = (payment: Pick<Payment, '_id' | 'receiptNumber'>) =>
  downloadFile(paymentsApi.receipt, { params: { id: payment._id } }, `receipt-${payment.receiptNumber}.pdf`);

export const exportPaymentsCsv = (query: Partial<PaymentExportQuery>) =>
  downloadFile(paymentsApi.exportCsv, { query }, 'payments.csv');

/**
 * Active leases a payment can be recorded against. The lease list answers agents with more than
 * their own, but they record only on the properties they manage (the server refuses the rest).
 */
export function useActiveLeaseOptions(q: string) {
  const { user } = useAuth();
  const isAgent = user?.role === 'agent';
  return useQuery({
    queryKey: ['leases', 'payment-options', user?._id, q],
    queryFn: () =>
      request(leasesApi.list, {
        query: { status: 'active', q: q || undefined, pageSize: OPTION_PAGE_SIZE },
      }).then((reply) => (isAgent ? reply.data.filter((lease) => lease.agentId === user._id) : reply.data)),
    enabled: canRecordPayments(user?.role),
    placeholderData: keepPreviousData,
  });
}
