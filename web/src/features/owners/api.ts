import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ownersApi,
  usersApi,
  type Owner,
  type OwnerInput,
  type OwnerQuery,
  type OwnerUpdateInput,
} from '@lintel/contracts';
import { request } from '../../lib/http.ts';
import { useInvalidatingMutation } from '../../lib/invalidating-mutation.ts';

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

export const useCreateOwner = () =>
  useInvalidatingMutation(ownerKeys.all, (body: OwnerInput) =>
    request(ownersApi.create, { body }).then((reply) => reply.data),
  );

export const useUpdateOwner = () =>
  useInvalidatingMutation(ownerKeys.all, ({ id, body }: { id: string; body: OwnerUpdateInput }) =>
    request(ownersApi.update, { params: { id }, body }).then((reply) => reply.data),
  );

export const useDeleteOwner = () =>
  useInvalidatingMutation(ownerKeys.all, (id: string) => request(ownersApi.remove, { params: { id } }));

/** An owner invitation bound to the owner record: signing up with it lets them see their properties. */
export const useInviteOwner = () =>
  useInvalidatingMutation(['invitations'], ({ email, ownerId }: { email: string; ownerId: string }) =>
    request(usersApi.createInvitation, { body: { email, role: 'owner', ownerId } }).then(
      (reply) => reply.data,
    ),
  );
