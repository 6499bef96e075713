import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Property } from '@lintel/contracts';
import { queryKeys } from '../lib/query-client.ts';

export interface PropertyCache {
  added: (property: Property) => void;
  replaced: (property: Property) => void;
  removed: (id: string) => void;
}

/**
 * One properties cache: a change, wherever it is made, lands in SPEC's list in place (SPEC §4: add
 * appends, update replaces by _id, delete removes) and every other property query refetches. The
 * list itself is not fetched again.
 */
export function usePropertyCache(): PropertyCache {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const change = (edit: (list: Property[]) => Property[]) => {
      queryClient.setQueriesData<Property[]>(
        { queryKey: queryKeys.propertyLists },
        (list) => list && edit(list),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.properties });
    };
    return {
      added: (property) => change((list) => [...list, property]),
      replaced: (property) =>
        change((list) => list.map((item) => (item._id === property._id ? property : item))),
      removed: (id) => change((list) => list.filter((item) => item._id !== id)),
    };
  }, [queryClient]);
}
