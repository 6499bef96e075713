import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RecordPaymentButton } from '../../payments/index.ts';

/** The agent's money corner: record rent on a managed property, see payments and commission. */
export function PaymentShortcutsCard() {
  return (
    <Paper component="section" aria-label="Payments and commission" sx={{ p: 2.5 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Payments and commission
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Record rent or a deposit on a property you manage; the receipt and your commission follow at once.
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <RecordPaymentButton />
        <Button component={RouterLink} to="/payments">
          My payments
        </Button>
        <Button component={RouterLink} to="/agent-dashboard/commission">
          My commission
        </Button>
      </Box>
    </Paper>
  );
}
