import { sql } from 'drizzle-orm';
import { NOTIFICATIONS_LISTED, type NotificationQuery, type UserNotification } from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { transact, type Ctx } from '../../db/scope.ts';
import { toUserNotification } from './dto.ts';
import * as repo from './repo.ts';

/** The channel every server instance LISTENs on; payloads name who has something new. */
export const NOTIFICATION_CHANNEL = 'lintel_notifications';

export interface Notice {
  /** The users it concerns; duplicates and nulls are dropped. */
  userIds: readonly (string | null | undefined)[];
  type: string;
  title: string;
  message: string;
  /** Where in the app it leads, e.g. `/admin/maintenance?open=<id>`. */
  link?: string | null;
  /** Raising the same notice again (a job's re-run) adds nothing when it carries the same key. */
  dedupeKey?: string;
}

/**
 * Raises a notification inside the caller's transaction. The rows and the NOTIFY commit (or roll
 * back) with the change that caused them, and every instance's listener hears the NOTIFY only
 * after commit, so no browser learns of something that did not happen.
 */
export async function notify(tx: Tx, scope: Pick<Ctx, 'companyId'>, notice: Notice): Promise<void> {
  const userIds = [...new Set(notice.userIds.filter((id): id is string => Boolean(id)))];
  if (userIds.length === 0) return;
  const inserted = await tx
    .insert(notifications)
    .values(
      userIds.map((userId) => ({
        companyId: scope.companyId,
        userId,
        type: notice.type,
        title: notice.title,
        message: notice.message,
        link: notice.link ?? null,
        dedupeKey: notice.dedupeKey ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning({ userId: notifications.userId });
  if (inserted.length === 0) return;
  const payload = JSON.stringify({ companyId: scope.companyId, userIds: inserted.map((row) => row.userId) });
  await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${payload})`);
}

/** Every role has notifications of its own: the signed-in user's, newest first (a first load). */
export const listNotifications = (ctx: Ctx, query: NotificationQuery): Promise<UserNotification[]> =>
  transact(ctx, async (tx) =>
    (await repo.latestNotifications(tx, ctx, ctx.userId, NOTIFICATIONS_LISTED, query.after)).map(
      toUserNotification,
    ),
  );
