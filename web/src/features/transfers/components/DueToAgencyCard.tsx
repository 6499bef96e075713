import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMoney, type DueToAgency } from '@lintel/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import { toApiError } from '../../../lib/http.ts';
import { useCreateTransfer, useDueToAgency } from '../api.ts';
import { ScrollingTable } from '../../../components/ScrollingTable.tsx';

const ageText = (row: DueToAgency) =>
  row.ageDays === null ? '—' : `${row.ageDays} ${row.ageDays === 1 ? 'day' : 'days'} (since ${row.since})`;

/**
 * What trust owes the agency per currency, how long the oldest of it has waited, a flag past the
 * company's limit, and (for the accountant) the transfer to the business account, asked first.
 */
export function DueToAgencyCard({ canTransfer }: { canTransfer: boolean }) {
  const due = useDueToAgency();
  const transfer = useCreateTransfer();
  const [asking, setAsking] = useState<DueToAgency | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const confirm = async () => {
    if (!asking) return;
    try {
      const [made] = await transfer.mutateAsync({ currency: asking.currency });
      setDone(
        made
          ? `${formatMoney(made.amount, made.currency)} transferred. Quote ${made.reference} on the bank instruction.`
          : null,
      );
      setAsking(null);
    } catch {
      // The dialog shows the server's message.
    }
  };
  const towardsBusiness = asking ? asking.amount > 0 : true;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="due-to-agency"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Box id="due-to-agency">
        <SectionTitle>Due to the agency</SectionTitle>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Commission and VAT received into trust that belong to the agency until they are transferred to the
        business account.
      </Typography>
      {done && (
        <Alert severity="success" role="status" sx={{ mb: 2 }} onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      {due.error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void due.refetch()}>
              Try again
            </Button>
          }
        >
          {toApiError(due.error, 'What is due to the agency could not be loaded.').message}
        </Alert>
      ) : !due.data ? (
        <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
          <CircularProgress aria-label="Loading what is due to the agency" />
        </Box>
      ) : (
        <ScrollingTable label="Due to the agency by currency">
          <Table size="small" aria-label="Due to the agency by currency">
            <TableHead>
              <TableRow>
                <TableCell>Currency</TableCell>
                <TableCell align="right">Due</TableCell>
                <TableCell>Waiting</TableCell>
                {canTransfer && (
                  <TableCell>
                    <Box component="span" sx={visuallyHidden}>
                      Action
                    </Box>
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {due.data.map((row) => (
                <TableRow key={row.currency}>
                  <TableCell>{row.currency}</TableCell>
                  <TableCell align="right">{formatMoney(row.amount, row.currency)}</TableCell>
                  <TableCell>
                    {ageText(row)}
                    {row.overdue && (
                      <Chip
                        size="small"
                        color="error"
                        label={`Over the ${row.limitDays}-day limit`}
                        sx={{ ml: 1 }}
                      />
                    )}
                  </TableCell>
                  {canTransfer && (
                    <TableCell align="right">
                      <Button
                        size="small"
                        variant="outlined"
                        disabled={row.amount === 0}
                        onClick={() => {
                          transfer.reset();
                          setAsking(row);
                        }}
                        aria-label={`Transfer to business account: ${row.currency}`}
                      >
                        Transfer to business account
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollingTable>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={
          towardsBusiness ? 'Transfer to the business account?' : 'Repay trust from the business account?'
        }
        message={
          asking &&
          (towardsBusiness
            ? `${formatMoney(asking.amount, asking.currency)} leaves the trust bank account for the business bank account. Make the bank transfer with the reference shown next.`
            : `${formatMoney(-asking.amount, asking.currency)} goes back from the business bank account to the trust bank account.`)
        }
        confirmLabel="Transfer"
        busy={transfer.isPending}
        error={transfer.error ? toApiError(transfer.error, 'The transfer could not be made.').message : null}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(null)}
      />
    </Paper>
  );
}

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
} as const;
