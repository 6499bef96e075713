import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ARREARS_LETTER_LABELS, formatMoney, type ArrearsReminder, type Lease } from '@lintel/contracts';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import { formatDateTime, formatMonth } from '../../../lib/format.ts';
import { toApiError } from '../../../lib/http.ts';
import { useAuth } from '../../../session/index.ts';
import { canReadPropertyAccounts, useLeaseReminders } from '../api.ts';

/** To whom a reminder went, or why it went to nobody. */
function recipientOf(reminder: ArrearsReminder): string {
  switch (reminder.delivery) {
    case 'emailed':
      return `Emailed to ${reminder.recipient ?? ''}`;
    case 'no-email':
      return 'Not emailed: no email on file';
    case 'opted-out':
      return 'Not emailed: the tenant opted out of reminders';
    case 'passed':
      return 'Not sent: a later letter went out instead';
  }
}

/** Who was reminded of arrears on this lease, when, of how much and by which letter (newest first). */
export function RemindersCard({ lease }: { lease: Lease }) {
  const { user } = useAuth();
  // The same roles read leases; nobody else gets a call that would be refused.
  const canRead = canReadPropertyAccounts(user?.role);
  const reminders = useLeaseReminders(lease._id, canRead);
  if (!canRead) return null;

  return (
    <Paper variant="outlined" component="section" aria-label="Reminders" sx={{ p: { xs: 2, sm: 3 } }}>
      <SectionTitle>Reminders</SectionTitle>
      {reminders.isPending ? (
        <Skeleton width={200} role="status" aria-label="Loading reminders" />
      ) : reminders.error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void reminders.refetch()}>
              Try again
            </Button>
          }
        >
          {toApiError(reminders.error, 'The reminders could not be loaded.').message}
        </Alert>
      ) : reminders.data.length === 0 ? (
        <Typography color="text.secondary">No arrears reminders have been sent for this lease.</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {reminders.data.map((reminder) => (
            <Box
              component="li"
              key={reminder._id}
              sx={{
                py: 1.5,
                borderTop: 1,
                borderColor: 'divider',
                '&:first-of-type': { borderTop: 0, pt: 0 },
              }}
            >
              <Typography sx={{ fontWeight: 500 }}>
                {ARREARS_LETTER_LABELS[reminder.letter]}: {formatMoney(reminder.arrears, reminder.currency)}{' '}
                for {formatMonth(reminder.period)}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {formatDateTime(reminder.createdAt)} · day {reminder.stepDay} · {recipientOf(reminder)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
