import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { SearchField } from './SearchField.tsx';

/**
 * A list page's search box and its filters in one row: on phones the search takes a line of its
 * own above the filters (a lone filter shares none: everything stacks); from `sm` the search gets
 * twice a filter's share; from `lg` each filter has its width in `widths`.
 */
export function FilterBar({
  search,
  widths,
  children,
}: {
  search: { label: string; value: string; onChange: (value: string) => void; placeholder: string };
  /** One per filter, in order: its width from `lg` up. */
  widths: string[];
  children: ReactNode;
}) {
  const filters = `repeat(${widths.length}, minmax(0, 1fr))`;
  return (
    <Box
      role="search"
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: widths.length > 1 ? filters : '1fr',
          sm: `minmax(0, 2fr) ${filters}`,
          lg: ['minmax(220px, 1fr)', ...widths].join(' '),
        },
      }}
    >
      <SearchField
        {...search}
        sx={widths.length > 1 ? { gridColumn: { xs: '1 / -1', sm: 'auto' } } : undefined}
      />
      {children}
    </Box>
  );
}
