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
import { CompanyPropertyKpis } from '../components/CompanyPropertyKpis.tsx';
import { HomeHeader } from '../components/HomeHeader.tsx';

const WORKSPACE: [SectionKey, ReactNode][] = [
  ['payments', <PaymentsIcon />],
  ['property-accounts', <AccountBalanceIcon />],
  ['agent-accounts', <AccountBalanceWalletIcon />],
  ['commissions', <HandshakeIcon />],
  ['written-invoices', <ReceiptLongIcon />],
  ['levies', <RequestQuoteIcon />],
  ['reports', <AssessmentIcon />],
  ['tasks', <TaskAltIcon />],
  ['data-sync', <SyncIcon />],
  ['settings', <SettingsIcon />],
];

const workspaceCards = WORKSPACE.map(([key, icon]) => ({
  to: `/accountant-dashboard/${key}`,
  title: SECTIONS[key].title,
  description: SECTIONS[key].description,
  icon,
  comingNext: true,
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
      <Alert severity="info" sx={{ mb: 3 }}>
        Rent collected, arrears, commission and the balances held for owners will appear here once payments
        are receipted in Lintel.
      </Alert>
      <Box component="section" aria-label="Your workspace">
        <SectionTitle>Your workspace</SectionTitle>
        <LinkCardGrid items={workspaceCards} columns={3} />
      </Box>
    </>
  );
}
