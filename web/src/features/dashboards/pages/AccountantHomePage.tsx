import { memo, useState, type ReactNode } from 'react';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AssessmentIcon from '@mui/icons-material/Assessment';
import HandshakeIcon from '@mui/icons-material/Handshake';
import PaymentsIcon from '@mui/icons-material/Payments';
import PercentIcon from '@mui/icons-material/Percent';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import SavingsIcon from '@mui/icons-material/Savings';
import SettingsIcon from '@mui/icons-material/Settings';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import SyncIcon from '@mui/icons-material/Sync';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import { formatMoney } from '@lintel/contracts';
import { SECTIONS, type SectionKey } from '../../../app/sections.ts';
import { LinkCardGrid } from '../../../components/LinkCard.tsx';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import { useDeferredAnswer, type Answer } from '../../../lib/deferred-answer.ts';
import { counted } from '../../../lib/format.ts';
import { RecordPaymentButton } from '../../payments/index.ts';
import { MyTasksCard } from '../../tasks/index.ts';
import { useDashboard, type DashboardOf } from '../api.ts';
import { ArrearsByAgeCard } from '../components/ArrearsByAgeCard.tsx';
import { CardLink } from '../components/CardLink.tsx';
import { ChangeText } from '../components/ChangeText.tsx';
import { DashboardCurrencyField } from '../components/DashboardCurrencyField.tsx';
import { CompanyName, HomeHeader } from '../components/HomeHeader.tsx';
import { IncomeByMonthCard } from '../components/IncomeByMonthCard.tsx';
import { KpiGrid, type Kpi } from '../components/KpiGrid.tsx';
import { reportPath } from '../report-path.ts';

const HOME = '/accountant-dashboard';

/** Each section of the workspace, with its icon. */
const WORKSPACE: [SectionKey, ReactNode][] = [
  ['payments', <PaymentsIcon />],
  ['property-accounts', <AccountBalanceIcon />],
  ['agent-accounts', <AccountBalanceWalletIcon />],
  ['commissions', <HandshakeIcon />],
  ['banking', <AccountBalanceOutlinedIcon />],
  ['transfers', <SwapHorizIcon />],
  ['vat', <PercentIcon />],
  ['written-invoices', <ReceiptLongIcon />],
  ['levies', <RequestQuoteIcon />],
  ['reports', <AssessmentIcon />],
  ['tasks', <TaskAltIcon />],
  ['data-sync', <SyncIcon />],
  ['settings', <SettingsIcon />],
];

const workspaceCards = WORKSPACE.map(([key, icon]) => ({
  to: `${HOME}/${key}`,
  title: SECTIONS[key].title,
  description: SECTIONS[key].description,
  icon,
}));

export function AccountantHomePage() {
  const [currency, setCurrency] = useState<string>();
  const dashboard = useDeferredAnswer(useDashboard('accountant', currency));
  return <AccountantHome dashboard={dashboard} currency={currency} setCurrency={setCurrency} />;
}

const AccountantHome = memo(function AccountantHome({
  dashboard: { data, error, isPending },
  currency,
  setCurrency,
}: {
  dashboard: Answer<DashboardOf<'accountant'>, Error>;
  currency: string | undefined;
  setCurrency: (currency: string) => void;
}) {
  const loading = isPending && !error;
  const money = (amount: number | undefined) =>
    data && amount !== undefined ? formatMoney(amount, data.currency) : '—';
  const overThirtyDays = data
    ? data.arrears.days31to60 + data.arrears.days61to90 + data.arrears.days90plus
    : undefined;

  const kpis: Kpi[] = [
    {
      label: 'Collected this month',
      value: money(data?.collectedThisMonth),
      caption: data && (
        <ChangeText
          current={data.collectedThisMonth}
          previous={data.collectedLastMonth}
          currency={data.currency}
        />
      ),
      icon: <PaymentsIcon />,
      link: { to: `${HOME}/payments`, label: 'Payments' },
    },
    {
      label: 'Arrears',
      value: money(data?.arrears.total),
      caption: data && `${money(overThirtyDays)} over 30 days late`,
      icon: <WarningAmberIcon />,
      link: { to: `${HOME}/property-accounts`, label: 'Property accounts' },
    },
    {
      label: 'Commission this month',
      value: money(data?.commissionThisMonth),
      caption: 'Agent and agency shares',
      icon: <HandshakeIcon />,
      link: { to: `${HOME}/commissions`, label: 'Commissions' },
    },
    {
      label: 'Held for owners',
      value: money(data?.heldForOwners),
      caption: 'In the property accounts',
      icon: <SavingsIcon />,
      link: { to: `${HOME}/property-accounts`, label: 'Property accounts' },
    },
    {
      label: 'Levies due',
      value: money(data?.leviesDue.amount),
      caption: data && `${counted(data.leviesDue.count, 'levy', 'levies')} to pay`,
      icon: <RequestQuoteIcon />,
      link: { to: `${HOME}/levies`, label: 'Levies' },
    },
    {
      label: 'Overdue invoices',
      value: money(data?.overdueInvoices.amount),
      caption: data && `${counted(data.overdueInvoices.count, 'invoice', 'invoices')} past due`,
      icon: <ReceiptLongIcon />,
      link: { to: `${HOME}/written-invoices`, label: 'Written invoices' },
    },
  ];

  return (
    <>
      <HomeHeader
        subtitle={
          <>
            The books of <CompanyName fallback="your agency" />.
          </>
        }
        actions={
          <>
            <DashboardCurrencyField value={currency ?? data?.currency} onChange={setCurrency} />
            <RecordPaymentButton variant="outlined" />
          </>
        }
        propertiesLink={{ to: `${HOME}/properties`, label: 'Properties' }}
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
              action={<CardLink to={reportPath(HOME, 'income', data?.currency)}>Income report</CardLink>}
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 4 }}>
            <ArrearsByAgeCard
              arrears={data?.arrears}
              currency={data?.currency}
              loading={loading}
              action={<CardLink to={reportPath(HOME, 'arrears', data?.currency)}>Arrears report</CardLink>}
            />
          </Grid>
        </Grid>
      )}
      <Box sx={{ mb: 3 }}>
        <MyTasksCard />
      </Box>
      <Box component="section" aria-label="Your workspace">
        <SectionTitle>Your workspace</SectionTitle>
        <LinkCardGrid items={workspaceCards} columns={3} />
      </Box>
    </>
  );
});
