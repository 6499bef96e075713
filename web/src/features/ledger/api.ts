import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ledgerApi, type JournalQuery, type LedgerExportQuery } from '@lintel/contracts';
import { downloadFile, request, type ProgressListener } from '../../lib/http.ts';

/** The general ledger is read by admins and accountants (the server refuses anyone else). */
export const canReadLedger = (role: string | undefined) => role === 'admin' || role === 'accountant';

export const ledgerKeys = {
  all: ['ledger'] as const,
  journals: (query: JournalQuery) => ['ledger', 'journals', query] as const,
  journal: (id: string) => ['ledger', 'journal', id] as const,
  chart: (currency: string) => ['ledger', 'chart', currency] as const,
};

export function useJournals(query: JournalQuery, enabled = true) {
  return useQuery({
    queryKey: ledgerKeys.journals(query),
    queryFn: () => request(ledgerApi.journals, { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useJournal(id: string | null) {
  return useQuery({
    queryKey: ledgerKeys.journal(id ?? ''),
    queryFn: () => request(ledgerApi.journal, { params: { id: id ?? '' } }).then((reply) => reply.data),
    enabled: id !== null,
  });
}

export function useChartOfAccounts(currency: string, enabled = true) {
  return useQuery({
    queryKey: ledgerKeys.chart(currency),
    queryFn: () => request(ledgerApi.chart, { query: { currency } }).then((reply) => reply.data),
    enabled,
  });
}

/** The general ledger as a file: CSV or an hledger journal; the server names it. */
export const downloadLedger = (query: LedgerExportQuery, onProgress?: ProgressListener) =>
  downloadFile(
    ledgerApi.export,
    { query },
    `lintel-${query.book ?? 'general'}-ledger.${query.format === 'ledger' ? 'journal' : 'csv'}`,
    onProgress,
  );
