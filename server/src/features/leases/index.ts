import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { expireLeases } from './service.ts';

export { leaseRoutes } from './routes.ts';
export { expireLeases } from './service.ts';

const HOUR_MS = 60 * 60 * 1000;

/** The expiry job: once now, then hourly. The returned stop waits for a run in progress. */
export function startLeaseExpiry(db: Db, log: FastifyBaseLogger, everyMs = HOUR_MS): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const run = () =>
    (running = expireLeases(db).then(
      (result) => {
        if (result.expired > 0) log.info(result, 'lease expiry: leases expired');
      },
      (error: unknown) => log.error({ err: error }, 'lease expiry failed'),
    ));
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    return running;
  };
}
