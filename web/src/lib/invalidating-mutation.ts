import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A mutation after which every query under `queryKey` is stale: the lists and records it changed.
 * The mutation settles once they are refetched, so a dialog closes onto the saved list.
 */
export function useInvalidatingMutation<TVariables, TData>(
  queryKey: QueryKey,
  mutationFn: (variables: TVariables) => Promise<TData>,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey }) });
}
