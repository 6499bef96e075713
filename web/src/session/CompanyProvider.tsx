import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Company } from '@lintel/contracts';
import { api, toApiError } from '../lib/http.ts';
import { sessionStore } from '../lib/session-storage.ts';
import { useAuth } from './AuthProvider.tsx';

// SPEC §4 "Company": refreshed every 300000 ms while a company is loaded.
export const COMPANY_REFRESH_MS = 300_000;

const REQUIRED_FIELDS = [
  '_id',
  'name',
  'email',
  'registrationNumber',
  'tinNumber',
  'address',
  'phone',
] as const;

/** A company answer that arrived but cannot be used. */
class CompanyDataError extends Error {}

/** SPEC §5: empty → 'No company data received'; a missing required field → 'Invalid company data received'. */
export function validateCompany(data: unknown): Company {
  if (data === null || data === undefined || (typeof data === 'object' && Object.keys(data).length === 0)) {
    throw new CompanyDataError('No company data received');
  }
  const record = data as Record<string, unknown>;
  const parsed = Company.safeParse(data);
  if (REQUIRED_FIELDS.some((field) => !record[field]) || !parsed.success) {
    throw new CompanyDataError('Invalid company data received');
  }
  return parsed.data;
}

/** SPEC §7: the by-id answer is `{ status: 'success', data }` or the company itself. */
const unwrap = (body: unknown) => (body && typeof body === 'object' && 'data' in body ? body.data : body);

/** SPEC §8's company messages. */
export function companyErrorMessage(error: unknown): string {
  if (error instanceof CompanyDataError) return error.message;
  const apiError = toApiError(error, 'Failed to fetch company data');
  if (apiError.code === 'NO_COMPANY') return 'No company found. Please create a company first.';
  if (apiError.status === 401) return 'Authentication required. Please log in again.';
  if (apiError.status === 503) return 'Service temporarily unavailable. Please try again later.';
  return apiError.message || 'Failed to fetch company data';
}

/** SPEC §6: by id when the user has one (falling back to current on 404), else the current company. */
export async function fetchCompany(companyId: string | null | undefined): Promise<Company> {
  if (companyId) {
    try {
      const { data } = await api.get<unknown>(`/companies/${encodeURIComponent(companyId)}`);
      return validateCompany(unwrap(data));
    } catch (error) {
      if (!(toApiError(error, '').status === 404)) throw error;
    }
  }
  const { data } = await api.get<{ data?: unknown }>('/companies/current');
  return validateCompany(data?.data);
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
  const [company, setCompany] = useState<Company | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const companyId = user?.companyId ?? sessionStore.companyId();

  const refresh = useCallback(async () => {
    setLoading(true);
    try {
      setCompany(await fetchCompany(companyId));
      setError(null);
    } catch (failure) {
      // SPEC §4: on failure the company is cleared and the stored companyId removed.
      setCompany(null);
      sessionStore.removeCompanyId();
      setError(companyErrorMessage(failure));
    } finally {
      setLoading(false);
    }
  }, [companyId]);

  useEffect(() => {
    if (!isAuthenticated) {
      // Signing out is the external change this effect follows: nothing of the last company stays.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setCompany(null);
      setError(null);
      return;
    }
    void refresh();
  }, [isAuthenticated, refresh]);

  const hasCompany = company !== null;
  useEffect(() => {
    if (!isAuthenticated || !hasCompany) return;
    const timer = window.setInterval(() => void refresh(), COMPANY_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [isAuthenticated, hasCompany, refresh]);

  const value = useMemo(
    () => ({ company, loading, error, refresh, setCompany }),
    [company, loading, error, refresh],
  );
  return <CompanyContext value={value}>{children}</CompanyContext>;
}
