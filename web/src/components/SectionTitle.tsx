import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';

/** A section's heading under the page's h1. */
export function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
      {children}
    </Typography>
  );
}
