import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import ApartmentIcon from '@mui/icons-material/Apartment';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { UpcomingCard } from '../../../components/UpcomingCard.tsx';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { useProperties } from '../../properties/PropertyProvider.tsx';
import { HomeHeader } from '../components/HomeHeader.tsx';
import { PropertyKpis } from '../components/PropertyKpis.tsx';
import { PropertySummaryList } from '../components/PropertySummaryList.tsx';
import { statsOf } from '../property-stats.ts';

const MY_PROPERTIES = '/agent-dashboard/properties';

export function AgentHomePage() {
  const { user } = useAuth();
  const { properties, loading, error } = useProperties();
  const mine = useMemo(
    () => properties.filter((property) => property.agentId === user?._id),
    [properties, user],
  );
  return (
    <>
      <HomeHeader
        subtitle="The properties you look after, at a glance."
        actions={
          <Button component={RouterLink} to={MY_PROPERTIES} variant="contained" startIcon={<ApartmentIcon />}>
            My properties
          </Button>
        }
      />
      <PropertyKpis
        stats={error ? undefined : statsOf(mine)}
        loading={loading}
        totalLabel="Properties I manage"
        totalCaption="Assigned to you"
      />
      <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <PropertySummaryList
            title="My properties"
            properties={mine}
            loading={loading}
            error={error}
            limit={6}
            emptyText="No properties assigned to you yet"
            action={
              <Button component={RouterLink} to={MY_PROPERTIES} size="small">
                View all
              </Button>
            }
          />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <UpcomingCard title="Leases, payments and commission">
            Next, you will sign leases, record rent on your properties and follow the commission you have
            earned from this page.
          </UpcomingCard>
        </Grid>
      </Grid>
    </>
  );
}
