import { useNavigate } from 'react-router';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import type { AppNotification } from './NotificationProvider.tsx';

// SPEC §9: the popup shows the 5 newest.
export const NOTIFICATIONS_SHOWN = 5;

/** SPEC §2's "Notifications popup", loaded on its first opening (NotificationsMenu.tsx). */
export function NotificationsPopover({
  notifications,
  anchor,
  onClose,
}: {
  notifications: AppNotification[];
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  return (
    <Popover
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
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
                onClose();
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
  );
}
