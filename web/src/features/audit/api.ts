import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditApi, type AuditQuery } from '@lintel/contracts';
import { request } from '../../lib/http.ts';
import { useAuth } from '../../session/index.ts';

/** What the screen sends: the contract's query as the caller builds it (defaults filled by the server). */
export type AuditListQuery = Partial<AuditQuery>;

export const auditKeys = {
  all: ['audit'] as const,
  list: (query: AuditListQuery) => ['audit', 'list', query] as const,
  facets: ['audit', 'facets'] as const,
};

/**
 * The log answers admins only, and SPEC's client ends the session on any 403, so neither query
 * runs for another role (the route is admin-only too; this is the second guard).
 */
const useIsAdmin = () => useAuth().user?.role === 'admin';

export function useAuditLog(query: AuditListQuery, enabled = true) {
  const isAdmin = useIsAdmin();
  return useQuery({
    queryKey: auditKeys.list(query),
    queryFn: () => request(auditApi.list, { query }),
    enabled: enabled && isAdmin,
    placeholderData: keepPreviousData,
  });
}

export function useAuditFacets() {
  const isAdmin = useIsAdmin();
  return useQuery({
    queryKey: auditKeys.facets,
    queryFn: () => request(auditApi.facets).then((reply) => reply.data),
    enabled: isAdmin,
  });
}
