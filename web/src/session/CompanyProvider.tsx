import { createContext, use, useCallback, useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { companiesApi, type Company } from '@lintel/contracts';
import { ApiError, request } from '../lib/http.ts';
import { queryKeys } from '../lib/query-client.ts';
import { sessionStore } from '../lib/session-storage.ts';
import { useAuth } from './AuthProvider.tsx';
import { CompanyByIdReply, CurrentCompanyReply } from './spec-replies.ts';

// SPEC §4 "Company": refreshed every 300000 ms while a company is loaded.
export const COMPANY_REFRESH_MS = 300_000;

/** SPEC §8's company messages (the fallback, 'Failed to fetch company data', is request()'s). */
export function companyErrorMessage(error: ApiError): string {
  if (error.code === 'NO_COMPANY') return 'No company found. Please create a company first.';
  if (error.status === 401) return 'Authentication required. Please log in again.';
  if (error.status === 503) return 'Service temporarily unavailable. Please try again later.';
  return error.message;
}

const FAILURE = { fallback: 'Failed to fetch company data' };

/** SPEC §6: by id when the user has one (falling back to current on 404), else the current company. */
async function fetchCompany(companyId: string | null): Promise<Company> {
  if (companyId) {
    try {
      return await request(
        { ...companiesApi.get, reply: CompanyByIdReply },
        { params: { id: companyId } },
        FAILURE,
      );
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  return request({ ...companiesApi.current, reply: CurrentCompanyReply }, {}, FAILURE);
}

interface CompanyContextValue {
  company: Company | null;
  loading: boolean;
  error: string | null;
  refresh: () => Promise<void>;
  /** After an edit: the saved company replaces the loaded one. */
  setCompany: (company: Company) => void;
}

const CompanyContext = createContext<CompanyContextValue | null>(null);

export function useCompany(): CompanyContextValue {
  const value = use(CompanyContext);
  if (!value) throw new Error('useCompany must be used within a CompanyProvider');
  return value;
}

export function CompanyProvider({ children }: { children: ReactNode }) {
  const { user, isAuthenticated } = useAuth();
  const queryClient = useQueryClient();
  const signedIn = isAuthenticated && user !== null;
  const userId = user?._id ?? '';
  const companyId = user?.companyId ?? null;
  const query = useQuery<Company, ApiError>({
    queryKey: queryKeys.company(userId, companyId),
    queryFn: async () => {
      try {
        // Read at fetch time: a user without a company id may still have one stored.
        return await fetchCompany(companyId ?? sessionStore.companyId());
      } catch (failure) {
        // SPEC §4: on failure the company is cleared and the stored companyId removed.
        sessionStore.removeCompanyId();
        throw failure;
      }
    },
    enabled: signedIn,
    // SPEC §4: a failure clears the company at once; the next try is the user's or the timer's.
    retry: false,
    // SPEC §4: only while a company is loaded, whether or not the window has the focus.
    refetchInterval: (current) => (current.state.status === 'success' ? COMPANY_REFRESH_MS : false),
    refetchIntervalInBackground: true,
  });
  const { refetch } = query;

  const refresh = useCallback(async () => {
    await refetch();
  }, [refetch]);

  const setCompany = useCallback(
    (company: Company) => queryClient.setQueryData(queryKeys.company(userId, companyId), company),
    [queryClient, userId, companyId],
  );

  // Signed out, nothing of the last company shows; after a failure the last one is gone too.
  const company = signedIn && !query.isError ? (query.data ?? null) : null;
  const error = signedIn && query.error ? companyErrorMessage(query.error) : null;
  const loading = signedIn && query.isFetching;
  const value = useMemo(
    () => ({ company, loading, error, refresh, setCompany }),
    [company, loading, error, refresh, setCompany],
  );
  return <CompanyContext value={value}>{children}</CompanyContext>;
}
