import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  transfersApi,
  vatApi,
  type FeeTransferInput,
  type VatPaymentInput,
  type VatReportQuery,
} from '@lintel/contracts';
import { request } from '../../lib/http.ts';

// PRODUCT.md roles: admins and accountants read what is due and the VAT; only accountants move money.
type RoleName = string | undefined;
export const canReadTrustTransfers = (role: RoleName) => role === 'admin' || role === 'accountant';
export const canMoveTrustMoney = (role: RoleName) => role === 'accountant';

export const transferKeys = {
  all: ['transfers'] as const,
  due: ['transfers', 'due'] as const,
  list: (query: Record<string, unknown>) => ['transfers', 'list', query] as const,
  vat: (query: VatReportQuery) => ['transfers', 'vat', query] as const,
};

/** Pass `enabled` false for roles the endpoint refuses: a 403 would end the session. */
export function useDueToAgency(enabled = true) {
  return useQuery({
    queryKey: transferKeys.due,
    queryFn: () => request(transfersApi.dueToAgency).then((reply) => reply.data),
    enabled,
  });
}

export function useTransfers(query: { page: number; pageSize: number }, enabled = true) {
  return useQuery({
    queryKey: transferKeys.list(query),
    queryFn: () => request(transfersApi.list, { query }),
    // Grid rows are keyed by `_id`: a transfer by its trust journal.
    select: (reply) => ({ ...reply, data: reply.data.map((row) => ({ ...row, _id: row.journalId })) }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCreateTransfer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: FeeTransferInput) =>
      request(transfersApi.create, { body }).then((reply) => reply.data),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: transferKeys.all });
      void qc.invalidateQueries({ queryKey: ['accounts'] });
    },
  });
}

export function useVatReport(query: VatReportQuery, enabled = true) {
  return useQuery({
    queryKey: transferKeys.vat(query),
    queryFn: () => request(vatApi.report, { query }).then((reply) => reply.data),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useRecordVatPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: VatPaymentInput) => request(vatApi.pay, { body }).then((reply) => reply.data),
    onSuccess: () => void qc.invalidateQueries({ queryKey: transferKeys.all }),
  });
}
