import type { ReactNode } from 'react';
import UpcomingIcon from '@mui/icons-material/Upcoming';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** An honest card on a dashboard for what is not built yet: what it will show, and where. */
export function UpcomingCard({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper
      component="section"
      aria-label={title}
      sx={{ p: 2.5, height: '100%', bgcolor: '#fafcff', borderStyle: 'dashed' }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <UpcomingIcon aria-hidden color="primary" />
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Chip label="Coming next" size="small" color="primary" variant="outlined" />
      </Box>
      <Typography component="div" color="text.secondary">
        {children}
      </Typography>
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Paper>
  );
}
