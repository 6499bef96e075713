import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  leasesApi,
  tenantsApi,
  type Lease,
  type LeaseInput,
  type LeaseQuery,
  type LeaseUpdateInput,
  type RenewLeaseInput,
  type TerminateLeaseInput,
} from '@lintel/contracts';
import { request } from '../../lib/http.ts';
import { useAuth } from '../../session/index.ts';
import { OPTION_PAGE_SIZE } from '../properties/index.ts';

/** What the list screen sends (defaults filled by the server). */
export type LeaseListQuery = Partial<Pick<LeaseQuery, 'page' | 'pageSize' | 'q' | 'sort' | 'status'>>;

/** PRODUCT.md roles table: every lease endpoint answers these roles; 'other' gets 403. */
export const canReadLeases = (role: string | undefined) =>
  role === 'admin' || role === 'agent' || role === 'accountant' || role === 'owner';

/** Admins change any lease; agents leases on the properties they manage. */
export const canChangeLease = (user: { _id: string; role: string } | null | undefined, lease: Lease) =>
  user?.role === 'admin' || (user?.role === 'agent' && lease.agentId === user._id);

export const leaseKeys = {
  all: ['leases'] as const,
  list: (query: LeaseListQuery) => ['leases', 'list', query] as const,
  one: (id: string) => ['leases', 'one', id] as const,
  ending: (days: number) => ['leases', 'ending', days] as const,
};

export function useLeaseList(query: LeaseListQuery, enabled = true) {
  return useQuery({
    queryKey: leaseKeys.list(query),
    queryFn: () => request(leasesApi.list, { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useLease(id: string, enabled = true) {
  return useQuery({
    queryKey: leaseKeys.one(id),
    queryFn: () => request(leasesApi.get, { params: { id } }).then((reply) => reply.data),
    enabled,
  });
}

/** Active leases ending within `days`; only for roles the endpoint answers (see canReadLeases). */
export function useEndingLeases(days = 30) {
  const { user } = useAuth();
  return useQuery({
    queryKey: leaseKeys.ending(days),
    queryFn: () => request(leasesApi.ending, { query: { days } }).then((reply) => reply.data),
    enabled: canReadLeases(user?.role),
  });
}

export const fetchLease = (id: string): Promise<Lease> =>
  request(leasesApi.get, { params: { id } }).then((reply) => reply.data);

/** Lease changes move properties between available and occupied, so both lists refetch. */
function useInvalidate() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: leaseKeys.all });
    void qc.invalidateQueries({ queryKey: ['properties'] });
  };
}

export function useCreateLease() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: LeaseInput) => request(leasesApi.create, { body }).then((reply) => reply.data),
    onSuccess: invalidate,
  });
}

export function useUpdateLease() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: LeaseUpdateInput }) =>
      request(leasesApi.update, { params: { id }, body }).then((reply) => reply.data),
    onSuccess: invalidate,
  });
}

export function useActivateLease() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => request(leasesApi.activate, { params: { id } }).then((reply) => reply.data),
    onSuccess: invalidate,
  });
}

export function useTerminateLease() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TerminateLeaseInput }) =>
      request(leasesApi.terminate, { params: { id }, body }).then((reply) => reply.data),
    onSuccess: invalidate,
  });
}

export function useRenewLease() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RenewLeaseInput }) =>
      request(leasesApi.renew, { params: { id }, body }).then((reply) => reply.data),
    onSuccess: invalidate,
  });
}

export function useTenantOptions(q: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['tenants', 'lease-options', q],
    queryFn: () =>
      request(tenantsApi.list, { query: { q: q || undefined, pageSize: OPTION_PAGE_SIZE } }).then(
        (reply) => reply.data,
      ),
    enabled: user?.role === 'admin' || user?.role === 'agent',
    placeholderData: keepPreviousData,
  });
}
