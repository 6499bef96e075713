import type { ReactNode } from 'react';
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
  const amount = formatMoney(Math.abs(change), currency);
  return (
    <Box component="span" sx={{ color: isUp ? 'success.dark' : 'error.dark', fontWeight: 600 }}>
      <span aria-hidden>{isUp ? '↑' : '↓'} </span>
      {isUp ? 'Up' : 'Down'}{' '}
      {percent === null ? (
        amount
      ) : (
        <>
          <WiderThanPhone>{amount} (</WiderThanPhone>
          {percent}%<WiderThanPhone>)</WiderThanPhone>
        </>
      )}{' '}
      vs {against}
    </Box>
  );
}

/**
 * Shown from tablets up: a phone's card keeps two lines for its caption (KpiCard), and "Down
 * $15,050.25 (100%) vs last month" took three, pushing the cards below down as it arrived; there
 * the percent alone says it.
 */
const WiderThanPhone = ({ children }: { children: ReactNode }) => (
  <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
    {children}
  </Box>
);
