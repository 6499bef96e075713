import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  usersApi,
  type InvitationInput,
  type PendingInvitation,
  type User,
  type UserQuery,
  type UserUpdateInput,
} from '@lintel/contracts';
import { request } from '../../lib/http.ts';

/** What the list screen sends; `isActive` travels as text ('true' / 'false'). */
export type UserListQuery = Partial<Pick<UserQuery, 'page' | 'pageSize' | 'q' | 'sort' | 'role'>> & {
  isActive?: 'true' | 'false';
};

export const userKeys = {
  all: ['users'] as const,
  list: (query: UserListQuery) => ['users', 'list', query] as const,
  invitations: ['users', 'invitations'] as const,
};

export function useUserList(query: UserListQuery) {
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: () => request(usersApi.list, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UserUpdateInput }): Promise<User> =>
      request(usersApi.update, { params: { id }, body }).then((reply) => reply.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useInvitations(enabled = true) {
  return useQuery({
    queryKey: userKeys.invitations,
    queryFn: () => request(usersApi.listInvitations).then((reply) => reply.data),
    enabled,
  });
}

export function useCreateInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationInput) =>
      request(usersApi.createInvitation, { body }).then((reply) => reply.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.invitations }),
  });
}

export function useRevokeInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (invitation: Pick<PendingInvitation, '_id'>) =>
      request(usersApi.revokeInvitation, { params: { id: invitation._id } }).then((reply) => reply.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.invitations }),
  });
}
