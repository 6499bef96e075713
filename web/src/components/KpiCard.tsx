import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

/** One headline number with its name, a line of context and an icon. */
export function KpiCard({
  label,
  value,
  caption,
  icon,
  loading = false,
}: {
  label: string;
  value: ReactNode;
  caption?: ReactNode;
  icon?: ReactNode;
  loading?: boolean;
}) {
  return (
    <Paper
      component="section"
      aria-label={label}
      sx={{ p: { xs: 2, sm: 2.5 }, height: '100%', display: 'flex', gap: 2 }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography
          component="p"
          sx={{ fontSize: { xs: 26, sm: 30 }, fontWeight: 700, lineHeight: 1.3, mt: 0.5 }}
        >
          {loading ? <Skeleton width={64} aria-label="Loading" /> : value}
        </Typography>
        {caption && (
          <Typography variant="body2" color="text.secondary">
            {loading ? <Skeleton width="80%" /> : caption}
          </Typography>
        )}
      </Box>
      {icon && (
        <Box
          aria-hidden
          sx={{
            width: 44,
            height: 44,
            flexShrink: 0,
            borderRadius: 2,
            display: { xs: 'none', sm: 'grid' },
            placeItems: 'center',
            bgcolor: 'rgba(25, 118, 210, 0.1)',
            color: 'primary.main',
          }}
        >
          {icon}
        </Box>
      )}
    </Paper>
  );
}
