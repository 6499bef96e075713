import { memo } from 'react';
import { NavLink } from 'react-router';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { NavItem } from '../navigation.ts';

/** Memoised: the shell redraws when the company reloads (every five minutes), the links rarely change. */
export const SideNav = memo(function SideNav({
  items,
  companyName,
  onNavigate,
}: {
  items: NavItem[];
  companyName?: string | undefined;
  onNavigate?: () => void;
}) {
  return (
    // At least the side area's height, and as tall as a long list: its dark ground goes with the links.
    <Box component="nav" aria-label="Main" sx={{ minHeight: '100%', bgcolor: '#0f2a47', color: '#fff' }}>
      <Box sx={{ px: 3, py: 2.5 }}>
        <Typography variant="h6" component="div" sx={{ fontWeight: 800, letterSpacing: 0.5 }}>
          Lintel
        </Typography>
        {companyName && (
          <Typography variant="body2" sx={{ color: 'rgba(255,255,255,0.75)' }} noWrap>
            {companyName}
          </Typography>
        )}
      </Box>
      <List sx={{ px: 1.5 }}>
        {/* Each link in its own list item: a list holds only items (axe "list"). */}
        {items.map((item) => (
          <ListItem key={item.to} disablePadding>
            <ListItemButton
              component={NavLink}
              to={item.to}
              end={item.end}
              onClick={onNavigate}
              sx={{
                borderRadius: 2,
                mb: 0.5,
                color: 'rgba(255,255,255,0.9)',
                '&.active': { bgcolor: 'rgba(255,255,255,0.16)', color: '#fff', fontWeight: 700 },
                '&:hover': { bgcolor: 'rgba(255,255,255,0.1)' },
                '&.Mui-focusVisible': { outline: '2px solid #90caf9' },
              }}
            >
              <ListItemText primary={item.label} slotProps={{ primary: { sx: { fontWeight: 'inherit' } } }} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
});
