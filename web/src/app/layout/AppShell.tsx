import { useCallback, useState } from 'react';
import { Link as RouterLink, Outlet } from 'react-router';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { NotificationsMenu } from '../../features/notifications/index.ts';
import { useAuth, useCompany } from '../../session/index.ts';
import { SkipLink } from '../../components/SkipLink.tsx';
import { lazyPart } from '../../lib/lazy-part.tsx';
import { NAVIGATION } from '../navigation.ts';
import { SIDE_WIDTH, theme } from '../theme.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { SideNav } from './SideNav.tsx';

const MAIN_ID = 'main-content';

/**
 * The phone's sliding drawer brings MUI's modal, focus trap and transitions: loaded when the
 * navigation is first opened. The wide screen's side area is a plain fixed column.
 */
const MobileNavDrawer = lazyPart(() => import('./MobileNavDrawer.tsx'), 'MobileNavDrawer');

/** SPEC §2: a 280 px side area, the top bar to its right, the page below the bar. */
export function AppShell() {
  const { user, logout } = useAuth();
  const { company } = useCompany();
  const [mobileOpen, setMobileOpen] = useState(false);
  // Kept once opened, so the drawer's closing slide plays and a reopening is immediate.
  const [mobileWanted, setMobileWanted] = useState(false);
  // One side area, the one this width shows: the phone's drawer is drawn only when opened, so a
  // page load builds the navigation once, not twice (a hidden copy cost a phone ~300 elements).
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const closeDrawer = useCallback(() => setMobileOpen(false), []);
  const items = user ? NAVIGATION[user.role] : [];
  const nav = <SideNav items={items} companyName={company?.name} onNavigate={closeDrawer} />;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink targetId={MAIN_ID} />
      <Box component="aside" sx={{ width: { md: SIDE_WIDTH }, flexShrink: { md: 0 } }}>
        {wide ? (
          <Box
            sx={{
              position: 'fixed',
              top: 0,
              left: 0,
              width: SIDE_WIDTH,
              height: '100%',
              overflowY: 'auto',
              zIndex: 'drawer',
            }}
          >
            {nav}
          </Box>
        ) : (
          mobileWanted && (
            <MobileNavDrawer
              open={mobileOpen}
              onClose={closeDrawer}
              onFailed={() => {
                setMobileOpen(false);
                setMobileWanted(false);
              }}
            >
              {nav}
            </MobileNavDrawer>
          )
        )}
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0, width: { md: `calc(100% - ${SIDE_WIDTH}px)` } }}>
        <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: '1px solid #e3e7ec' }}>
          <Toolbar sx={{ gap: 1 }}>
            <IconButton
              aria-label="Open navigation"
              edge="start"
              onPointerEnter={MobileNavDrawer.preload}
              onFocus={MobileNavDrawer.preload}
              onClick={() => {
                setMobileWanted(true);
                setMobileOpen(true);
              }}
              sx={{ display: { md: 'none' } }}
            >
              <MenuIcon />
            </IconButton>
            <Typography variant="subtitle1" component="div" sx={{ flexGrow: 1, fontWeight: 600 }} noWrap>
              {company?.name ?? 'Lintel'}
            </Typography>
            {user ? (
              <>
                <NotificationsMenu />
                <AccountMenu user={user} onLogout={() => void logout()} />
              </>
            ) : (
              <Button component={RouterLink} to="/login" variant="contained">
                Login
              </Button>
            )}
          </Toolbar>
        </AppBar>
        <Box
          component="main"
          id={MAIN_ID}
          tabIndex={-1}
          sx={{ p: { xs: 2, sm: 3 }, '&:focus': { outline: 'none' } }}
        >
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
