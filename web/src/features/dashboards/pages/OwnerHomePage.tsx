import { Link as RouterLink } from 'react-router';
import ApartmentIcon from '@mui/icons-material/Apartment';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { UpcomingCard } from '../../../components/UpcomingCard.tsx';
import { useProperties } from '../../properties/PropertyProvider.tsx';
import { HomeHeader } from '../components/HomeHeader.tsx';
import { PropertyKpis } from '../components/PropertyKpis.tsx';
import { PropertySummaryList } from '../components/PropertySummaryList.tsx';
import { statsOf } from '../property-stats.ts';

const MY_PROPERTIES = '/owner-dashboard/properties';

export function OwnerHomePage() {
  // The provider's list for an owner holds only that owner's properties.
  const { properties, loading, error } = useProperties();
  return (
    <>
      <HomeHeader
        subtitle="Your properties and how they are let."
        actions={
          <Button component={RouterLink} to={MY_PROPERTIES} variant="contained" startIcon={<ApartmentIcon />}>
            My properties
          </Button>
        }
      />
      <PropertyKpis
        stats={error ? undefined : statsOf(properties)}
        loading={loading}
        totalLabel="My properties"
        totalCaption="Managed for you by the agency"
      />
      <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <PropertySummaryList
            title="My properties"
            properties={properties}
            loading={loading}
            error={error}
            limit={6}
            action={
              <Button component={RouterLink} to={MY_PROPERTIES} size="small">
                View all
              </Button>
            }
          />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <UpcomingCard title="Statements and payments">
            Statements and payments are coming next: the rent received on each property, the agency’s
            commission, levies and repairs paid, and what was paid out to you, with a statement for every
            month.
          </UpcomingCard>
        </Grid>
      </Grid>
    </>
  );
}
