import type { FastifyBaseLogger } from 'fastify';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Runs `work` once now, then every `everyMs`, never two runs at once. The returned stop waits for
 * a run in progress, so the database can close after it. Failures are logged, never thrown.
 */
export function startRecurringJob(
  name: string,
  work: () => Promise<unknown>,
  log: FastifyBaseLogger,
  everyMs = HOUR_MS,
): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const run = () =>
    (running = running.then(() =>
      work().then(
        (result) => log.debug({ result }, `${name}: done`),
        (error: unknown) => log.error({ err: error }, `${name} failed`),
      ),
    ));
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    return running;
  };
}
