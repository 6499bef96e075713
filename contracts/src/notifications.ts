import { z } from 'zod';
import { call, envelope, Timestamp } from './common.ts';

/** One notification for the signed-in user; `seq` orders them and is the stream's event id. */
export const UserNotification = z.object({
  _id: z.string(),
  seq: z.number().int(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  /** Where in the app it leads. */
  link: z.string().nullable(),
  createdAt: Timestamp,
});
export type UserNotification = z.infer<typeof UserNotification>;

export const NotificationQuery = z.object({
  /** Only those with a greater seq. */
  after: z.coerce.number().int().min(0).optional(),
});
export type NotificationQuery = z.infer<typeof NotificationQuery>;

export const NotificationStreamQuery = z.object({
  /** For clients that cannot send the Last-Event-ID header (a fresh EventSource). */
  lastEventId: z.coerce.number().int().min(0).optional(),
});
export type NotificationStreamQuery = z.infer<typeof NotificationStreamQuery>;

/** The most a first load returns. */
export const NOTIFICATIONS_LISTED = 50;

const tag = 'notifications';

export const notificationsApi = {
  list: call('GET', '/notifications', {
    summary: `The signed-in user's latest ${NOTIFICATIONS_LISTED} notifications, newest first`,
    tag,
    query: NotificationQuery,
    reply: envelope(z.array(UserNotification)),
  }),
  stream: call('GET', '/notifications/stream', {
    summary:
      'Server-sent events: each new notification of the signed-in user as a `notification` event ' +
      '(data: the notification, id: its seq). Last-Event-ID (header or `lastEventId`) replays what ' +
      'came after it in the last 10 minutes.',
    tag,
    query: NotificationStreamQuery,
    reply: z.string(),
    produces: 'text/event-stream',
  }),
};
