import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountsApi,
  invoicesApi,
  ownersApi,
  paymentsApi,
  tenantsApi,
  type Invoice,
  type InvoiceInput,
  type InvoiceQuery,
  type MarkInvoicePaidInput,
  type UpdateInvoiceInput,
} from '@lintel/contracts';
import { downloadFile, request } from '../../lib/http.ts';
import { OPTION_PAGE_SIZE } from '../properties/index.ts';

/** What the list screen sends (defaults filled by the server). */
export type InvoiceListQuery = Partial<InvoiceQuery>;

// PRODUCT.md roles table; the server enforces it, and a 403 ends the session, so nothing else is called.
export const canReadInvoices = (role: string | undefined) =>
  role === 'admin' || role === 'accountant' || role === 'owner';
export const canEditInvoices = (role: string | undefined) => role === 'accountant';

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (query: InvoiceListQuery) => ['invoices', 'list', query] as const,
};

export function useInvoices(query: InvoiceListQuery) {
  return useQuery({
    queryKey: invoiceKeys.list(query),
    queryFn: () => request(invoicesApi.list, { query }),
    placeholderData: keepPreviousData,
  });
}

/** One invoice, e.g. the one a notification links to (`?open=<id>`). */
export const fetchInvoice = (id: string) =>
  request(invoicesApi.get, { params: { id } }).then((reply) => reply.data);

function useInvoiceMutation<V>(send: (variables: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => qc.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}

export const useCreateInvoice = () =>
  useInvoiceMutation((body: InvoiceInput) =>
    request(invoicesApi.create, { body }).then((reply) => reply.data),
  );

export const useUpdateInvoice = () =>
  useInvoiceMutation(({ id, body }: { id: string; body: UpdateInvoiceInput }) =>
    request(invoicesApi.update, { params: { id }, body }).then((reply) => reply.data),
  );

export const useIssueInvoice = () =>
  useInvoiceMutation((id: string) =>
    request(invoicesApi.issue, { params: { id } }).then((reply) => reply.data),
  );

export const useVoidInvoice = () =>
  useInvoiceMutation(({ id, reason, reissue }: { id: string; reason: string; reissue: boolean }) =>
    request(invoicesApi.void, { params: { id }, body: { reason, reissue } }).then((reply) => reply.data),
  );

export const useMarkInvoicePaid = () =>
  useInvoiceMutation(({ id, body }: { id: string; body: MarkInvoicePaidInput }) =>
    request(invoicesApi.markPaid, { params: { id }, body }).then((reply) => reply.data),
  );

export const downloadInvoicePdf = (invoice: Pick<Invoice, '_id' | 'number'>) =>
  downloadFile(invoicesApi.pdf, { params: { id: invoice._id } }, `invoice-${invoice.number ?? 'draft'}.pdf`);

/**
 * Completed 'other' payments (trust receipts) in the invoice's currency that can settle it
 * (accountants only): rent and deposits never settle an invoice.
 */
export function usePaymentOptions(currency: string, q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['payments', 'invoice-options', currency, q],
    queryFn: () =>
      request(paymentsApi.list, {
        query: {
          status: 'completed',
          type: 'other',
          currency,
          q: q || undefined,
          pageSize: OPTION_PAGE_SIZE,
        },
      }).then((reply) => reply.data),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Property accounts in the invoice's currency, with what each holds: an agency invoice may be paid out of one. */
export function usePropertyAccountOptions(currency: string, enabled: boolean) {
  return useQuery({
    queryKey: ['accounts', 'properties', 'invoice-options', currency],
    queryFn: () =>
      request(accountsApi.propertyAccounts, { query: { currency, pageSize: 100 } }).then(
        (reply) => reply.data,
      ),
    enabled,
  });
}

export function useOwnerOptions(q: string) {
  return useQuery({
    queryKey: ['owners', 'invoice-options', q],
    queryFn: () =>
      request(ownersApi.list, { query: { q: q || undefined, pageSize: OPTION_PAGE_SIZE } }).then(
        (reply) => reply.data,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useTenantOptions(q: string) {
  return useQuery({
    queryKey: ['tenants', 'invoice-options', q],
    queryFn: () =>
      request(tenantsApi.list, { query: { q: q || undefined, pageSize: OPTION_PAGE_SIZE } }).then(
        (reply) => reply.data,
      ),
    placeholderData: keepPreviousData,
  });
}
