export {
  NotificationProvider,
  useNotifications,
  type AppNotification,
  type NotificationInput,
} from './NotificationProvider.tsx';
export { NotificationStream } from './NotificationStream.tsx';
export { NotificationsMenu } from './NotificationsMenu.tsx';
