import type { UserNotification } from '@lintel/contracts';
import type { NotificationRow } from './repo.ts';

export const toUserNotification = (row: NotificationRow): UserNotification => ({
  _id: String(row.seq),
  seq: row.seq,
  type: row.type,
  title: row.title,
  message: row.message,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
});
