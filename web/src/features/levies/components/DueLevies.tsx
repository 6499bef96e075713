import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney, LEVY_CHARGE_STATUSES, type LevyCharge, type LevyChargeStatus } from '@lintel/contracts';
import { toApiError } from '../../../lib/http.ts';
import { useAuth } from '../../../session/index.ts';
import { canEditLevies, useDueLevies } from '../api.ts';
import { LEVY_STATUS_LABELS, levyTitle } from '../levy-figures.ts';
import { LevyStatusChip } from './LevyStatusChip.tsx';
import { PayLeviesDialog } from './PayLeviesDialog.tsx';

/** "This month": due, overdue and paid levies; the accountant ticks unpaid ones and pays them at once. */
export function DueLevies() {
  const { user } = useAuth();
  const canPay = canEditLevies(user?.role);
  const due = useDueLevies();
  const [status, setStatus] = useState<LevyChargeStatus>('due');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [paying, setPaying] = useState<LevyCharge[] | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const charges = due.data ?? [];
  const shown = charges.filter((charge) => charge.status === status);
  const chosen = charges.filter((charge) => selected.has(charge._id) && charge.status !== 'paid');

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Paper
      component="section"
      aria-labelledby="levies-this-month"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 2.5 } }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <Typography id="levies-this-month" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          This month
        </Typography>
        {canPay && (
          <Button
            variant="contained"
            disabled={chosen.length === 0}
            onClick={() => {
              setPaying(chosen);
              setDialogOpen(true);
            }}
          >
            Pay selected{chosen.length > 0 ? ` (${chosen.length})` : ''}
          </Button>
        )}
      </Box>
      <Stack
        direction="row"
        spacing={1}
        role="group"
        aria-label="Levy status"
        sx={{ mb: 1, flexWrap: 'wrap' }}
      >
        {LEVY_CHARGE_STATUSES.map((key) => (
          <Chip
            key={key}
            label={`${LEVY_STATUS_LABELS[key]} (${charges.filter((charge) => charge.status === key).length})`}
            color={status === key ? 'primary' : 'default'}
            variant={status === key ? 'filled' : 'outlined'}
            aria-pressed={status === key}
            onClick={() => setStatus(key)}
          />
        ))}
      </Stack>
      {due.isPending ? (
        <CircularProgress size={24} aria-label="Loading levies" sx={{ mt: 2 }} />
      ) : due.error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void due.refetch()}>
              Try again
            </Button>
          }
        >
          {toApiError(due.error, 'The levies could not be loaded.').message}
        </Alert>
      ) : shown.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {status === 'paid'
            ? 'No levies paid this month yet.'
            : `No ${LEVY_STATUS_LABELS[status].toLowerCase()} levies.`}
        </Typography>
      ) : (
        <List disablePadding aria-label={`${LEVY_STATUS_LABELS[status]} levies`}>
          {shown.map((charge) => (
            <ListItem key={charge._id} divider disableGutters sx={{ gap: 1, alignItems: 'flex-start' }}>
              {canPay && charge.status !== 'paid' && (
                <Checkbox
                  edge="start"
                  checked={selected.has(charge._id)}
                  onChange={() => toggle(charge._id)}
                  slotProps={{
                    input: { 'aria-label': `Select ${levyTitle(charge)}` },
                  }}
                  sx={{ mt: -0.5 }}
                />
              )}
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {charge.propertyName}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {charge.bodyCorporate} · {charge.period}
                  {charge.status !== 'paid' && (
                    <>
                      {' · '}
                      <Box
                        component="span"
                        sx={
                          charge.held < charge.amount ? { color: 'error.main', fontWeight: 500 } : undefined
                        }
                      >
                        account holds {formatMoney(charge.held, charge.currency)}
                      </Box>
                    </>
                  )}
                </Typography>
              </Box>
              <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
                <Typography sx={{ fontWeight: 500 }}>
                  {formatMoney(charge.amount, charge.currency)}
                </Typography>
                <LevyStatusChip status={charge.status} />
              </Box>
            </ListItem>
          ))}
        </List>
      )}
      {paying && (
        <PayLeviesDialog
          open={dialogOpen}
          charges={paying}
          onPaid={() => setSelected(new Set())}
          onClose={() => setDialogOpen(false)}
          onExited={() => setPaying(null)}
        />
      )}
    </Paper>
  );
}
