import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney, type LevyCharge, type LevyPaymentResult } from '@lintel/contracts';
import { ActionDialog } from '../../../components/ActionDialog.tsx';
import { toApiError } from '../../../lib/http.ts';
import { usePayLevies } from '../api.ts';
import { levyTitle, shortLines, totalsByCurrency } from '../levy-figures.ts';

export interface PayLeviesDialogProps {
  open: boolean;
  charges: LevyCharge[];
  onClose: () => void;
  /** After a payment went through (some lines may have been refused). */
  onPaid: () => void;
  onExited?: () => void;
}

/** One confirmation for the chosen levies, then what was paid and what was refused. */
export function PayLeviesDialog({ open, charges, onClose, onPaid, onExited }: PayLeviesDialogProps) {
  const pay = usePayLevies();
  const messageId = useId();
  const [payWhatCanBePaid, setPayWhatCanBePaid] = useState(false);
  const [result, setResult] = useState<LevyPaymentResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const short = shortLines(charges);
  const totals = totalsByCurrency(charges);

  const handlePay = async () => {
    setFailure(null);
    try {
      const paid = await pay.mutateAsync({ chargeIds: charges.map((c) => c._id), payWhatCanBePaid });
      setResult(paid);
      onPaid();
    } catch (error) {
      setFailure(toApiError(error, 'The levies could not be paid. Please try again.').message);
    }
  };

  if (result) {
    return (
      <ActionDialog
        open={open}
        title="Levies paid"
        action={{ label: 'Done', onClick: onClose }}
        busy={false}
        onClose={onClose}
        onExited={onExited}
        maxWidth="sm"
      >
        <Stack spacing={2}>
          <Alert severity={result.refused.length > 0 ? 'warning' : 'success'}>
            {result.paid.length} paid
            {result.paid.length > 0 && ` (${formatTotals(totalsByCurrency(result.paid))})`}
            {result.refused.length > 0 && `, ${result.refused.length} refused`}.
          </Alert>
          {result.paid.length > 0 && (
            <section aria-label="Paid levies">
              <Typography variant="subtitle2">Paid</Typography>
              <List dense disablePadding>
                {result.paid.map((line) => (
                  <ListItem key={line.chargeId} disableGutters>
                    <ListItemText
                      primary={levyTitle(line)}
                      secondary={formatMoney(line.amount, line.currency)}
                    />
                  </ListItem>
                ))}
              </List>
            </section>
          )}
          {result.refused.length > 0 && (
            <section aria-label="Refused levies">
              <Typography variant="subtitle2">Refused</Typography>
              <List dense disablePadding>
                {result.refused.map((line) => (
                  <ListItem key={line.chargeId} disableGutters>
                    <ListItemText
                      primary={`${levyTitle(line)} · ${formatMoney(line.amount, line.currency)}`}
                      secondary={line.message}
                      slotProps={{ secondary: { color: 'error' } }}
                    />
                  </ListItem>
                ))}
              </List>
            </section>
          )}
        </Stack>
      </ActionDialog>
    );
  }

  return (
    <ActionDialog
      open={open}
      title={`Pay ${charges.length} ${charges.length === 1 ? 'levy' : 'levies'}?`}
      action={{ label: 'Pay', onClick: () => void handlePay(), pending: pay.isPending }}
      busy={pay.isPending}
      error={failure}
      onClose={onClose}
      onExited={onExited}
      describedBy={messageId}
      maxWidth="sm"
      focusCancel
    >
      <Stack spacing={2}>
        <DialogContentText id={messageId} component="div">
          Total <strong>{formatTotals(totals)}</strong>, each paid to its body corporate out of its
          property&apos;s account. This cannot be undone.
        </DialogContentText>
        {short.length > 0 && (
          <Alert severity="warning">
            {short.length === 1 ? 'One property account holds' : `${short.length} property accounts hold`} too
            little: {short.map((charge) => levyTitle(charge)).join('; ')}.
          </Alert>
        )}
        <FormControlLabel
          control={
            <Checkbox
              checked={payWhatCanBePaid}
              onChange={(event) => setPayWhatCanBePaid(event.target.checked)}
            />
          }
          label="Pay what can be paid"
        />
        <Typography variant="body2" color="text.secondary">
          {payWhatCanBePaid
            ? 'Levies whose property account holds too little are left unpaid; the rest are paid.'
            : 'If any levy cannot be paid, nothing is paid.'}
        </Typography>
      </Stack>
    </ActionDialog>
  );
}

const formatTotals = (totals: Map<string, number>) =>
  [...totals].map(([currency, amount]) => formatMoney(amount, currency)).join(' + ');
