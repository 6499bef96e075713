import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_PREFERENCES,
  meApi,
  type PasswordChangeInput,
  type Preferences,
  type ProfileInput,
} from '@lintel/contracts';
import { request } from '../../lib/http.ts';
import { sessionStore } from '../../lib/session-storage.ts';
import { useAuth } from '../../session/index.ts';

export const preferenceKeys = { all: ['me', 'preferences'] as const };

/**
 * The signed-in user's preferences, kept on the server (every role may read them). Until they
 * arrive, or if they cannot be read, `preferences` holds the defaults, so a grid can start at once.
 */
export function usePreferences() {
  const { user } = useAuth();
  const query = useQuery({
    queryKey: [...preferenceKeys.all, user?._id],
    queryFn: () => request(meApi.getPreferences).then((reply) => reply.data),
    // A user without a company has none to read yet (the call answers NO_COMPANY).
    enabled: Boolean(user?.companyId),
    staleTime: 5 * 60 * 1000,
  });
  return { ...query, preferences: query.data ?? DEFAULT_PREFERENCES };
}

/** A grid's page size: the user's saved rows-per-page until they pick another size on that grid. */
export function usePageSize(chosen: number | null): number {
  const { preferences } = usePreferences();
  return chosen ?? preferences.rowsPerPage;
}

export function useUpdatePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Preferences) => request(meApi.updatePreferences, { body }).then((reply) => reply.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: preferenceKeys.all }),
  });
}

export function useUpdateProfile() {
  return useMutation({
    mutationFn: (body: ProfileInput) => request(meApi.updateProfile, { body }).then((reply) => reply.data),
    // The stored user (SPEC's `user` key) follows, so a reload shows the new name at once.
    onSuccess: (user) => sessionStore.saveUser(user),
  });
}

/** The server ends every other session; this one continues with the new token pair it returns. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: PasswordChangeInput) => request(meApi.changePassword, { body }),
    onSuccess: (pair) => sessionStore.saveTokens({ token: pair.token, refreshToken: pair.refreshToken }),
  });
}
