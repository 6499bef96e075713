import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { BankAccountView, StatementImportReport } from '@lintel/contracts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { formatDay } from '../../../lib/format.ts';
import { useAuth } from '../../../session/index.ts';
import { canKeepBanking, canReadBanking, canReopenPeriods, useAutoMatch, useBankAccounts } from '../api.ts';
import { HistoryPanel } from '../components/HistoryPanel.tsx';
import { ImportStatementDialog } from '../components/ImportStatementDialog.tsx';
import { ReconciliationPanel } from '../components/ReconciliationPanel.tsx';
import { StatementLinesPanel } from '../components/StatementLinesPanel.tsx';
import { BOOK_LABELS } from '../labels.ts';
import { usePageTitle } from '../../../components/page-title.tsx';
import { toApiError } from '../../../lib/http.ts';

type TabKey = 'lines' | 'reconciliation' | 'history';
const TABS: { key: TabKey; label: string }[] = [
  { key: 'lines', label: 'Statement lines' },
  { key: 'reconciliation', label: 'Reconciliation' },
  { key: 'history', label: 'History' },
];

/** /…-dashboard/banking/:id: one bank account's statement lines, reconciliation and history. */
export function BankAccountPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const readable = canReadBanking(user?.role);
  const accounts = useBankAccounts(readable);
  const account = accounts.data?.find((candidate) => candidate._id === id);
  usePageTitle(account && `${account.name} · Bank reconciliation`);

  const back = (
    <Button
      component={RouterLink}
      to=".."
      relative="path"
      startIcon={<ArrowBackIcon />}
      sx={{ alignSelf: 'flex-start' }}
    >
      Bank accounts
    </Button>
  );
  if (!readable)
    return (
      <Stack spacing={2}>
        <PageHeader title="Bank account" />
        <Alert severity="info">Bank reconciliation is kept by your agency&apos;s accountants.</Alert>
      </Stack>
    );
  if (accounts.error)
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="error">{accounts.error.message}</Alert>
      </Stack>
    );
  if (accounts.isPending) return <PageSpinner />;
  if (!account)
    return (
      <Stack spacing={2}>
        {back}
        <PageHeader title="Bank account not found" />
        <Alert severity="warning">This bank account does not exist or is not your company&apos;s.</Alert>
      </Stack>
    );
  return (
    <BankAccountScreen
      account={account}
      back={back}
      canWrite={canKeepBanking(user?.role)}
      canReopen={canReopenPeriods(user?.role)}
    />
  );
}

function BankAccountScreen({
  account,
  back,
  canWrite,
  canReopen,
}: {
  account: BankAccountView;
  back: React.ReactNode;
  canWrite: boolean;
  canReopen: boolean;
}) {
  const [tab, setTab] = useState<TabKey>('lines');
  const [importing, setImporting] = useState(false);
  const [imported, setImported] = useState<StatementImportReport | null>(null);
  const autoMatch = useAutoMatch(account._id);
  const report = autoMatch.data;
  return (
    <Stack spacing={2}>
      {back}
      <PageHeader
        title={account.name}
        subtitle={`${BOOK_LABELS[account.book]} · ${account.currency} · ${account.bankName} ${account.accountNumber}`}
        actions={
          canWrite && (
            <>
              <Button variant="outlined" onClick={() => autoMatch.mutate()} disabled={autoMatch.isPending}>
                {autoMatch.isPending ? 'Matching…' : 'Auto-match'}
              </Button>
              <Button variant="contained" onClick={() => setImporting(true)}>
                Import statement
              </Button>
            </>
          )
        }
      />
      {imported && (
        <Alert severity="success" role="status" onClose={() => setImported(null)}>
          {`Imported ${imported.added} new ${imported.added === 1 ? 'line' : 'lines'}`}
          {imported.duplicates > 0 ? ` (${imported.duplicates} already imported)` : ''}
          {`: the statement runs to ${formatDay(imported.toDate)}.`}
        </Alert>
      )}
      {report && (
        <Alert
          severity={report.ambiguous > 0 ? 'warning' : 'success'}
          role="status"
          onClose={() => autoMatch.reset()}
        >
          {`${report.matched} ${report.matched === 1 ? 'line' : 'lines'} matched`}
          {report.ambiguous > 0
            ? `, ${report.ambiguous} ${report.ambiguous === 1 ? 'needs' : 'need'} a choice.`
            : '.'}
        </Alert>
      )}
      {autoMatch.error && (
        <Alert severity="error">
          {toApiError(autoMatch.error, 'Auto-match failed. Please try again.').message}
        </Alert>
      )}
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_event, next: TabKey) => setTab(next)}
          aria-label="Bank account sections"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {TABS.map(({ key, label }) => (
            <Tab
              key={key}
              value={key}
              label={label}
              id={`bank-tab-${key}`}
              aria-controls={`bank-panel-${key}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`bank-panel-${tab}`} aria-labelledby={`bank-tab-${tab}`}>
        {tab === 'lines' && <StatementLinesPanel account={account} canWrite={canWrite} />}
        {tab === 'reconciliation' && (
          <ReconciliationPanel account={account} canWrite={canWrite} onSignedOff={() => setTab('history')} />
        )}
        {tab === 'history' && <HistoryPanel account={account} canReopen={canReopen} />}
      </Box>
      {canWrite && (
        <ImportStatementDialog
          account={account}
          open={importing}
          onClose={() => setImporting(false)}
          onImported={(report) => {
            setImporting(false);
            setImported(report);
            setTab('lines');
          }}
        />
      )}
    </Stack>
  );
}
