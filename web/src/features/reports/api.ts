import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  accountsApi,
  ownersApi,
  propertiesApi,
  reportsApi,
  type Report,
  type ReportKind,
  type ReportQueryInput,
} from '@lintel/contracts';
import { downloadFile, request, type ProgressListener } from '../../lib/http.ts';
import { OPTION_PAGE_SIZE } from '../properties/index.ts';

// PRODUCT.md roles table: reports are read by admins and kept by accountants. Owners read their
// own statement on their home, not here. A 403 signs the user out, so nothing calls past this.
export const canReadReports = (role: string | undefined) => role === 'admin' || role === 'accountant';

/** The filters of a report request; the format is picked per request. */
export type ReportRequest = Omit<ReportQueryInput, 'format'>;

export const reportKeys = {
  all: ['reports'] as const,
  report: (kind: ReportKind, query: ReportRequest) => ['reports', kind, query] as const,
};

export function useReport(kind: ReportKind, query: ReportRequest, enabled = true) {
  return useQuery({
    queryKey: reportKeys.report(kind, query),
    queryFn: () =>
      request(reportsApi.report, { params: { report: kind }, query }).then((reply) => reply.data),
    // While new filters load, the same report stays on screen; another report never stands in.
    placeholderData: (previous: Report | undefined) => (previous?.report === kind ? previous : undefined),
    enabled,
  });
}

/** The report as a file; the server names it, `{report}-{from}-{to}.{format}` otherwise. */
export const downloadReport = (
  kind: ReportKind,
  query: ReportRequest,
  format: 'csv' | 'pdf',
  onProgress?: ProgressListener,
) =>
  downloadFile(
    reportsApi.report,
    { params: { report: kind }, query: { ...query, format } },
    `${kind}-${query.from ?? 'from'}-${query.to ?? 'to'}.${format}`,
    onProgress,
  );

export function useReportOwnerOptions(q: string) {
  return useQuery({
    queryKey: ['owners', 'report-options', q],
    queryFn: () =>
      request(ownersApi.list, { query: { q: q || undefined, pageSize: OPTION_PAGE_SIZE } }).then(
        (reply) => reply.data,
      ),
    placeholderData: keepPreviousData,
  });
}

export interface AgentChoice {
  agentId: string;
  agentName: string;
}

/**
 * Agents with an account (earned or been paid commission): GET /users is the admin's alone, and
 * the agent accounts are what both report readers may list. One agent has a row per currency.
 */
function useReportAgents() {
  return useQuery({
    queryKey: ['accounts', 'agents', 'report-options'],
    queryFn: () => request(accountsApi.agentAccounts, { query: {} }).then((reply) => reply.data),
    select: (rows): AgentChoice[] => [
      ...new Map(
        rows.map((row) => [row.agentId, { agentId: row.agentId, agentName: row.agentName }]),
      ).values(),
    ],
    staleTime: 5 * 60_000,
  });
}

/** Agents whose name contains `q` (the list is short: it is filtered here). */
export function useReportAgentOptions(q: string) {
  const agents = useReportAgents();
  const needle = q.toLocaleLowerCase();
  return {
    data: agents.data?.filter((agent) => agent.agentName.toLocaleLowerCase().includes(needle)),
    isFetching: agents.isFetching,
  };
}

// A report opened from a shared link has only ids in its address: these name them.

export function usePropertyName(id: string | undefined) {
  return useQuery({
    queryKey: ['properties', 'report-filter', id],
    queryFn: () => request(propertiesApi.get, { params: { id: id! } }).then((reply) => reply.data.name),
    enabled: Boolean(id),
    staleTime: 5 * 60_000,
  }).data;
}

export function useOwnerName(id: string | undefined) {
  return useQuery({
    queryKey: ['owners', 'report-filter', id],
    queryFn: () => request(ownersApi.get, { params: { id: id! } }).then((reply) => reply.data.name),
    enabled: Boolean(id),
    staleTime: 5 * 60_000,
  }).data;
}

export function useAgentName(id: string | undefined) {
  const agents = useReportAgents();
  return id ? agents.data?.find((agent) => agent.agentId === id)?.agentName : undefined;
}
