import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

/**
 * A chart in a titled card. The title names the section, so the chart has an accessible name; the
 * chart itself should come with a text alternative (a ChartDataTable or the key numbers beside it).
 * With `emptyText` the card says that line instead of drawing an empty chart.
 */
export function ChartCard({
  title,
  subtitle,
  action,
  loading = false,
  emptyText,
  height = 260,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  /** A link or control beside the title, e.g. to the report behind the chart. */
  action?: ReactNode;
  loading?: boolean;
  emptyText?: string | null;
  /** The chart's height, kept by the loading placeholder so nothing jumps. */
  height?: number;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 2.5 }, height: '100%', minWidth: 0, display: 'flex', flexDirection: 'column' }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          columnGap: 2,
          mb: 1,
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography id={titleId} variant="h6" component="h2">
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          )}
        </Box>
        {/* Kept to the right when it wraps under a long title. */}
        {action && <Box sx={{ ml: 'auto' }}>{action}</Box>}
      </Box>
      {loading ? (
        <Skeleton
          variant="rounded"
          height={height}
          role="status"
          aria-label={`Loading ${title.toLowerCase()}`}
        />
      ) : emptyText ? (
        <Box sx={{ flexGrow: 1, display: 'grid', placeItems: 'center', minHeight: 120, py: 3 }}>
          <Typography color="text.secondary" sx={{ textAlign: 'center', maxWidth: 360 }}>
            {emptyText}
          </Typography>
        </Box>
      ) : (
        children
      )}
    </Paper>
  );
}
