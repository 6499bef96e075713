import type { ReactNode } from 'react';
import TableContainer from '@mui/material/TableContainer';

/**
 * A table that scrolls sideways on a narrow screen. WCAG 2.1.1 (axe scrollable-region-focusable):
 * a keyboard user must be able to scroll it, so the box takes focus, and being focusable it is a
 * named region.
 */
export function ScrollingTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={label}
      sx={{
        overflowX: 'auto',
        // Positioned, so visually hidden text in a cell stays inside the scrolling box on a phone.
        position: 'relative',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      {children}
    </TableContainer>
  );
}
