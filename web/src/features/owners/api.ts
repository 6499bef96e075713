import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ownersApi,
  usersApi,
  type Owner,
  type OwnerInput,
  type OwnerQuery,
  type OwnerUpdateInput,
} from '@lintel/contracts';
import { request } from '../../lib/http.ts';

export type OwnerListQuery = Partial<Pick<OwnerQuery, 'page' | 'pageSize' | 'q' | 'sort'>>;

export const ownerKeys = {
  all: ['owners'] as const,
  list: (query: OwnerListQuery) => ['owners', 'list', query] as const,
  one: (id: string) => ['owners', 'one', id] as const,
};

export function useOwnerList(query: OwnerListQuery) {
  return useQuery({
    queryKey: ownerKeys.list(query),
    queryFn: () => request(ownersApi.list, { query }),
    placeholderData: keepPreviousData,
  });
}

/** One owner record as the server has it now (the edit form loads it, and reloads it after a 409). */
export const fetchOwner = (id: string): Promise<Owner> =>
  request(ownersApi.get, { params: { id } }).then((reply) => reply.data);

export function useOwner(id: string | null) {
  return useQuery({
    queryKey: ownerKeys.one(id ?? ''),
    queryFn: () => fetchOwner(id!),
    enabled: Boolean(id),
  });
}

export function useCreateOwner() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OwnerInput) => request(ownersApi.create, { body }).then((reply) => reply.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: ownerKeys.all }),
  });
}

export function useUpdateOwner() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: OwnerUpdateInput }) =>
      request(ownersApi.update, { params: { id }, body }).then((reply) => reply.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: ownerKeys.all }),
  });
}

export function useDeleteOwner() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(ownersApi.remove, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ownerKeys.all }),
  });
}

/** An owner invitation bound to the owner record: signing up with it lets them see their properties. */
export function useInviteOwner() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ email, ownerId }: { email: string; ownerId: string }) =>
      request(usersApi.createInvitation, { body: { email, role: 'owner', ownerId } }).then(
        (reply) => reply.data,
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['invitations'] }),
  });
}
