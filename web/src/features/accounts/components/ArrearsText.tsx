import Box from '@mui/material/Box';
import { formatMoney } from '@lintel/contracts';

/** Arrears stand out: money a tenant owes is the first thing to chase. */
export function ArrearsText({ amount, currency }: { amount: number; currency: string }) {
  return (
    <Box
      component="span"
      sx={amount > 0 ? { color: 'error.main', fontWeight: 700 } : { color: 'text.secondary' }}
    >
      {formatMoney(amount, currency)}
    </Box>
  );
}
