import { useQuery } from '@tanstack/react-query';
import { propertiesApi, type PropertyStatus } from '@lintel/contracts';
import { request } from '../../lib/http.ts';
import type { PropertyStats } from './property-stats.ts';

// GET /properties answers admins and accountants; other roles get a 403, which ends the session
// (SPEC §4), so only their dashboards use these hooks.
const countProperties = async (status?: PropertyStatus) => {
  const page = await request(propertiesApi.list, { query: { pageSize: 1, ...(status ? { status } : {}) } });
  return page.meta.total;
};

export const usePropertyCount = (status?: PropertyStatus) =>
  useQuery({ queryKey: ['properties', 'count', status ?? 'all'], queryFn: () => countProperties(status) });

/** The company's property counts, one small page per status, read from `meta.total`. */
export function usePropertyStats(): {
  stats: PropertyStats | undefined;
  isLoading: boolean;
  error: Error | null;
} {
  const total = usePropertyCount();
  const occupied = usePropertyCount('occupied');
  const available = usePropertyCount('available');
  const queries = [total, occupied, available];
  const stats =
    total.data !== undefined && occupied.data !== undefined && available.data !== undefined
      ? { total: total.data, occupied: occupied.data, available: available.data }
      : undefined;
  return {
    stats,
    isLoading: queries.some((query) => query.isPending && query.fetchStatus !== 'idle'),
    error: queries.find((query) => query.error)?.error ?? null,
  };
}
