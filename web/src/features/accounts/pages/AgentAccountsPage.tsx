import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@lintel/contracts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { toApiError } from '../../../lib/http.ts';
import { useAuth } from '../../../session/index.ts';
import { canReadAgentAccounts, useAgentAccounts, useEnabledCurrencies } from '../api.ts';
import { CurrencyField } from '../components/CurrencyField.tsx';
import { useAccountsPaths } from '../paths.ts';

const TITLE = 'Agent accounts';

/** /accountant-dashboard/agent-accounts: commission each agent earned, was paid and is owed. */
export function AgentAccountsPage() {
  const { user } = useAuth();
  if (!canReadAgentAccounts(user?.role)) {
    return (
      <Stack spacing={2}>
        <PageHeader title={TITLE} />
        <Alert severity="info">Agent accounts are kept by your agency&apos;s accountants.</Alert>
      </Stack>
    );
  }
  return <AgentAccountList />;
}

function AgentAccountList() {
  const navigate = useNavigate();
  const { agentAccounts } = useAccountsPaths();
  const [currency, setCurrency] = useState('');
  const enabled = useEnabledCurrencies();
  const accounts = useAgentAccounts(currency || undefined);
  const rows = accounts.data ?? [];
  const currencies = enabled.data?.currencies ?? [];
  const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } };

  return (
    <Stack spacing={2}>
      <PageHeader title={TITLE} subtitle="Commission earned by each agent, paid to them, and still owed." />
      {currencies.length > 0 && (
        <Box role="search" sx={{ maxWidth: { sm: 220 } }}>
          <CurrencyField
            value={currency}
            currencies={currencies}
            onChange={setCurrency}
            allLabel="All currencies"
          />
        </Box>
      )}
      {accounts.error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void accounts.refetch()}>
              Try again
            </Button>
          }
        >
          {toApiError(accounts.error, 'The agent accounts could not be loaded.').message}
        </Alert>
      ) : accounts.isPending ? (
        <Paper variant="outlined" sx={{ p: 2 }} aria-busy>
          <Skeleton role="status" aria-label="Loading agent accounts" />
          <Skeleton />
          <Skeleton />
        </Paper>
      ) : rows.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }}>
          <Typography variant="h6" component="p" gutterBottom>
            No agent accounts yet
          </Typography>
          <Typography color="text.secondary">
            Agents earn commission when rent is received on their properties.
          </Typography>
        </Paper>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label={TITLE}>
            <TableHead>
              <TableRow>
                <TableCell>Agent</TableCell>
                <TableCell sx={hideOnPhone}>Currency</TableCell>
                <TableCell align="right" sx={hideOnPhone}>
                  Earned
                </TableCell>
                <TableCell align="right" sx={hideOnPhone}>
                  Paid
                </TableCell>
                <TableCell align="right">Owed</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                const path = `${agentAccounts}/${row.agentId}`;
                return (
                  <TableRow
                    key={`${row.agentId}:${row.currency}`}
                    hover
                    onClick={() => void navigate(path)}
                    sx={{ cursor: 'pointer' }}
                  >
                    <TableCell>
                      <Link component={RouterLink} to={path} underline="hover" sx={{ fontWeight: 500 }}>
                        {row.agentName}
                      </Link>
                    </TableCell>
                    <TableCell sx={hideOnPhone}>{row.currency}</TableCell>
                    <TableCell align="right" sx={hideOnPhone}>
                      {formatMoney(row.earned, row.currency)}
                    </TableCell>
                    <TableCell align="right" sx={hideOnPhone}>
                      {formatMoney(row.paid, row.currency)}
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 600 }}>
                      {formatMoney(row.owed, row.currency)}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
