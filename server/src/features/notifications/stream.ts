import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { transact } from '../../db/scope.ts';
import { toUserNotification } from './dto.ts';
import * as repo from './repo.ts';
import { NOTIFICATION_CHANNEL } from './service.ts';

/** How far back a reconnecting browser's Last-Event-ID is replayed. */
export const REPLAY_MINUTES = 10;
const HEARTBEAT_MS = 20_000;

interface Subscriber {
  companyId: string;
  userId: string;
  raw: ServerResponse;
  /** Rows at or below this seq are never sent (the Last-Event-ID, or the newest at connect). */
  floorSeq: number;
  /** Seqs already sent, with when: a late commit of a smaller seq is still sent once. */
  sent: Map<number, number>;
  /** Reads in flight, and whether another NOTIFY came meanwhile. */
  reading: boolean;
  readAgain: boolean;
}

/**
 * This instance's open streams. The NOTIFY only names who has something new; each stream then
 * reads its own rows from the database, so whichever instance raised the event, every instance
 * delivers it to the browsers connected to it.
 */
export class NotificationHub {
  private readonly subscribers = new Set<Subscriber>();
  private stopListening: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(
      NOTIFICATION_CHANNEL,
      (payload) => this.handlePayload(payload),
      // After a reconnect, NOTIFYs sent while the connection was down are lost: everyone re-reads.
      () => this.subscribers.forEach((subscriber) => void this.deliver(subscriber)),
    );
  }

  /** Ends every stream (browsers reconnect elsewhere or later) and stops listening. */
  async stop(): Promise<void> {
    for (const subscriber of this.subscribers) subscriber.raw.end();
    this.subscribers.clear();
    await this.stopListening?.();
  }

  /** Streams the user's new notifications to `raw` until either side closes it. */
  async open(
    scope: { companyId: string; userId: string },
    raw: ServerResponse,
    lastEventId: number | undefined,
  ): Promise<void> {
    const subscriber: Subscriber = {
      ...scope,
      raw,
      floorSeq: lastEventId ?? Number.MAX_SAFE_INTEGER,
      sent: new Map(),
      reading: false,
      readAgain: false,
    };
    // Registered before the first read, so nothing committed in between is missed.
    this.subscribers.add(subscriber);
    const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
    raw.on('close', () => {
      clearInterval(heartbeat);
      this.subscribers.delete(subscriber);
    });
    if (lastEventId === undefined) {
      subscriber.floorSeq = await transact({ db: this.database.db, companyId: scope.companyId }, (tx) =>
        repo.lastSeqOf(tx, scope, scope.userId),
      );
    }
    // The first bytes (and with them the headers) go out once the floor is known: from the moment
    // a browser sees the stream open, everything committed for its user reaches it.
    raw.write(`retry: 3000\n\n`);
    await this.deliver(subscriber);
  }

  private handlePayload(payload: string): void {
    let target: { companyId?: unknown; userIds?: unknown };
    try {
      target = JSON.parse(payload) as typeof target;
    } catch {
      this.log.warn({ payload }, 'notifications: unreadable NOTIFY payload');
      return;
    }
    const userIds = Array.isArray(target.userIds) ? target.userIds : [];
    for (const subscriber of this.subscribers) {
      if (subscriber.companyId === target.companyId && userIds.includes(subscriber.userId)) {
        void this.deliver(subscriber);
      }
    }
  }

  /** One read at a time per stream; a NOTIFY during a read makes it read once more. */
  private async deliver(subscriber: Subscriber): Promise<void> {
    if (subscriber.reading) {
      subscriber.readAgain = true;
      return;
    }
    subscriber.reading = true;
    try {
      do {
        subscriber.readAgain = false;
        await this.sendNew(subscriber);
      } while (subscriber.readAgain && this.subscribers.has(subscriber));
    } catch (error) {
      this.log.error({ err: error }, 'notifications: could not read new notifications');
    } finally {
      subscriber.reading = false;
    }
  }

  private async sendNew(subscriber: Subscriber): Promise<void> {
    if (subscriber.floorSeq === Number.MAX_SAFE_INTEGER || !this.subscribers.has(subscriber)) return;
    const rows = await transact({ db: this.database.db, companyId: subscriber.companyId }, (tx) =>
      repo.recentNotifications(tx, subscriber, subscriber.userId, subscriber.floorSeq, REPLAY_MINUTES),
    );
    const now = Date.now();
    for (const [seq, sentAt] of subscriber.sent) {
      if (now - sentAt > (REPLAY_MINUTES + 1) * 60_000) subscriber.sent.delete(seq);
    }
    for (const row of rows) {
      if (subscriber.sent.has(row.seq)) continue;
      subscriber.sent.set(row.seq, now);
      const data = JSON.stringify(toUserNotification(row));
      subscriber.raw.write(`id: ${row.seq}\nevent: notification\ndata: ${data}\n\n`);
    }
  }
}
