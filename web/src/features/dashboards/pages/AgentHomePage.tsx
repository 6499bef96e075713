import { memo, useMemo, useState } from 'react';
import BuildIcon from '@mui/icons-material/Build';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import HandshakeIcon from '@mui/icons-material/Handshake';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Grid from '@mui/material/Grid';
import { formatMoney, type Property } from '@lintel/contracts';
import { useDeferredAnswer, type Answer } from '../../../lib/deferred-answer.ts';
import { useAuth, useProperties } from '../../../session/index.ts';
import { EndingLeasesCard } from '../../leases/index.ts';
import { MyTasksCard } from '../../tasks/index.ts';
import { useDashboard, type DashboardOf } from '../api.ts';
import { ArrearsByAgeCard } from '../components/ArrearsByAgeCard.tsx';
import { CardLink } from '../components/CardLink.tsx';
import { DashboardCurrencyField } from '../components/DashboardCurrencyField.tsx';
import { KpiGrid, type Kpi } from '../components/KpiGrid.tsx';
import { MonthlyAmountCard } from '../components/MonthlyAmountCard.tsx';
import { MyPropertiesHome } from '../components/MyPropertiesHome.tsx';
import { PaymentShortcutsCard } from '../components/PaymentShortcutsCard.tsx';
import { propertyKpis } from '../components/property-kpis.tsx';

const HOME = '/agent-dashboard';

export function AgentHomePage() {
  const { properties, loading, error } = useProperties();
  const [currency, setCurrency] = useState<string>();
  return (
    <AgentHome
      dashboard={useDeferredAnswer(useDashboard('agent', currency))}
      propertyList={useDeferredAnswer({ data: properties, error, isPending: loading })}
      currency={currency}
      setCurrency={setCurrency}
    />
  );
}

const AgentHome = memo(function AgentHome({
  dashboard: { data, error, isPending },
  propertyList: { data: properties = [], error: propertiesError, isPending: propertiesLoading },
  currency,
  setCurrency,
}: {
  dashboard: Answer<DashboardOf<'agent'>, Error>;
  propertyList: Answer<Property[], string>;
  currency: string | undefined;
  setCurrency: (currency: string) => void;
}) {
  const { user } = useAuth();
  const mine = useMemo(
    () => properties.filter((property) => property.agentId === user?._id),
    [properties, user],
  );
  const loading = isPending && !error;
  const money = (amount: number | undefined) =>
    data && amount !== undefined ? formatMoney(amount, data.currency) : '—';
  const overThirtyDays = data
    ? data.arrears.days31to60 + data.arrears.days61to90 + data.arrears.days90plus
    : undefined;

  // Four property numbers in a row, then three about money and work.
  const kpis: Kpi[] = [
    ...propertyKpis(data?.properties, {
      totalLabel: 'Properties I manage',
      link: { to: `${HOME}/properties`, label: 'My properties' },
    }).map((kpi) => ({ ...kpi, lg: 3 as const })),
    {
      label: 'Leases ending soon',
      value: data?.leasesEndingSoon.toLocaleString() ?? '—',
      caption: 'In the next 30 days',
      icon: <EventBusyIcon />,
      link: { to: '/leases', label: 'Leases' },
      lg: 3,
    },
    {
      label: 'Open maintenance',
      value: data?.openMaintenance.toLocaleString() ?? '—',
      caption: 'Requests not yet closed',
      icon: <BuildIcon />,
      link: { to: `${HOME}/maintenance`, label: 'Maintenance' },
      lg: 3,
    },
    {
      label: 'My arrears',
      value: money(data?.arrears.total),
      caption: data && `${money(overThirtyDays)} over 30 days late`,
      icon: <WarningAmberIcon />,
    },
    {
      label: 'My commission this month',
      value: money(data?.commissionThisMonth),
      caption: 'Your share',
      icon: <HandshakeIcon />,
      link: { to: `${HOME}/commission`, label: 'My commission' },
    },
    {
      label: 'Open tasks',
      value: data?.tasks.open.toLocaleString() ?? '—',
      caption: data && `${data.tasks.dueToday} due today · ${data.tasks.overdue} overdue`,
      icon: <TaskAltIcon />,
      link: { to: `${HOME}/tasks`, label: 'Tasks' },
      xs: 12,
    },
  ];

  return (
    <MyPropertiesHome
      subtitle="The properties you look after, at a glance."
      headerActions={<DashboardCurrencyField value={currency ?? data?.currency} onChange={setCurrency} />}
      propertiesPath={`${HOME}/properties`}
      properties={mine}
      loading={propertiesLoading}
      error={propertiesError}
      emptyText="No properties assigned to you yet"
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
                  title="My commission by month"
                  seriesLabel="Commission"
                  color="#00897b"
                  months={data?.commissionByMonth}
                  currency={data?.currency}
                  loading={loading}
                  emptyText="No commission in the last 12 months yet. It is earned when rent is received on your properties."
                  action={<CardLink to={`${HOME}/commission`}>My commission</CardLink>}
                />
              </Grid>
              <Grid size={{ xs: 12, lg: 5 }}>
                <ArrearsByAgeCard arrears={data?.arrears} currency={data?.currency} loading={loading} />
              </Grid>
            </Grid>
          )}
        </>
      }
      aside={
        <>
          <MyTasksCard />
          <PaymentShortcutsCard />
          <EndingLeasesCard />
        </>
      }
    />
  );
});
