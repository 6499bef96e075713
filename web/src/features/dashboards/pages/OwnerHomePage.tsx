import { memo, useMemo } from 'react';
import BuildIcon from '@mui/icons-material/Build';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import GavelIcon from '@mui/icons-material/Gavel';
import PaymentsIcon from '@mui/icons-material/Payments';
import Grid from '@mui/material/Grid';
import { formatMoney, type Property } from '@lintel/contracts';
import { theme } from '../../../app/theme.ts';
import { useDeferredAnswer, type Answer } from '../../../lib/deferred-answer.ts';
import { OwnerStatementCard } from '../../accounts/index.ts';
import { useProperties } from '../../../session/index.ts';
import { EndingLeasesCard } from '../../leases/index.ts';
import { OwnerLeviesCard } from '../../levies/index.ts';
import { useDashboard, type DashboardOf } from '../api.ts';
import { KpiGrid, type Kpi } from '../components/KpiGrid.tsx';
import { LatestStatementCard } from '../components/LatestStatementCard.tsx';
import { MonthlyAmountCard } from '../components/MonthlyAmountCard.tsx';
import { MyPropertiesHome } from '../components/MyPropertiesHome.tsx';
import { propertyKpis } from '../components/property-kpis.tsx';

const HOME = '/owner-dashboard';

export function OwnerHomePage() {
  // The provider's list for an owner holds only that owner's properties.
  const { properties, loading, error } = useProperties();
  // Owners may not read the enabled currencies: the figures are in the company's default.
  return (
    <OwnerHome
      dashboard={useDeferredAnswer(useDashboard('owner'))}
      propertyList={useDeferredAnswer({ data: properties, error, isPending: loading })}
    />
  );
}

const OwnerHome = memo(function OwnerHome({
  dashboard: { data, error, isPending },
  propertyList: { data: properties = [], error: propertiesError, isPending: propertiesLoading },
}: {
  dashboard: Answer<DashboardOf<'owner'>, Error>;
  propertyList: Answer<Property[], string>;
}) {
  const currencies = useMemo(
    () => [...new Set(properties.map((property) => property.currency))].sort(),
    [properties],
  );
  const loading = isPending && !error;
  const money = (amount: number | undefined) =>
    data && amount !== undefined ? formatMoney(amount, data.currency) : '—';

  const kpis: Kpi[] = [
    ...propertyKpis(data?.properties, {
      totalLabel: 'Properties owned',
      link: { to: `${HOME}/properties`, label: 'My properties' },
    }),
    {
      label: 'Received this month',
      value: money(data?.receivedThisMonth),
      caption: 'Into your property accounts',
      icon: <PaymentsIcon />,
      link: { to: '/payments', label: 'Payments' },
    },
    {
      label: 'Received this year',
      value: money(data?.receivedThisYear),
      caption: data && `Since 1 January ${data.asOf.slice(0, 4)}`,
      icon: <CalendarMonthIcon />,
    },
    {
      label: 'Open maintenance',
      value: data?.openMaintenance.toLocaleString() ?? '—',
      caption: 'Requests not yet closed',
      icon: <BuildIcon />,
      link: { to: `${HOME}/maintenance`, label: 'Maintenance' },
    },
    {
      label: 'Approvals waiting',
      value: data?.approvalsWaiting.toLocaleString() ?? '—',
      caption: 'Repairs waiting for your yes or no',
      icon: <GavelIcon />,
      link: { to: `${HOME}/maintenance`, label: 'Maintenance' },
    },
  ];

  return (
    <MyPropertiesHome
      subtitle="Your properties and how they are let."
      propertiesPath={`${HOME}/properties`}
      properties={properties}
      loading={propertiesLoading}
      error={propertiesError}
      figures={
        <>
          <KpiGrid
            items={kpis}
            loading={loading}
            error={error}
            errorText={'Your dashboard figures could not be loaded.'}
          />
          {!error && (
            <Grid container spacing={2} sx={{ mb: 3 }}>
              <Grid size={{ xs: 12, lg: 7 }}>
                <MonthlyAmountCard
                  title="Received by month"
                  seriesLabel="Received"
                  color={theme.palette.success.main}
                  months={data?.receivedByMonth}
                  currency={data?.currency}
                  loading={loading}
                  emptyText="Nothing received in the last 12 months yet. Rent paid on your properties shows here month by month."
                />
              </Grid>
              <Grid size={{ xs: 12, lg: 5 }}>
                <LatestStatementCard
                  statement={data?.latestStatement}
                  currency={data?.currency}
                  loading={loading}
                />
              </Grid>
            </Grid>
          )}
        </>
      }
      aside={
        <>
          <EndingLeasesCard />
          <OwnerLeviesCard />
        </>
      }
      footer={<OwnerStatementCard currencies={currencies} />}
    />
  );
});
