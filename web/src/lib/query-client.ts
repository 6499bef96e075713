import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http.ts';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Retrying a 4xx cannot change the answer; a network failure might.
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}

/** Who SPEC's property list is fetched as (SPEC §7: sent as userId, companyId and userRole). */
export type PropertyListIdentity = {
  userId: string;
  companyId: string;
  userRole: string;
};

/**
 * The query keys more than one module reads or changes, in one place. The session's keys sit
 * apart from `properties`, so invalidating every property query after a change leaves SPEC's list
 * to be updated in place rather than fetched again.
 */
export const queryKeys = {
  /** Every property query (the properties grid's pages, the pickers): what a property change alters. */
  properties: ['properties'] as const,
  /** SPEC §4 "Company" of the signed-in user. */
  company: (userId: string, companyId: string | null) => ['session', 'company', userId, companyId] as const,
  /** SPEC §4 "Property list", whole and unpaged, for each identity it was fetched as. */
  propertyLists: ['session', 'property-list'] as const,
  propertyList: (identity: PropertyListIdentity | null) => ['session', 'property-list', identity] as const,
};
