import type { ReactNode } from 'react';
import Drawer from '@mui/material/Drawer';
import { SIDE_WIDTH } from '../theme.ts';

/** The phone's navigation, sliding over the page; loaded on its first opening (AppShell.tsx). */
export function MobileNavDrawer({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      sx={{ '& .MuiDrawer-paper': { width: SIDE_WIDTH } }}
    >
      {children}
    </Drawer>
  );
}
