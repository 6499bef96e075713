import Box from '@mui/material/Box';
import { formatMoney } from '@lintel/contracts';

/**
 * "↑ Up $150.00 (25%) vs last month": the change in words and arrow, so it never rests on colour
 * alone. The percent is left out when there was nothing to compare with.
 */
export function ChangeText({
  current,
  previous,
  currency,
  against = 'last month',
}: {
  current: number;
  previous: number;
  currency: string;
  against?: string;
}) {
  const change = current - previous;
  if (change === 0) return <>Same as {against}</>;
  const isUp = change > 0;
  const percent = previous > 0 ? Math.round((Math.abs(change) * 100) / previous) : null;
  return (
    <Box component="span" sx={{ color: isUp ? 'success.dark' : 'error.dark', fontWeight: 600 }}>
      <span aria-hidden>{isUp ? '↑' : '↓'} </span>
      {isUp ? 'Up' : 'Down'} {formatMoney(Math.abs(change), currency)}
      {percent === null ? '' : ` (${percent}%)`} vs {against}
    </Box>
  );
}
