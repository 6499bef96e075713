import { Navigate } from 'react-router';
import Grid from '@mui/material/Grid';
import { homeFor } from '../../../lib/roles.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { useCompany } from '../../company/CompanyProvider.tsx';
import { useProperties } from '../../properties/PropertyProvider.tsx';
import { CompanyCard } from '../components/CompanyCard.tsx';
import { HomeHeader } from '../components/HomeHeader.tsx';
import { PropertySummaryList } from '../components/PropertySummaryList.tsx';

/** SPEC §2 /dashboard: the four named roles go to their own dashboard; everyone else stays here. */
export function GeneralDashboardPage() {
  const { user } = useAuth();
  const { company } = useCompany();
  const { properties, loading, error } = useProperties();
  if (user && user.role !== 'other') return <Navigate replace to={homeFor(user.role)} />;
  return (
    <>
      <HomeHeader subtitle={`An overview of ${company?.name ?? 'your company'} and its properties.`} />
      <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <CompanyCard />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <PropertySummaryList title="Properties" properties={properties} loading={loading} error={error} />
        </Grid>
      </Grid>
    </>
  );
}
