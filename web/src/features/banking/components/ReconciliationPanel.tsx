import { useState, type ReactNode } from 'react';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { formatMoney, type BankAccountView, type Reconciliation } from '@lintel/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { formatDay } from '../../../lib/format.ts';
import { toApiError } from '../../../lib/http.ts';
import { useReconciliation, useSignOff } from '../api.ts';
import { lastDayOfPreviousMonth } from '../labels.ts';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

type Item = Reconciliation['depositsInTransit'][number];

/** The three-way reconciliation at a date: the figures, the items between them, and sign-off. */
export function ReconciliationPanel({
  account,
  canWrite,
  onSignedOff,
}: {
  account: BankAccountView;
  canWrite: boolean;
  onSignedOff: () => void;
}) {
  const [date, setDate] = useState(lastDayOfPreviousMonth);
  const valid = ISO_DATE.test(date);
  const reconciliation = useReconciliation(account._id, date, valid);
  const signOff = useSignOff(account._id);
  const [confirming, setConfirming] = useState(false);

  return (
    <Stack spacing={2}>
      <TextField
        type="date"
        label="Statement date"
        value={date}
        onChange={(event) => setDate(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        helperText={valid ? 'Usually the last day of a month' : 'Enter a date'}
        error={!valid}
        sx={{ maxWidth: 260 }}
      />
      {!valid ? null : reconciliation.error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void reconciliation.refetch()}>
              Try again
            </Button>
          }
        >
          {reconciliation.error.message}
        </Alert>
      ) : reconciliation.isPending ? (
        <PageSpinner label="Reconciling" />
      ) : (
        <ReconciliationView
          reconciliation={reconciliation.data}
          action={
            canWrite &&
            !reconciliation.data.signedOff && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
                <Button
                  variant="contained"
                  disabled={!reconciliation.data.balanced}
                  aria-describedby={reconciliation.data.balanced ? undefined : 'sign-off-blocked'}
                  onClick={() => setConfirming(true)}
                >
                  Sign off
                </Button>
                {!reconciliation.data.balanced && (
                  <Typography id="sign-off-blocked" color="text.secondary">
                    Sign-off waits until both differences are zero and nothing blocks it.
                  </Typography>
                )}
              </Box>
            )
          }
        />
      )}
      <ConfirmDialog
        open={confirming}
        title={`Sign off and close the books up to ${formatDay(date)}?`}
        message={`Postings dated on or before ${formatDay(date)} in ${account.currency} are refused from then on; corrections post in the open period. Only an admin can reopen it.`}
        confirmLabel="Sign off"
        busy={signOff.isPending}
        error={
          signOff.error
            ? toApiError(signOff.error, 'The reconciliation could not be signed off.').message
            : null
        }
        onConfirm={() =>
          signOff.mutate(date, {
            onSuccess: () => {
              setConfirming(false);
              onSignedOff();
            },
          })
        }
        onClose={() => setConfirming(false)}
        onExited={() => signOff.reset()}
      />
    </Stack>
  );
}

