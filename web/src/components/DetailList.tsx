import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface Detail {
  label: string;
  value: ReactNode;
}

/**
 * Read-only label and value pairs, as a description list; an empty value shows a dash. Labels sit
 * beside values from small screens up, unless `stacked` (for narrow cards).
 */
export function DetailList({ items, stacked = false }: { items: Detail[]; stacked?: boolean }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: stacked ? '1fr' : 'max-content minmax(0, 1fr)' },
        columnGap: 3,
        rowGap: { xs: 0.25, sm: stacked ? 0.25 : 1.25 },
      }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ display: 'contents' }}>
          <Typography
            component="dt"
            variant="body2"
            color="text.secondary"
            sx={{ fontWeight: 600, mt: { xs: 1, sm: stacked ? 1 : 0 } }}
          >
            {item.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {item.value === null || item.value === undefined || item.value === '' ? '—' : item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
