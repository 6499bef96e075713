import { useState } from 'react';
import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { lazyPart } from '../../lib/lazy-part.tsx';
import { useNotifications } from './NotificationProvider.tsx';

/** The popup's popover, modal and transitions come when it is first wanted, not with every page. */
const NotificationsPopover = lazyPart(() => import('./NotificationsPopover.tsx'), 'NotificationsPopover');

export function NotificationsMenu() {
  const { notifications, unreadCount, markAllRead } = useNotifications();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Kept once opened, so the popup's closing transition plays and a reopening is immediate.
  const [wanted, setWanted] = useState(false);

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={unreadCount ? `Notifications, ${unreadCount} unread` : 'Notifications'}
        onPointerEnter={NotificationsPopover.preload}
        onFocus={NotificationsPopover.preload}
        onClick={(event) => {
          setWanted(true);
          setAnchor(event.currentTarget);
          // SPEC §2: opening the popup marks every notification read.
          markAllRead();
        }}
      >
        <Badge color="error" variant="dot" invisible={unreadCount === 0}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      {wanted && (
        <NotificationsPopover
          notifications={notifications}
          anchor={anchor}
          onClose={() => setAnchor(null)}
          onFailed={() => {
            setAnchor(null);
            setWanted(false);
          }}
        />
      )}
    </>
  );
}
