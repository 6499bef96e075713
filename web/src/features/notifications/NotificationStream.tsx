import { useEffect } from 'react';
import { notificationsApi, UserNotification } from '@lintel/contracts';
import { apiBaseUrl, refreshAccessToken } from '../../lib/http.ts';
import { useAuth } from '../../session/index.ts';
import { useNotifications } from './NotificationProvider.tsx';

/** After a refused connection, wait this long before trying again with a fresh token. */
export const STREAM_RETRY_MS = 5000;

/**
 * While signed in, listens to the server's notifications (server-sent events) and adds each at
 * the front of the in-memory list. Renders nothing.
 */
export function NotificationStream() {
  const { isAuthenticated, user } = useAuth();
  const { addNotification } = useNotifications();
  const userId = isAuthenticated ? user?._id : undefined;
  // A user without a company has no notifications: the stream would answer NO_COMPANY. Joining or
  // creating one gives the user a companyId, and the stream starts then.
  const companyId = user?.companyId;

  useEffect(() => {
    if (!userId || !companyId) return;
    let source: EventSource | undefined;
    let lastEventId = '';
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const connect = () => {
      // A new EventSource cannot send Last-Event-ID itself: the query carries it.
      const query = lastEventId ? `?lastEventId=${encodeURIComponent(lastEventId)}` : '';
      source = new EventSource(`${apiBaseUrl()}${notificationsApi.stream.path}${query}`, {
        withCredentials: true,
      });
      source.addEventListener('notification', (event) => {
        lastEventId = event.lastEventId || lastEventId;
        const parsed = UserNotification.safeParse(JSON.parse(event.data as string));
        if (!parsed.success) return;
        const item = parsed.data;
        addNotification({
          id: item._id,
          title: item.title,
          message: item.message,
          link: item.link ?? undefined,
          createdAt: item.createdAt,
        });
      });
      source.onerror = () => {
        // A dropped connection is retried by EventSource itself (with Last-Event-ID). A refused
        // one (401 once the 15-minute access cookie has expired) closes it for good: refresh the
        // session cookie and open a new one.
        if (stopped || source?.readyState !== EventSource.CLOSED) return;
        retryTimer = setTimeout(() => {
          refreshAccessToken().then(
            () => {
              if (!stopped) connect();
            },
            () => {},
          );
        }, STREAM_RETRY_MS);
      };
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [userId, companyId, addNotification]);

  return null;
}
