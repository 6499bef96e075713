import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountsApi,
  bankingApi,
  leasesApi,
  type BankAccountInput,
  type CsvStatementMapping,
  type Lease,
  type MatchInput,
  type StatementImportReport,
} from '@lintel/contracts';
import { ApiError, downloadFile, request, type ProgressListener } from '../../lib/http.ts';

// Issue 17 roles: admins and accountants read the bank side; accountants import, match and sign
// off; only an admin reopens a signed-off month.
type RoleName = string | undefined;
export const canReadBanking = (role: RoleName) => role === 'admin' || role === 'accountant';
export const canKeepBanking = (role: RoleName) => role === 'accountant';
export const canReopenPeriods = (role: RoleName) => role === 'admin';

export const bankingKeys = {
  all: ['banking'] as const,
  accounts: ['banking', 'accounts'] as const,
  lines: (id: string, query: Record<string, unknown>) => ['banking', 'lines', id, query] as const,
  entries: (id: string, query: Record<string, unknown>) => ['banking', 'entries', id, query] as const,
  suggestions: (lineId: string) => ['banking', 'suggestions', lineId] as const,
  reconciliation: (id: string, date: string) => ['banking', 'reconciliation', id, date] as const,
  history: (id: string, query: Record<string, unknown>) => ['banking', 'history', id, query] as const,
  suspense: (query: Record<string, unknown>) => ['banking', 'suspense', query] as const,
};

/** Everything banking shows moves together: a match changes lines, entries, figures and counts. */
function useInvalidateBanking() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: bankingKeys.all });
  };
}

export function useBankAccounts(enabled = true) {
  return useQuery({
    queryKey: bankingKeys.accounts,
    queryFn: () => request(bankingApi.listAccounts).then((reply) => reply.data),
    enabled,
  });
}

export function useCreateBankAccount() {
  const invalidate = useInvalidateBanking();
  return useMutation({
    mutationFn: (body: BankAccountInput) =>
      request(bankingApi.createAccount, { body }).then((reply) => reply.data),
    onSuccess: invalidate,
  });
}

export type LineFilters = {
  state: 'unmatched' | 'matched' | 'all';
  direction?: 'credit' | 'debit' | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

export function useBankLines(id: string, query: LineFilters & { page: number; pageSize: number }) {
  return useQuery({
    queryKey: bankingKeys.lines(id, query),
    queryFn: () => request(bankingApi.listLines, { params: { id }, query: { ...query } }),
    placeholderData: keepPreviousData,
  });
}

export function useUnmatchedEntries(
  id: string,
  query: { page: number; pageSize: number; q?: string; to?: string },
  enabled = true,
) {
  return useQuery({
    queryKey: bankingKeys.entries(id, query),
    queryFn: () => request(bankingApi.unmatchedEntries, { params: { id }, query: { ...query } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSuggestions(lineId: string | null) {
  return useQuery({
    queryKey: bankingKeys.suggestions(lineId ?? ''),
    queryFn: () => request(bankingApi.suggestions, { params: { id: lineId! } }).then((reply) => reply.data),
    enabled: lineId !== null,
  });
}

export function useAutoMatch(id: string) {
  const invalidate = useInvalidateBanking();
  return useMutation({
    mutationFn: () => request(bankingApi.autoMatch, { params: { id } }).then((reply) => reply.data),
    onSuccess: invalidate,
  });
}

/** Each line action refreshes everything banking shows, success or a 409 (someone else was first). */
function useLineAction<V>(send: (variables: V) => Promise<unknown>) {
  const invalidate = useInvalidateBanking();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      invalidate();
      // A receipt is a payment: the payment lists and accounts change too.
      void qc.invalidateQueries({ queryKey: ['payments'] });
      void qc.invalidateQueries({ queryKey: ['accounts'] });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) invalidate();
    },
  });
}

export const useMatch = () =>
  useLineAction((body: MatchInput) => request(bankingApi.match, { body }).then((reply) => reply.data));

export const useUnmatch = () =>
  useLineAction((matchId: string) =>
    request(bankingApi.unmatch, { params: { id: matchId } }).then((reply) => reply.data),
  );

export const useReceiptFromLine = () =>
  useLineAction(({ lineId, leaseId, type }: { lineId: string; leaseId: string; type: 'rent' | 'deposit' }) =>
    request(bankingApi.receiptFromLine, { params: { id: lineId }, body: { leaseId, type } }),
  );

export const useParkInSuspense = () =>
  useLineAction(({ lineId, note }: { lineId: string; note: string }) =>
    request(bankingApi.parkInSuspense, { params: { id: lineId }, body: { note } }),
  );

export const useBankCharge = () =>
  useLineAction(({ lineId, description }: { lineId: string; description: string }) =>
    request(bankingApi.bankCharge, { params: { id: lineId }, body: { description } }),
  );

export const useReturnedPayout = () =>
  useLineAction(({ lineId, payoutId }: { lineId: string; payoutId: string }) =>
    request(bankingApi.returnedPayout, { params: { id: lineId }, body: { payoutId } }),
  );

export function useReconciliation(id: string, date: string, enabled = true) {
  return useQuery({
    queryKey: bankingKeys.reconciliation(id, date),
    queryFn: () =>
      request(bankingApi.reconciliation, { params: { id }, query: { date } }).then((reply) => reply.data),
    enabled,
  });
}

export function useSignOff(id: string) {
  const invalidate = useInvalidateBanking();
  return useMutation({
    mutationFn: (date: string) =>
      request(bankingApi.signOff, { params: { id }, body: { date } }).then((reply) => reply.data),
    onSettled: invalidate,
  });
}

export function useReconciliations(id: string, query: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: bankingKeys.history(id, query),
    queryFn: () => request(bankingApi.listReconciliations, { params: { id }, query }),
    placeholderData: keepPreviousData,
  });
}

