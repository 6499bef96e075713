import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { usePropertyStats } from '../api.ts';
import { PropertyKpis } from './PropertyKpis.tsx';

/** The company-wide property numbers (admins and accountants may count every property). */
export function CompanyPropertyKpis() {
  const { stats, isLoading, error } = usePropertyStats();
  return (
    <>
      <ErrorAlert message={error?.message} sx={{ mb: 2 }} />
      <PropertyKpis stats={stats} loading={isLoading} totalCaption="Across the company" />
    </>
  );
}
