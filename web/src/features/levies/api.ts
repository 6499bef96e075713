import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  leviesApi,
  type LevyPayInput,
  type LevySchedule,
  type LevyScheduleInput,
  type LevyScheduleQuery,
  type LevyScheduleUpdateInput,
} from '@lintel/contracts';
import { request } from '../../lib/http.ts';
import { useAuth } from '../../session/index.ts';

type RoleName = string | undefined;
// PRODUCT.md roles table: the server enforces it, and a 403 signs the user out, so nothing calls past it.
/** Levies: admin and agent read, accountant edits, owner reads their own. */
export const canReadLevies = (role: RoleName) =>
  role === 'admin' || role === 'accountant' || role === 'agent' || role === 'owner';
export const canEditLevies = (role: RoleName) => role === 'accountant';

export type LevyScheduleListQuery = Partial<LevyScheduleQuery>;

export const levyKeys = {
  all: ['levies'] as const,
  schedules: (query: LevyScheduleListQuery) => ['levies', 'schedules', query] as const,
  due: (period: string | undefined) => ['levies', 'due', period ?? 'current'] as const,
};

export function useLevySchedules(query: LevyScheduleListQuery) {
  const { user } = useAuth();
  return useQuery({
    queryKey: levyKeys.schedules(query),
    queryFn: () => request(leviesApi.list, { query }),
    placeholderData: keepPreviousData,
    enabled: canReadLevies(user?.role),
  });
}

export const fetchLevySchedule = (id: string) =>
  request(leviesApi.get, { params: { id } }).then((reply) => reply.data);

/** This month's levies (the server's month when `period` is left out), with earlier unpaid ones. */
export function useDueLevies(period?: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: levyKeys.due(period),
    queryFn: () => request(leviesApi.due, { query: period ? { period } : {} }).then((reply) => reply.data),
    enabled: canReadLevies(user?.role),
  });
}

/** Levy changes move due lists; payments move property balances and statements too. */
function useInvalidateLevies(alsoAccounts = false) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: levyKeys.all });
    if (alsoAccounts) void qc.invalidateQueries({ queryKey: ['accounts'] });
  };
}

export function useCreateLevySchedule() {
  const invalidate = useInvalidateLevies();
  return useMutation({
    mutationFn: (body: LevyScheduleInput) => request(leviesApi.create, { body }).then((reply) => reply.data),
    onSuccess: invalidate,
  });
}

export function useUpdateLevySchedule() {
  const invalidate = useInvalidateLevies();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: LevyScheduleUpdateInput }): Promise<LevySchedule> =>
      request(leviesApi.update, { params: { id }, body }).then((reply) => reply.data),
    onSuccess: invalidate,
  });
}

export function usePayLevies() {
  const invalidate = useInvalidateLevies(true);
  return useMutation({
    mutationFn: (body: LevyPayInput) => request(leviesApi.pay, { body }).then((reply) => reply.data),
    // A refused payment changes nothing, but the lines may have been paid meanwhile: refetch either way.
    onSettled: invalidate,
  });
}
