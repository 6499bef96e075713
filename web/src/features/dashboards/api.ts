import { useQuery } from '@tanstack/react-query';
import { dashboardApi, type Dashboard, type Role } from '@lintel/contracts';
import { ApiError, request } from '../../lib/http.ts';
import { useAuth } from '../../session/index.ts';

/** The figures of one role's home: `role: 'owner'` → the owner's dashboard. */
export type DashboardOf<R extends Role> = Extract<Dashboard, { role: R }>;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  one: (role: Role, currency: string | undefined) => ['dashboard', role, currency] as const,
};

/**
 * A role's home figures, in `currency` or the company's default. Asked only when `role` is the
 * signed-in user's own: another role's dashboard is a 403, and a 403 ends the session (SPEC §4).
 */
export function useDashboard<R extends Role>(role: R, currency?: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: dashboardKeys.one(role, currency),
    queryFn: async () => {
      const { data } = await request(dashboardApi.get, {
        params: { role },
        query: currency ? { currency } : {},
      });
      if (data.role !== role) throw new ApiError(200, 'BAD_RESPONSE', 'Invalid response format from server');
      // Checked just above: the reply is this role's dashboard.
      return data as DashboardOf<R>;
    },
    enabled: user?.role === role,
  });
}
