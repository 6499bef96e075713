import type { ReactNode } from 'react';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AssessmentIcon from '@mui/icons-material/Assessment';
import HandshakeIcon from '@mui/icons-material/Handshake';
import PaymentsIcon from '@mui/icons-material/Payments';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import SettingsIcon from '@mui/icons-material/Settings';
import SyncIcon from '@mui/icons-material/Sync';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { SECTIONS, type SectionKey } from '../../../app/sections.ts';
import { LinkCardGrid } from '../../../components/LinkCard.tsx';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import { useCompany } from '../../company/CompanyProvider.tsx';
import { RecordPaymentButton } from '../../payments/index.ts';
import { MyTasksCard } from '../../tasks/index.ts';
import { CompanyPropertyKpis } from '../components/CompanyPropertyKpis.tsx';
import { HomeHeader } from '../components/HomeHeader.tsx';

/** Each section of the workspace, and whether it is built yet. */
const WORKSPACE: [SectionKey, ReactNode, boolean][] = [
  ['payments', <PaymentsIcon />, true],
  ['property-accounts', <AccountBalanceIcon />, true],
  ['agent-accounts', <AccountBalanceWalletIcon />, true],
  ['commissions', <HandshakeIcon />, true],
  ['written-invoices', <ReceiptLongIcon />, true],
  ['levies', <RequestQuoteIcon />, true],
  ['reports', <AssessmentIcon />, false],
  ['tasks', <TaskAltIcon />, true],
  ['data-sync', <SyncIcon />, false],
  ['settings', <SettingsIcon />, true],
];

const workspaceCards = WORKSPACE.map(([key, icon, built]) => ({
  to: `/accountant-dashboard/${key}`,
  title: SECTIONS[key].title,
  description: SECTIONS[key].description,
  icon,
  comingNext: !built,
}));

export function AccountantHomePage() {
  const { company } = useCompany();
  return (
    <>
      <HomeHeader
        subtitle={`The books of ${company?.name ?? 'your agency'}.`}
        propertiesLink={{ to: '/accountant-dashboard/properties', label: 'Properties' }}
      />
      <CompanyPropertyKpis />
      <Box sx={{ mb: 3 }}>
        <RecordPaymentButton />
      </Box>
      <Alert severity="info" sx={{ mb: 3 }}>
        Money KPIs for this page (collected this month, arrears, commission) come next; today the figures are
        in Payments, Property accounts, Agent accounts and Commissions.
      </Alert>
      <Box sx={{ mb: 3 }}>
        <MyTasksCard />
      </Box>
      <Box component="section" aria-label="Your workspace">
        <SectionTitle>Your workspace</SectionTitle>
        <LinkCardGrid items={workspaceCards} columns={3} />
      </Box>
    </>
  );
}
