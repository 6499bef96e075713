import { setTimeout as sleep } from 'node:timers/promises';
import type { Payment } from '@lintel/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { createLetProperty, paymentBody } from './support/api.ts';
import { checkBooks } from './support/books.ts';
import { createDatabase, databaseKind, type TestDatabase } from './support/database.ts';
import {
  answerName,
  postUntilAcknowledged,
  seededRandom,
  seedFromEnv,
  Tally,
  timed,
  until,
  type Answer,
} from './support/load.ts';
import { startProxy, type DatabaseProxy, type ProxyMode } from './support/proxy.ts';
import { freePort, startServer, type ServerProcess } from './support/server.ts';

const POSTERS = 4;
const READERS = 2;
/**
 * What "never hangs" means: every request is answered within this. The pool waits 5 s at most
 * for a connection; the black hole lasts longer than this, so waiting for it would show.
 */
const ANSWER_LIMIT_MS = 7_000;
/** A client gives up here, so a hang shows as a failure instead of stalling the test. */
const CLIENT_TIMEOUT_MS = 15_000;
const RETRY_DELAY_MS = 200;
const MAX_TRIES = 150;
const RECOVERY_LIMIT_MS = 15_000;
const UNAVAILABLE = {
  status: 'error',
  message: 'Service temporarily unavailable. Please try again later.',
  code: 'UNAVAILABLE',
};
const READS = [
  '/api/health',
  '/api/payments?pageSize=20',
  '/api/properties',
  '/api/ledger/trial-balance?currency=USD',
];
/** A stack frame or SQL text in an answer: what must never reach a client. */
const LEAKS = /\bat .+:\d+:\d+|\b(select|insert|update|delete)\b.+\b(from|into|set|where)\b|ECONN|terminat/i;

type Phase = 'before' | 'backends terminated' | ProxyMode | 'after';

