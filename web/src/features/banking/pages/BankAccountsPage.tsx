import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney, type BankAccountView } from '@lintel/contracts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { formatDay } from '../../../lib/format.ts';
import { useAuth } from '../../../session/index.ts';
import { canKeepBanking, canReadBanking, useBankAccounts } from '../api.ts';
import { AddBankAccountDialog } from '../components/AddBankAccountDialog.tsx';
import { BOOK_LABELS } from '../labels.ts';

const TITLE = 'Bank reconciliation';

/** /…-dashboard/banking: the company's bank accounts, their statements and reconciled state. */
export function BankAccountsPage() {
  const { user } = useAuth();
  if (!canReadBanking(user?.role)) {
    return (
      <Stack spacing={2}>
        <PageHeader title={TITLE} />
        <Alert severity="info">Bank reconciliation is kept by your agency&apos;s accountants.</Alert>
      </Stack>
    );
  }
  return <BankAccountsView canWrite={canKeepBanking(user?.role)} />;
}

function BankAccountsView({ canWrite }: { canWrite: boolean }) {
  const accounts = useBankAccounts();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  return (
    <Stack spacing={3}>
      <PageHeader
        title={TITLE}
        subtitle="Import bank statements, match them to the books, and sign off each month."
        actions={
          <>
            <Button component={RouterLink} to="suspense" variant="outlined">
              Suspense
            </Button>
            {canWrite && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
                Add bank account
              </Button>
            )}
          </>
        }
      />
      {accounts.error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void accounts.refetch()}>
              Try again
            </Button>
          }
        >
          {accounts.error.message}
        </Alert>
      ) : accounts.isPending ? (
        <PageSpinner />
      ) : accounts.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }}>
          <Typography variant="h6" component="p" gutterBottom>
            No bank accounts yet
          </Typography>
          <Typography color="text.secondary">
            {canWrite
              ? 'Add the trust and business bank accounts to import their statements.'
              : 'Your accountant adds the bank accounts whose statements are reconciled.'}
          </Typography>
        </Paper>
      ) : (
        <Box
          component="ul"
          aria-label="Bank accounts"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          }}
        >
          {accounts.data.map((account) => (
            <li key={account._id}>
              <BankAccountCard account={account} />
            </li>
          ))}
        </Box>
      )}
      <AddBankAccountDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(account) => {
          setAdding(false);
          void navigate(account._id);
        }}
      />
    </Stack>
  );
}

function BankAccountCard({ account }: { account: BankAccountView }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={account._id} sx={{ height: '100%' }}>
        <CardContent>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {account.name}
            </Typography>
            <Chip size="small" label={`${BOOK_LABELS[account.book]} · ${account.currency}`} />
          </Box>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {account.bankName} {account.accountNumber}
          </Typography>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              columnGap: 2,
              rowGap: 0.5,
              m: 0,
              mt: 1.5,
            }}
          >
            <Typography component="dt" color="text.secondary" variant="body2">
              Statement
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {account.statementDate && account.statementBalance !== null
                ? `${formatMoney(account.statementBalance, account.currency)} on ${formatDay(account.statementDate)}`
                : 'None imported yet'}
            </Typography>
            <Typography component="dt" color="text.secondary" variant="body2">
              Unmatched lines
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {account.unmatchedLines}
            </Typography>
            <Typography component="dt" color="text.secondary" variant="body2">
              Reconciled through
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {account.reconciledThrough ? formatDay(account.reconciledThrough) : 'Not yet'}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
