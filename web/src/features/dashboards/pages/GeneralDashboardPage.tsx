import { lazy, memo, Suspense } from 'react';
import { Navigate } from 'react-router';
import BuildIcon from '@mui/icons-material/Build';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import Grid from '@mui/material/Grid';
import { PROPERTY_TYPES, type Property } from '@lintel/contracts';
import { ChartCard } from '../../../components/ChartCard.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { homeFor } from '../../../lib/roles.ts';
import { useDeferredAnswer, type Answer } from '../../../lib/deferred-answer.ts';
import { useAuth, useProperties } from '../../../session/index.ts';
import { useDashboard, type DashboardOf } from '../api.ts';
import { CompanyCard } from '../components/CompanyCard.tsx';
import { CountBarChart } from '../components/CountBarChart.tsx';
import { CompanyName, HomeHeader } from '../components/HomeHeader.tsx';
import { KpiGrid, type Kpi } from '../components/KpiGrid.tsx';
import { propertyKpis } from '../components/property-kpis.tsx';
import { PropertyStatusCard } from '../components/PropertyStatusCard.tsx';
import { PropertySummaryList } from '../components/PropertySummaryList.tsx';
import { humanize } from '../property-stats.ts';

/**
 * The way into a company (its two forms) only for the few who have none: the company overview,
 * which most visits show, does not carry the form code.
 */
const NoCompanyHome = lazy(() =>
  import('../components/NoCompanyHome.tsx').then((module) => ({ default: module.NoCompanyHome })),
);

const TYPES_TITLE = 'Properties by type';

/**
 * SPEC §2 /dashboard: the four named roles go to their own dashboard; everyone else stays here, a
 * user without a company to create or join one.
 */
export function GeneralDashboardPage() {
  const { user } = useAuth();
  if (user && user.role !== 'other') return <Navigate replace to={homeFor(user.role)} />;
  if (user?.companyId === null)
    return (
      <Suspense fallback={<PageSpinner label="Loading…" />}>
        <NoCompanyHome />
      </Suspense>
    );
  return <CompanyOverview />;
}

/** The company's figures, charts and properties. */
function CompanyOverview() {
  const { properties, loading, error } = useProperties();
  return (
    <CompanyOverviewView
      dashboard={useDeferredAnswer(useDashboard('other'))}
      propertyList={useDeferredAnswer({ data: properties, error, isPending: loading })}
    />
  );
}

const CompanyOverviewView = memo(function CompanyOverviewView({
  dashboard: { data, error, isPending },
  propertyList: { data: properties = [], error: propertiesError, isPending: propertiesLoading },
}: {
  dashboard: Answer<DashboardOf<'other'>, Error>;
  propertyList: Answer<Property[], string>;
}) {
  const loading = isPending && !error;
  const counts = data?.properties;
  // Every type in the contract's order, those without a property left out.
  const byType = PROPERTY_TYPES.flatMap((type) => {
    const count = data?.propertiesByType.find((row) => row.type === type)?.count ?? 0;
    return count > 0 ? [{ label: humanize(type), count }] : [];
  });

  const kpis: Kpi[] = [
    ...propertyKpis(counts, { totalLabel: 'Total properties' }).map((kpi) => ({ ...kpi, lg: 3 as const })),
    {
      label: 'Available',
      value: counts?.available.toLocaleString() ?? '—',
      caption: 'Ready to let',
      icon: <MeetingRoomIcon />,
      lg: 3,
    },
    {
      label: 'Under maintenance',
      value: counts?.underMaintenance.toLocaleString() ?? '—',
      caption: 'Being repaired',
      icon: <BuildIcon />,
      lg: 3,
    },
  ];

  return (
    <>
      <HomeHeader
        subtitle={
          <>
            An overview of <CompanyName fallback="your company" /> and its properties.
          </>
        }
      />
      <KpiGrid
        items={kpis}
        loading={loading}
        error={error}
        errorText={'The company figures could not be loaded.'}
      />
      {!error && (
        <Grid container spacing={2} sx={{ mb: 3 }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <PropertyStatusCard counts={counts} loading={loading} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ChartCard
              title={TYPES_TITLE}
              loading={loading}
              emptyText={data && byType.length === 0 ? 'No properties yet.' : null}
              height={220}
            >
              <CountBarChart caption={TYPES_TITLE} items={byType} color="#00897b" />
            </ChartCard>
          </Grid>
        </Grid>
      )}
      <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <CompanyCard />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <PropertySummaryList
            title="Properties"
            properties={properties}
            loading={propertiesLoading}
            error={propertiesError}
          />
        </Grid>
      </Grid>
    </>
  );
});