function ReconciliationView({
  reconciliation: r,
  action,
}: {
  reconciliation: Reconciliation;
  action: ReactNode;
}) {
  const money = (amount: number) => formatMoney(amount, r.currency);
  const sum = (items: Item[]) => items.reduce((total, item) => total + item.amount, 0);
  return (
    <Stack spacing={3}>
      {r.signedOff && (
        <Alert severity="success" role="status">
          Signed off{r.signedOff.byName ? ` by ${r.signedOff.byName}` : ''} on{' '}
          {new Date(r.signedOff.at).toLocaleString()}: the books are closed up to {formatDay(r.date)}.
        </Alert>
      )}
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table aria-label="Reconciliation figures">
          <TableBody>
            <FigureRow
              label={`Bank statement balance on ${formatDay(r.date)}`}
              value={money(r.statementBalance)}
            />
            <FigureRow label="Add deposits in transit" value={money(sum(r.depositsInTransit))} />
            <FigureRow
              label="Less unpresented payments"
              value={money(Math.abs(sum(r.unpresentedPayments)))}
            />
            <FigureRow label="Adjusted bank balance" value={money(r.adjustedBankBalance)} strong />
            <FigureRow label="Cash book (the ledger's bank account)" value={money(r.cashBook)} strong />
            <DifferenceRow label="Bank difference" amount={r.bankDifference} money={money} />
            {r.clientLedgers !== null && (
              <FigureRow
                label="Client ledgers (owners, deposits, suspense, due to the agency)"
                value={money(r.clientLedgers)}
                strong
              />
            )}
            {r.ledgerDifference !== null && (
              <DifferenceRow label="Ledger difference" amount={r.ledgerDifference} money={money} />
            )}
          </TableBody>
        </Table>
      </Paper>
      {r.blockers.length > 0 && (
        <Alert severity="warning">
          <Typography sx={{ fontWeight: 600 }}>Not ready to sign off</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {r.blockers.map((blocker) => (
              <li key={blocker}>{blocker}</li>
            ))}
          </Box>
        </Alert>
      )}
      {action}
      <ItemTable
        title="Deposits in transit"
        items={r.depositsInTransit}
        money={money}
        empty="No receipts waiting for the bank."
      />
      <ItemTable
        title="Unpresented payments"
        items={r.unpresentedPayments}
        money={money}
        empty="No payments waiting for the bank."
      />
      <ItemTable
        title="Statement lines not matched to the books"
        items={r.unrecordedLines}
        money={money}
        empty="Every statement line is in the books."
      />
      {r.clientLedgers !== null && (
        <Box component="section" aria-labelledby="accounts-in-debit">
          <Typography id="accounts-in-debit" variant="h6" component="h3" sx={{ mb: 1 }}>
            Client accounts in debit
          </Typography>
          {r.clientAccountsInDebit.length === 0 ? (
            <Typography color="text.secondary">No client account is in debit.</Typography>
          ) : (
            <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Client accounts in debit">
                <TableHead>
                  <TableRow>
                    <TableCell>Account</TableCell>
                    <TableCell align="right">Balance</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {r.clientAccountsInDebit.map((row) => (
                    <TableRow key={row.account}>
                      <TableCell>{row.label}</TableCell>
                      <TableCell align="right">{money(row.balance)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Paper>
          )}
        </Box>
      )}
    </Stack>
  );
}

function FigureRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={strong ? { fontWeight: 600 } : undefined}>
        {label}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap', ...(strong ? { fontWeight: 600 } : {}) }}>
        {value}
      </TableCell>
    </TableRow>
  );
}

/** A difference: zero reads "Balanced" in the success colour, anything else in the error colour. */
function DifferenceRow({
  label,
  amount,
  money,
}: {
  label: string;
  amount: number;
  money: (amount: number) => string;
}) {
  const balanced = amount === 0;
  return (
    <TableRow
      sx={(theme) => ({
        bgcolor: alpha(balanced ? theme.palette.success.main : theme.palette.error.main, 0.08),
      })}
    >
      <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
        {label}
      </TableCell>
      <TableCell
        align="right"
        sx={{ whiteSpace: 'nowrap', fontWeight: 600, color: balanced ? 'success.main' : 'error.main' }}
      >
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          {balanced ? (
            <CheckCircleIcon fontSize="small" aria-hidden />
          ) : (
            <ErrorIcon fontSize="small" aria-hidden />
          )}
          {money(amount)} {balanced ? '· Balanced' : '· Not balanced'}
        </Box>
      </TableCell>
    </TableRow>
  );
}

function ItemTable({
  title,
  items,
  money,
  empty,
}: {
  title: string;
  items: Item[];
  money: (amount: number) => string;
  empty: string;
}) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {items.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell>Description</TableCell>
                <TableCell>Reference</TableCell>
                <TableCell align="right">Amount</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item, index) => (
                <TableRow key={item.lineId ?? item.seq ?? index}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(item.date)}</TableCell>
                  <TableCell>{item.description}</TableCell>
                  <TableCell>{item.reference ?? '—'}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {money(item.amount)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Box>
  );
}
