import type { ComponentProps } from 'react';
import Grid from '@mui/material/Grid';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { KpiCard } from '../../../components/KpiCard.tsx';
import { toApiError } from '../../../lib/http.ts';

export type Kpi = Omit<ComponentProps<typeof KpiCard>, 'loading'> & {
  /** Columns of twelve on large screens: 3 puts four in a row, 4 three. */
  lg?: 3 | 4 | 6;
  /** Columns of twelve on phones: two in a row unless a card takes the whole row. */
  xs?: 6 | 12;
};

/**
 * A dashboard's headline numbers: two in a row on phones and tablets, three or four on large
 * screens; above them, why the figures could not be loaded (`errorText` unless the server says).
 */
export function KpiGrid({
  items,
  loading,
  error,
  errorText,
}: {
  items: readonly Kpi[];
  loading: boolean;
  error: Error | null;
  errorText: string;
}) {
  return (
    <>
      <ErrorAlert message={error && toApiError(error, errorText).message} sx={{ mb: 2 }} />
      <Grid container spacing={{ xs: 1.5, sm: 2 }} sx={{ mb: 3 }}>
        {items.map(({ lg = 4, xs = 6, ...card }) => (
          <Grid key={card.label} size={{ xs, sm: 6, lg }}>
            <KpiCard {...card} loading={loading} />
          </Grid>
        ))}
      </Grid>
    </>
  );
}
