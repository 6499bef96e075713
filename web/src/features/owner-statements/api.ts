import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ownerStatementsApi, type Role } from '@lintel/contracts';
import { request } from '../../lib/http.ts';
import { useInvalidatingMutation } from '../../lib/invalidating-mutation.ts';
import { useAuth } from '../../session/index.ts';

export const ownerStatementKeys = {
  all: ['owner-statements'] as const,
  run: (month: string) => ['owner-statements', month] as const,
};

/** The admin reads the run; the accountant sends it (PRODUCT.md: statements are the accountant's). */
export const canReadStatementRuns = (role: Role | undefined) => role === 'admin' || role === 'accountant';
export const canSendStatements = (role: Role | undefined) => role === 'accountant';

export function useStatementRun(month: string, valid: boolean) {
  const role = useAuth().user?.role;
  return useQuery({
    queryKey: ownerStatementKeys.run(month),
    queryFn: () => request(ownerStatementsApi.preview, { query: { month } }).then((reply) => reply.data),
    enabled: valid && canReadStatementRuns(role),
    placeholderData: keepPreviousData,
  });
}

export const useSendStatements = () =>
  useInvalidatingMutation(ownerStatementKeys.all, (month: string) =>
    request(ownerStatementsApi.send, { body: { month } }).then((reply) => reply.data),
  );

export const useSendOwnerStatement = () =>
  useInvalidatingMutation(ownerStatementKeys.all, ({ ownerId, month }: { ownerId: string; month: string }) =>
    request(ownerStatementsApi.sendOne, { params: { id: ownerId }, body: { month } }).then(
      (reply) => reply.data,
    ),
  );
