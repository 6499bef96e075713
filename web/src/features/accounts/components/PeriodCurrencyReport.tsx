import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { type Period } from '../../../lib/format.ts';
import { toApiError } from '../../../lib/http.ts';
import { CurrencyField } from './CurrencyField.tsx';
import { PeriodFields } from './PeriodFields.tsx';

/**
 * A report over a period in one currency (commissions, VAT): the period and currency fields,
 * then the report, its failure with a retry, or a spinner while it loads.
 */
export function PeriodCurrencyReport<T>({
  period,
  onPeriodChange,
  currency,
  currencies,
  onCurrencyChange,
  report,
  failure,
  onRetry,
  loading,
  what,
  children,
}: {
  period: Period;
  onPeriodChange: (period: Period) => void;
  currency: string;
  currencies: string[];
  onCurrencyChange: (currency: string) => void;
  report: T | undefined;
  failure: unknown;
  onRetry: () => void;
  /** Whether a spinner stands in for the report (a valid query, or currencies still loading). */
  loading: boolean;
  /** What is loading or failed to, e.g. "the VAT report". */
  what: string;
  children: (report: T) => ReactNode;
}) {
  return (
    <>
      <Box
        role="search"
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: '1fr 1fr', sm: '170px 170px 140px' },
        }}
      >
        <PeriodFields value={period} onChange={onPeriodChange} />
        <CurrencyField value={currency} currencies={currencies} onChange={onCurrencyChange} />
      </Box>
      {failure ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Try again
            </Button>
          }
        >
          {toApiError(failure, `${what[0]!.toUpperCase()}${what.slice(1)} could not be loaded.`).message}
        </Alert>
      ) : report !== undefined ? (
        children(report)
      ) : loading ? (
        <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={`Loading ${what}`} />
        </Box>
      ) : null}
    </>
  );
}
