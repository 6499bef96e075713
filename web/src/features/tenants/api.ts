import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  leasesApi,
  tenantsApi,
  type Tenant,
  type TenantInput,
  type TenantQuery,
  type TenantUpdateInput,
} from '@lintel/contracts';
import { request } from '../../lib/http.ts';
import { useInvalidatingMutation } from '../../lib/invalidating-mutation.ts';

export type TenantListQuery = Partial<Pick<TenantQuery, 'page' | 'pageSize' | 'q' | 'sort' | 'archived'>>;

export const tenantKeys = {
  all: ['tenants'] as const,
  list: (query: TenantListQuery) => ['tenants', 'list', query] as const,
  one: (id: string) => ['tenants', 'one', id] as const,
};

export function useTenantList(query: TenantListQuery) {
  return useQuery({
    queryKey: tenantKeys.list(query),
    // The contract's query parses 'true' / 'false' text.
    queryFn: () =>
      request(tenantsApi.list, {
        query: { ...query, archived: query.archived === undefined ? undefined : String(query.archived) },
      }),
    placeholderData: keepPreviousData,
  });
}

export const fetchTenant = (id: string): Promise<Tenant> =>
  request(tenantsApi.get, { params: { id } }).then((reply) => reply.data);

export function useTenant(id: string) {
  return useQuery({ queryKey: tenantKeys.one(id), queryFn: () => fetchTenant(id) });
}

export function useTenantLeases(tenantId: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['leases', 'list', { tenantId, page, pageSize }],
    queryFn: () => request(leasesApi.list, { query: { tenantId, page, pageSize, sort: '-startDate' } }),
    placeholderData: keepPreviousData,
  });
}

export const useCreateTenant = () =>
  useInvalidatingMutation(tenantKeys.all, (body: TenantInput) =>
    request(tenantsApi.create, { body }).then((reply) => reply.data),
  );

export const useUpdateTenant = () =>
  useInvalidatingMutation(tenantKeys.all, ({ id, body }: { id: string; body: TenantUpdateInput }) =>
    request(tenantsApi.update, { params: { id }, body }).then((reply) => reply.data),
  );

export const useDeleteTenant = () =>
  useInvalidatingMutation(tenantKeys.all, (id: string) => request(tenantsApi.remove, { params: { id } }));