export function useReopen() {
  const invalidate = useInvalidateBanking();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      request(bankingApi.reopen, { params: { id }, body: { reason } }).then((reply) => reply.data),
    onSettled: invalidate,
  });
}

export const downloadMonthEndPack = (id: string, date: string, onProgress?: ProgressListener) =>
  downloadFile(bankingApi.monthEndPack, { params: { id } }, `month-end-${date}.zip`, onProgress);

export function useSuspense(
  query: { page: number; pageSize: number; state?: string | undefined },
  enabled = true,
) {
  return useQuery({
    queryKey: bankingKeys.suspense(query),
    queryFn: () => request(bankingApi.listSuspense, { query: { ...query } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const useAllocateSuspense = () =>
  useLineAction(({ id, leaseId, type }: { id: string; leaseId: string; type: 'rent' | 'deposit' }) =>
    request(bankingApi.allocateSuspense, { params: { id }, body: { leaseId, type } }),
  );

export const useRefundSuspense = () =>
  useLineAction(({ id, date, reference }: { id: string; date: string; reference?: string | undefined }) =>
    request(bankingApi.refundSuspense, {
      params: { id },
      body: { date, ...(reference ? { reference } : {}) },
    }),
  );

// ---------------------------------------------------------------- statement import

export interface StatementImportRequest {
  accountId: string;
  file: File;
  /** CSV only; without it the server uses the mapping saved on the bank account. */
  mapping?: CsvStatementMapping | undefined;
  dryRun: boolean;
}

/** Multipart like data sync's import: field `file`, and for CSV field `mapping` (JSON). */
export async function importStatement({
  accountId,
  file,
  mapping,
  dryRun,
}: StatementImportRequest): Promise<StatementImportReport> {
  const body = new FormData();
  // Fields before the file: the server reads the mapping before it streams the file.
  if (mapping) body.append('mapping', JSON.stringify(mapping));
  body.append('file', file);
  const reply = await request(
    bankingApi.importStatement,
    { params: { id: accountId }, query: { dryRun: String(dryRun) }, body },
    { fallback: 'The statement could not be imported. Please try again.' },
  );
  return reply.data;
}

export function useImportStatement() {
  const invalidate = useInvalidateBanking();
  return useMutation<StatementImportReport, ApiError, StatementImportRequest>({
    mutationFn: importStatement,
    onSuccess: (report) => {
      if (report.applied) invalidate();
    },
  });
}

// ---------------------------------------------------------------- pickers

const OPTION_PAGE_SIZE = 50;

const leaseOptionHooks = new Map<string, (q: string) => { data?: Lease[]; isFetching: boolean }>();

/**
 * A lease picker's search, limited to leases in one currency (a bank account's): one stable hook
 * per currency, so SearchPicker can call it like any module-level hook.
 */
export function leaseOptionsIn(currency: string) {
  let hook = leaseOptionHooks.get(currency);
  if (!hook) {
    hook = function useLeaseOptionsInCurrency(q: string) {
      const result = useQuery({
        queryKey: ['leases', 'banking-options', q],
        queryFn: () =>
          request(leasesApi.list, {
            query: { status: 'active', q: q || undefined, pageSize: OPTION_PAGE_SIZE },
          }).then((reply) => reply.data),
        placeholderData: keepPreviousData,
      });
      return {
        data: result.data?.filter((lease) => lease.currency === currency),
        isFetching: result.isFetching,
      };
    };
    leaseOptionHooks.set(currency, hook);
  }
  return hook;
}

export function usePayoutOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['payouts', 'banking-options'],
    queryFn: () =>
      request(accountsApi.listPayouts, { query: { page: 1, pageSize: 100 } }).then((reply) => reply.data),
    enabled,
  });
}
