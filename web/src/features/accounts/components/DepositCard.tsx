import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney, type Lease } from '@lintel/contracts';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import { toApiError } from '../../../lib/http.ts';
import { useAuth } from '../../../session/index.ts';
import { canMoveMoney, canReadPropertyAccounts, useDepositBalance } from '../api.ts';
import { ReleaseDepositDialog } from './ReleaseDepositDialog.tsx';
import { StatementView } from './StatementView.tsx';

/** A deposit is released once the tenancy is over: the lease ended and no renewal of it runs. */
const hasEnded = (lease: Lease) =>
  (lease.status === 'expired' || lease.status === 'terminated') && !lease.renewalId;

/** The lease's currency first, then any other the deposit account has seen. */
const currencies = (balances: { currency: string }[], leaseCurrency: string) => [
  ...new Set([leaseCurrency, ...balances.map((balance) => balance.currency)]),
];

/**
 * The deposit held for a lease (from the ledger: once renewed, on the lease in force), its
 * statement (paid in, carried over, interest, released), and for the accountant, its release once
 * the tenancy has ended.
 */
export function DepositCard({ lease }: { lease: Lease }) {
  const { user } = useAuth();
  // The same roles read leases; nobody else gets a call that would be refused.
  const canRead = canReadPropertyAccounts(user?.role);
  const deposit = useDepositBalance(lease._id, canRead);
  const [releasing, setReleasing] = useState<{ currency: string; held: number } | null>(null);
  const [dialogKey, setDialogKey] = useState(0);
  const [statementCurrency, setStatementCurrency] = useState<string | null>(null);
  if (!canRead) return null;

  const held = (deposit.data ?? []).filter((balance) => balance.held > 0);
  const canRelease = canMoveMoney(user?.role) && hasEnded(lease);

  return (
    <Paper variant="outlined" component="section" aria-label="Deposit" sx={{ p: { xs: 2, sm: 3 } }}>
      <SectionTitle>Deposit</SectionTitle>
      {deposit.isPending ? (
        <Skeleton width={160} role="status" aria-label="Loading deposit" />
      ) : deposit.error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void deposit.refetch()}>
              Try again
            </Button>
          }
        >
          {toApiError(deposit.error, 'The deposit could not be loaded.').message}
        </Alert>
      ) : held.length === 0 ? (
        <Typography color="text.secondary">No deposit is held for this lease.</Typography>
      ) : (
        <Stack spacing={1.5}>
          {held.map((balance) => (
            <Stack
              key={balance.currency}
              direction="row"
              spacing={2}
              sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
            >
              <Typography>
                Held: <strong>{formatMoney(balance.held, balance.currency)}</strong>
              </Typography>
              {canRelease && (
                <Button
                  variant="outlined"
                  onClick={() => {
                    setDialogKey((key) => key + 1);
                    setReleasing({ currency: balance.currency, held: balance.held });
                  }}
                >
                  Release deposit
                </Button>
              )}
            </Stack>
          ))}
        </Stack>
      )}
      {!deposit.isPending && !deposit.error && (
        <Stack sx={{ mt: 2 }}>
          <StatementView
            kind="deposit"
            id={lease._id}
            title="Deposit statement"
            currencies={currencies(deposit.data ?? [], lease.currency)}
            currency={statementCurrency ?? lease.currency}
            onCurrencyChange={setStatementCurrency}
          />
        </Stack>
      )}
      {releasing && (
        <ReleaseDepositDialog
          key={dialogKey}
          open
          lease={lease}
          currency={releasing.currency}
          held={releasing.held}
          onClose={() => setReleasing(null)}
        />
      )}
    </Paper>
  );
}
