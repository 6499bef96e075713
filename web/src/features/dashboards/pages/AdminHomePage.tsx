import { memo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import ApartmentIcon from '@mui/icons-material/Apartment';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import BuildIcon from '@mui/icons-material/Build';
import HistoryIcon from '@mui/icons-material/History';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { formatMoney, MAINTENANCE_STATUS_LABELS } from '@lintel/contracts';
import { SECTIONS } from '../../../app/sections.ts';
import { ChartCard } from '../../../components/ChartCard.tsx';
import { LinkCardGrid } from '../../../components/LinkCard.tsx';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import { useDeferredAnswer, type Answer } from '../../../lib/deferred-answer.ts';
import { counted } from '../../../lib/format.ts';
import { EndingLeasesCard } from '../../leases/index.ts';
import { MyTasksCard } from '../../tasks/index.ts';
import { ROLE_LABELS } from '../../users/index.ts';
import { useDashboard, type DashboardOf } from '../api.ts';
import { AuditActivityChart } from '../components/AuditActivityChart.tsx';
import { CardLink } from '../components/CardLink.tsx';
import { CompanyCard } from '../components/CompanyCard.tsx';
import { CountBarChart } from '../components/CountBarChart.tsx';
import { DashboardCurrencyField } from '../components/DashboardCurrencyField.tsx';
import { CompanyName, HomeHeader } from '../components/HomeHeader.tsx';
import { IncomeByMonthCard } from '../components/IncomeByMonthCard.tsx';
import { KpiGrid, type Kpi } from '../components/KpiGrid.tsx';
import { propertyKpis } from '../components/property-kpis.tsx';
import { PropertyStatusCard } from '../components/PropertyStatusCard.tsx';
import { reportPath } from '../report-path.ts';

const PROPERTIES = '/admin-dashboard/properties';
const USERS = '/admin/users';
const MAINTENANCE = '/admin/maintenance';
const PAYMENTS = '/admin/payments';
const AUDIT = '/admin-dashboard/audit';

const QUICK_LINKS = [
  {
    to: PROPERTIES,
    title: 'Properties',
    description: 'Add, edit and transfer the company’s properties.',
    icon: <ApartmentIcon />,
  },
  { to: USERS, title: 'Users', description: SECTIONS.users.description, icon: <PeopleIcon /> },
  {
    to: MAINTENANCE,
    title: 'Maintenance',
    description: SECTIONS.maintenance.description,
    icon: <BuildIcon />,
  },
  {
    to: PAYMENTS,
    title: 'Payments',
    description: SECTIONS['admin-payments'].description,
    icon: <PaymentsIcon />,
  },
];

export function AdminHomePage() {
  const [currency, setCurrency] = useState<string>();
  const dashboard = useDeferredAnswer(useDashboard('admin', currency));
  return <AdminHome dashboard={dashboard} currency={currency} setCurrency={setCurrency} />;
}

const AdminHome = memo(function AdminHome({
  dashboard: { data, error, isPending },
  currency,
  setCurrency,
}: {
  dashboard: Answer<DashboardOf<'admin'>, Error>;
  currency: string | undefined;
  setCurrency: (currency: string) => void;
}) {
  const loading = isPending && !error;
  const userCount = data?.usersByRole.reduce((sum, row) => sum + row.count, 0);
  const auditCount = data?.auditActivity.reduce((sum, day) => sum + day.count, 0);
  const waitingApproval = data?.openMaintenance.byStatus.find((row) => row.status === 'pending')?.count ?? 0;

  const kpis: Kpi[] = [
    ...propertyKpis(data?.properties, {
      totalLabel: 'Properties',
      link: { to: PROPERTIES, label: 'Properties' },
    }),
    {
      label: 'Users',
      value: userCount?.toLocaleString() ?? '—',
      caption:
        data && `In ${counted(data.usersByRole.filter((row) => row.count > 0).length, 'role', 'roles')}`,
      icon: <PeopleIcon />,
      link: { to: USERS, label: 'Users' },
    },
    {
      label: 'Open maintenance',
      value: data?.openMaintenance.total.toLocaleString() ?? '—',
      caption: data && `${waitingApproval.toLocaleString()} waiting for approval`,
      icon: <BuildIcon />,
      link: { to: MAINTENANCE, label: 'Maintenance' },
    },
    {
      label: 'Payments this month',
      value: data ? formatMoney(data.paymentsThisMonth.amount, data.currency) : '—',
      caption:
        data && `${counted(data.paymentsThisMonth.count, 'payment', 'payments')} of rent and other income`,
      icon: <PaymentsIcon />,
      link: { to: PAYMENTS, label: 'Payments' },
    },
    {
      label: 'Audit entries',
      value: auditCount?.toLocaleString() ?? '—',
      caption: 'In the last 30 days',
      icon: <HistoryIcon />,
      link: { to: AUDIT, label: 'Audit log' },
    },
  ];

  return (
    <>
      <HomeHeader
        subtitle={
          <>
            Here is <CompanyName fallback="your agency" /> at a glance.
          </>
        }
        actions={<DashboardCurrencyField value={currency ?? data?.currency} onChange={setCurrency} />}
        propertiesLink={{ to: PROPERTIES, label: 'Manage properties' }}
      />
      <KpiGrid
        items={kpis}
        loading={loading}
        error={error}
        errorText={'The dashboard figures could not be loaded.'}
      />
      {!error && (
        <Grid container spacing={2} sx={{ mb: 3 }}>
          <Grid size={{ xs: 12, lg: 8 }}>
            <IncomeByMonthCard
              months={data?.incomeByMonth}
              currency={data?.currency}
              loading={loading}
              action={
                <CardLink to={reportPath('/admin-dashboard', 'income', data?.currency)}>
                  Income report
                </CardLink>
              }
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 4 }}>
            <PropertyStatusCard counts={data?.properties} loading={loading} />
          </Grid>
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <ChartCard
              title="Users by role"
              action={<CardLink to={USERS}>Users</CardLink>}
              loading={loading}
              emptyText={userCount === 0 ? 'No users yet.' : null}
              height={230}
            >
              {data && (
                <CountBarChart
                  caption="Users by role"
                  items={data.usersByRole.map((row) => ({ label: ROLE_LABELS[row.role], count: row.count }))}
                />
              )}
            </ChartCard>
          </Grid>
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <ChartCard
              title="Maintenance by status"
              subtitle="Open requests"
              action={<CardLink to={MAINTENANCE}>Maintenance</CardLink>}
              loading={loading}
              emptyText={data?.openMaintenance.total === 0 ? 'No open maintenance requests.' : null}
              height={230}
            >
              {data && (
                <CountBarChart
                  caption="Open maintenance requests by status"
                  color="#ef6c00"
                  items={data.openMaintenance.byStatus.map((row) => ({
                    label: MAINTENANCE_STATUS_LABELS[row.status],
                    count: row.count,
                  }))}
                />
              )}
            </ChartCard>
          </Grid>
          <Grid size={{ xs: 12, lg: 4 }}>
            <ChartCard
              title="Audit activity"
              subtitle="Entries per day, the last 30 days"
              action={<CardLink to={AUDIT}>Audit log</CardLink>}
              loading={loading}
              emptyText={auditCount === 0 ? 'Nothing recorded in the last 30 days.' : null}
              height={230}
            >
              {data && <AuditActivityChart days={data.auditActivity} />}
            </ChartCard>
          </Grid>
        </Grid>
      )}
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, md: 5 }}>
          <CompanyCard
            action={
              <Button component={RouterLink} to="/admin-dashboard/company" endIcon={<ArrowForwardIcon />}>
                Company profile
              </Button>
            }
          />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Box component="section" aria-label="Quick links">
            <SectionTitle>Quick links</SectionTitle>
            <LinkCardGrid items={QUICK_LINKS} />
          </Box>
        </Grid>
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <MyTasksCard />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <EndingLeasesCard />
        </Grid>
      </Grid>
    </>
  );
});
