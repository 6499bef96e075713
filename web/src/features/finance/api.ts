import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { financeApi, type FinanceSettingsInput } from '@lintel/contracts';
import { request } from '../../lib/http.ts';

/** PRODUCT.md roles table: admins and accountants change the money settings, agents read them. */
export const canReadFinanceSettings = (role: string | undefined) =>
  role === 'admin' || role === 'accountant' || role === 'agent';
export const canEditFinanceSettings = (role: string | undefined) => role === 'admin' || role === 'accountant';

export const financeKeys = { settings: ['finance', 'settings'] as const };

/** Pass `enabled` false for roles the endpoint refuses: a 403 would end the session. */
export function useFinanceSettings(enabled = true) {
  return useQuery({
    queryKey: financeKeys.settings,
    queryFn: () => request(financeApi.get).then((reply) => reply.data),
    enabled,
  });
}

export function useUpdateFinanceSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: FinanceSettingsInput) =>
      request(financeApi.update, { body }).then((reply) => reply.data),
    onSuccess: (saved) => qc.setQueryData(financeKeys.settings, saved),
  });
}
