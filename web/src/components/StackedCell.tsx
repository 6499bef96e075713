import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** A grid cell's lines stacked and centred: the main value, and on phones the hidden columns under it. */
export function StackedCell({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minWidth: 0 }}
    >
      {children}
    </Box>
  );
}
