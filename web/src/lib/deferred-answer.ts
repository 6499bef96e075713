import { useDeferredValue, useMemo } from 'react';

/** What a page draws from a query: its answer, its failure, and whether it is still asked. */
export interface Answer<T, E> {
  data: T | undefined;
  error: E | null;
  isPending: boolean;
}

/**
 * A query's answer for a page to draw in the background. An answer reaches React through
 * `useSyncExternalStore`, which draws at once and holds the main thread until the whole page is
 * drawn (on a phone a home's figures took 250–400 ms in one task); deferred, React draws them in
 * slices between frames. The page's view is memoised, so the urgent render with the earlier
 * answer costs nothing. The three parts are deferred together and land in the same render; the
 * answer is the same object until one of them changes, so it can be a memoised view's prop.
 */
export function useDeferredAnswer<T, E>({ data, error, isPending }: Answer<T, E>): Answer<T, E> {
  const shownData = useDeferredValue(data);
  const shownError = useDeferredValue(error);
  const shownPending = useDeferredValue(isPending);
  return useMemo(
    () => ({ data: shownData, error: shownError, isPending: shownPending }),
    [shownData, shownError, shownPending],
  );
}
