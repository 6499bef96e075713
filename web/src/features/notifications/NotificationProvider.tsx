import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';

// SPEC §3: kept in memory only, never persisted.
export interface AppNotification {
  id: string;
  title: string;
  message: string;
  link?: string | undefined;
  createdAt: string;
  read: boolean;
}

/** A new notification; the server's come with their own id and time, local ones get fresh ones. */
export interface NotificationInput {
  title: string;
  message: string;
  link?: string | undefined;
  id?: string;
  createdAt?: string;
}

interface NotificationContextValue {
  notifications: AppNotification[];
  unreadCount: number;
  addNotification: (input: NotificationInput) => void;
  markAllRead: () => void;
}

const NotificationContext = createContext<NotificationContextValue | null>(null);

export function useNotifications(): NotificationContextValue {
  const value = use(NotificationContext);
  if (!value) throw new Error('useNotifications must be used within a NotificationProvider');
  return value;
}

export function NotificationProvider({ children }: { children: ReactNode }) {
  const [notifications, setNotifications] = useState<AppNotification[]>([]);

  // SPEC §4: new ones go to the front. A replayed one (same id) is already there.
  const addNotification = useCallback((input: NotificationInput) => {
    const item: AppNotification = {
      title: input.title,
      message: input.message,
      link: input.link,
      id: input.id ?? crypto.randomUUID(),
      createdAt: input.createdAt ?? new Date().toISOString(),
      read: false,
    };
    setNotifications((current) =>
      current.some((known) => known.id === item.id) ? current : [item, ...current],
    );
  }, []);

  const markAllRead = useCallback(() => {
    setNotifications((current) =>
      current.some((item) => !item.read) ? current.map((item) => ({ ...item, read: true })) : current,
    );
  }, []);

  const value = useMemo(
    () => ({
      notifications,
      unreadCount: notifications.filter((item) => !item.read).length,
      addNotification,
      markAllRead,
    }),
    [notifications, addNotification, markAllRead],
  );
  return <NotificationContext value={value}>{children}</NotificationContext>;
}
