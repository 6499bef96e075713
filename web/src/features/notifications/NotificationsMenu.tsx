import { useState } from 'react';
import { useNavigate } from 'react-router';
import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useNotifications } from './NotificationProvider.tsx';

// SPEC §9: the popup shows the 5 newest.
export const NOTIFICATIONS_SHOWN = 5;

export function NotificationsMenu() {
  const { notifications, unreadCount, markAllRead } = useNotifications();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={unreadCount ? `Notifications, ${unreadCount} unread` : 'Notifications'}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          // SPEC §2: opening the popup marks every notification read.
          markAllRead();
        }}
      >
        <Badge color="error" variant="dot" invisible={unreadCount === 0}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 340, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5, fontWeight: 700 }}>
          Notifications
        </Typography>
        {notifications.length === 0 ? (
          <Typography sx={{ px: 2, py: 2 }} color="text.secondary">
            No notifications
          </Typography>
        ) : (
          <List dense>
            {notifications.slice(0, NOTIFICATIONS_SHOWN).map((item) => (
              <ListItemButton
                key={item.id}
                onClick={() => {
                  setAnchor(null);
                  if (item.link) void navigate(item.link);
                }}
              >
                <ListItemText
                  primary={item.title}
                  secondary={
                    <>
                      {item.message}
                      <br />
                      <time dateTime={item.createdAt}>{new Date(item.createdAt).toLocaleString()}</time>
                    </>
                  }
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