describe.skipIf(databaseKind === 'pglite')(
  'database outage under load (PostgreSQL only: embedded PGlite has no connection to lose)',
  () => {
    let database: TestDatabase | undefined;
    let proxy: DatabaseProxy | undefined;
    let server: ServerProcess | undefined;

    afterAll(async () => {
      await server?.kill();
      await proxy?.close();
      await database?.drop();
    });

    it('answers 503 with a message while the database is away, never hangs or leaks, recovers without a restart, loses nothing', async ({
      annotate,
    }) => {
      const seed = seedFromEnv();
      await annotate(`seed ${seed} (RESILIENCE_SEED=${seed} draws the same phase lengths)`);
      const random = seededRandom(seed);
      const lasting = (ms: number) => Math.round(ms * (0.8 + random() * 0.4));
      // The black hole (at least 7.2 s) outlasts the answer limit.
      const phases: [Phase, number][] = [
        ['before', lasting(2000)],
        ['backends terminated', lasting(2000)],
        ['refusing', lasting(2000)],
        ['blackhole', lasting(9000)],
        ['after', lasting(3000)],
      ];
      await annotate(`phases: ${phases.map(([phase, ms]) => `${phase} ${ms} ms`).join(', ')}`);

      database = await createDatabase();
      const url = database.url!;
      proxy = await startProxy({ host: url.hostname, port: Number(url.port || 5432) });
      const viaProxy = new URL(url);
      viaProxy.port = String(proxy.port);
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      server = await startServer(port, { DATABASE_URL: viaProxy.href });
      let restarted = false;
      void server.exited.then(() => (restarted = true));
      const { companyId, token, lease } = await createLetProperty(baseUrl);

      let phase: Phase = 'before';
      let stopping = false;
      const answers: (Answer & { phase: Phase })[] = [];
      const observe = (answer: Answer) => answers.push({ ...answer, phase });
      const acknowledged = new Map<string, Payment & { phase: Phase }>();
      const refusals: string[] = [];
      let next = 0;
      const posters = Array.from({ length: POSTERS }, async () => {
        while (!stopping) {
          const n = next++;
          const key = `outage-${seed}-${n}`;
          const outcome = await postUntilAcknowledged(baseUrl, token, key, paymentBody(lease, n), {
            maxTries: MAX_TRIES,
            retryDelayMs: RETRY_DELAY_MS,
            timeoutMs: CLIENT_TIMEOUT_MS,
            observe,
          });
          if (outcome.payment) acknowledged.set(key, { ...outcome.payment, phase });
          else refusals.push(`${key}: ${outcome.refusal}`);
        }
      });
      const readers = Array.from({ length: READERS }, async (_, reader) => {
        for (let n = reader; !stopping; n++) {
          const path = READS[n % READS.length]!;
          observe(
            await timed(`GET ${path}`, () =>
              fetch(`${baseUrl}${path}`, {
                headers: { authorization: `Bearer ${token}` },
                signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
              }),
            ),
          );
          await sleep(50);
        }
      });

      let restoredAt = 0;
      await database.withSql(async (sql) => {
        for (const [name, ms] of phases) {
          phase = name;
          const ends = Date.now() + ms;
          if (name === 'refusing' || name === 'blackhole') await proxy!.setMode(name);
          if (name === 'after') {
            await proxy!.setMode('up');
            restoredAt = Date.now();
          }
          if (name !== 'backends terminated') {
            await sleep(ms);
            continue;
          }
          // The server's connections are ended from inside PostgreSQL, again and again.
          while (Date.now() < ends) {
            await sql(
              `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
            );
            await sleep(100);
          }
        }
      });
      const healthyAgain = () =>
        answers.find(
          (answer) =>
            answer.path === 'GET /api/health' && answer.status === 200 && answer.startedAt >= restoredAt,
        );
      const recovered = await until(() => healthyAgain() !== undefined, RECOVERY_LIMIT_MS);
      stopping = true;
      await Promise.all([...posters, ...readers]);

      const byPhase = new Map<Phase, Tally>();
      for (const answer of answers) {
        if (!byPhase.has(answer.phase)) byPhase.set(answer.phase, new Tally());
        byPhase.get(answer.phase)!.add(answerName(answer));
      }
      await annotate(
        `${answers.length} requests, ${acknowledged.size} payments acknowledged; answers by phase: ${[
          ...byPhase,
        ]
          .map(([name, tally]) => `${name}: ${tally.toString()}`)
          .join('; ')}; slowest ${Math.max(...answers.map((answer) => answer.ms))} ms; ${
          recovered
            ? `healthy again ${healthyAgain()!.startedAt + healthyAgain()!.ms - restoredAt} ms after the proxy came back`
            : `not healthy ${RECOVERY_LIMIT_MS} ms after the proxy came back`
        }`,
      );
      if (answers.some((answer) => answer.failure || answer.status === 500)) {
        await annotate(`server log: ${server.output().slice(-3000)}`);
      }

      expect(
        answers.filter((answer) => answer.failure),
        'every request got an HTTP answer',
      ).toEqual([]);
      expect(
        answers.filter((answer) => answer.ms > ANSWER_LIMIT_MS),
        `answered within ${ANSWER_LIMIT_MS} ms`,
      ).toEqual([]);
      const wrong = answers.filter((answer) => answer.status !== 503 && answer.status! >= 300);
      expect(wrong, 'nothing but success or 503').toEqual([]);
      const unavailable = answers.filter((answer) => answer.status === 503);
      for (const answer of unavailable) expect(JSON.parse(answer.body!), answer.path).toEqual(UNAVAILABLE);
      expect(unavailable.filter((answer) => LEAKS.test(answer.body!))).toEqual([]);
      for (const down of ['backends terminated', 'refusing', 'blackhole'] as const) {
        expect(byPhase.get(down)?.counts.get('503'), `503s while ${down}`).toBeGreaterThan(0);
      }
      expect(
        unavailable.filter((answer) => answer.path === 'GET /api/health' && answer.phase === 'refusing'),
        'health says 503 while the database is away',
      ).not.toEqual([]);
      expect(recovered, `health 200 within ${RECOVERY_LIMIT_MS} ms of the proxy coming back`).toBe(true);
      expect(restarted, 'the server recovered by itself, without a restart').toBe(false);
      expect(
        [...acknowledged.values()].filter((payment) => payment.phase === 'after'),
        'payments acknowledged after the outage',
      ).not.toEqual([]);
      expect(refusals, 'every payment acknowledged in the end').toEqual([]);

      const books = await database.withSql((sql) => checkBooks(sql, companyId, acknowledged));
      expect(books.problems).toEqual([]);
      expect(books.stored).toBe(acknowledged.size);
    });
  },
);
