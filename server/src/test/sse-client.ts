import type { UserNotification } from '@lintel/contracts';

/** A minimal server-sent-events reader over fetch, collecting notification events. */
export interface SseClient {
  status: number;
  events: { id: string; notification: UserNotification }[];
  /** Resolves once an event matches, or fails after `withinMs`. */
  waitFor(match: (notification: UserNotification) => boolean, withinMs?: number): Promise<UserNotification>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string>): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: SseClient['events'] = [];
  const waiters = new Set<() => void>();
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields = new Map(
              block
                .split('\n')
                .filter((line) => line && !line.startsWith(':'))
                .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
            );
            if (fields.get('event') !== 'notification') continue;
            events.push({ id: fields.get('id')!, notification: JSON.parse(fields.get('data')!) });
            waiters.forEach((wake) => wake());
          }
        }
      } catch {
        // Aborted by close().
      }
    })();
  }
  return {
    status: response.status,
    events,
    waitFor: (match, withinMs = 5000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find((event) => match(event.notification));
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found.notification);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching notification within ${withinMs} ms; got ${JSON.stringify(events)}`));
        }, withinMs);
        waiters.add(check);
        check();
      }),
    close: () => controller.abort(),
  };
}
