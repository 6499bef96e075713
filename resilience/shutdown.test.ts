import { once } from 'node:events';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Payment } from '@lintel/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { createLetProperty, listPayments, paymentBody, postPayment } from './support/api.ts';
import { checkBooks } from './support/books.ts';
import { createDatabase, databaseKind, type TestDatabase } from './support/database.ts';
import { answerName, seededRandom, seedFromEnv, Tally, timed, type Answer } from './support/load.ts';
import { freePort, startServer, type ServerProcess } from './support/server.ts';

const POSTERS = 10;
const READERS = 10;
/** The load runs this long (± 25 %, from the seed) before SIGTERM. */
const LOAD_MS = 2500;
/** main.ts gives itself 10 s. */
const EXIT_LIMIT_MS = 10_000;
/**
 * From the signal to the listening socket closing. PGlite runs queries on the server's own thread,
 * so the signal handler may wait for the query in progress.
 */
const CLOSE_BEGINS_WITHIN_MS = 2000;
const PROBE_EVERY_MS = 10;
const CLIENT_TIMEOUT_MS = 30_000;
const READS = ['/api/payments?pageSize=100', '/api/properties', '/api/ledger/trial-balance?currency=USD'];
/** How a request that never reached a handler fails: the connection refused, or closed before an answer. */
const NOT_ANSWERED = new Set(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET']);

/** Opens a TCP connection to the port and closes it: `accepted`, or the error code. */
function probe(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('accepted');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

/** A connection that sends nothing, as a browser opens one ahead of need (a preconnect). */
async function openSilent(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await once(socket, 'connect');
  return socket;
}

describe(`graceful shutdown under load (${databaseKind})`, () => {
  let database: TestDatabase | undefined;
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.kill();
    await database?.drop();
  });

  it('SIGTERM: in-flight requests finish whole, new connections are refused, the database closes, exit 0 within 10 s', async ({
    annotate,
  }) => {
    const seed = seedFromEnv();
    await annotate(`seed ${seed} (RESILIENCE_SEED=${seed} draws the same moment for SIGTERM)`);
    const loadMs = Math.round(LOAD_MS * (0.75 + seededRandom(seed)() * 0.5));

    database = await createDatabase();
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    server = await startServer(port, database.serverEnv);
    const { companyId, token, lease } = await createLetProperty(baseUrl);

    // Opened while the server is idle (so it has taken them), never used: the close must not wait for them.
    const preconnects = await Promise.all([openSilent(port), openSilent(port)]);
    await sleep(100);

    let sigtermAt = Infinity;
    let exitedAt = Infinity;
    const answers: Answer[] = [];
    const acknowledged = new Map<string, Payment>();
    // A client stops once the server turned it away or is gone.
    const stopped = (answer: Answer) =>
      exitedAt < Infinity || (answer.startedAt > sigtermAt && answer.failure);
    let next = 0;
    const posters = Array.from({ length: POSTERS }, async () => {
      for (;;) {
        const n = next++;
        const key = `shutdown-${seed}-${n}`;
        const answer = await timed('POST /api/payments', () =>
          postPayment(baseUrl, token, key, paymentBody(lease, n), CLIENT_TIMEOUT_MS),
        );
        answers.push(answer);
        if (answer.status === 201 && !answer.failure) {
          acknowledged.set(key, (JSON.parse(answer.body!) as { data: Payment }).data);
        }
        if (stopped(answer)) return;
      }
    });
    const readers = Array.from({ length: READERS }, async (_, reader) => {
      for (let n = reader; ; n++) {
        const path = READS[n % READS.length]!;
        const answer = await timed(`GET ${path}`, () =>
          fetch(`${baseUrl}${path}`, {
            headers: { authorization: `Bearer ${token}` },
            signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
          }),
        );
        answers.push(answer);
        if (stopped(answer)) return;
      }
    });

    await sleep(loadMs);
    const exited = server.exited.then((exit) => {
      exitedAt = Date.now();
      return exit;
    });
    sigtermAt = Date.now();
    void server.terminate();
    const probes: { at: number; result: string }[] = [];
    while (exitedAt === Infinity) {
      const at = Date.now();
      const result = await probe(port);
      // Only what the probe saw while the process still ran says anything about the server.
      if (exitedAt === Infinity) probes.push({ at: at - sigtermAt, result });
      await sleep(PROBE_EVERY_MS);
    }
    const exit = await exited;
    for (const socket of preconnects) socket.destroy();
    await Promise.all([...posters, ...readers]);

    const before = answers.filter((answer) => answer.startedAt < sigtermAt);
    const inFlight = before.filter((answer) => answer.startedAt + answer.ms > sigtermAt);
    const after = answers.filter((answer) => answer.startedAt >= sigtermAt);
    const tally = (list: Answer[]) =>
      list.reduce((seen, answer) => (seen.add(answerName(answer)), seen), new Tally());
    const refusedWhileRunning = probes.filter((entry) => entry.result === 'ECONNREFUSED');
    await annotate(
      `SIGTERM after ${loadMs} ms of load, ${before.length} requests sent; in flight then: ${tally(inFlight).toString()}; sent after: ${tally(after).toString()}`,
    );
    await annotate(
      `exit ${exit.code ?? exit.signal} ${exitedAt - sigtermAt} ms after SIGTERM; ${probes.length} connection probes while it ran, refused from +${refusedWhileRunning[0]?.at ?? '-'} ms: ${tally(
        probes.map((entry) => ({ path: '', startedAt: 0, ms: 0, failure: entry.result })),
      ).toString()}`,
    );

    expect(exit, 'exit code').toEqual({ code: 0, signal: null });
    expect(exitedAt - sigtermAt, `exit within ${EXIT_LIMIT_MS} ms`).toBeLessThan(EXIT_LIMIT_MS);
    expect(server.output(), 'nothing went wrong while closing (no warnings or errors logged)').not.toMatch(
      /"level":(40|50|60)/,
    );

    const cut = answers.filter((answer) => answer.status !== undefined && answer.failure);
    expect(cut, 'no answer was cut after its headers').toEqual([]);
    for (const answer of answers.filter((answer) => answer.body !== undefined)) {
      expect(() => JSON.parse(answer.body!) as unknown, `${answer.path} answered whole JSON`).not.toThrow();
    }
    expect(
      answers.filter(
        (answer) => answer.startedAt + answer.ms < sigtermAt && (answer.failure || answer.status! >= 300),
      ),
      'all well before SIGTERM',
    ).toEqual([]);
    expect(
      inFlight.filter((answer) => answer.status !== undefined && answer.status < 300),
      'requests in flight at SIGTERM finished',
    ).not.toEqual([]);
    // Requests sent while it closed: finished, turned away whole (503, on a kept-alive connection),
    // or never reached a handler (no connection). The books below prove no payment among them was
    // written without its answer.
    const unexpected = [...inFlight, ...after].filter(
      (answer) =>
        (answer.failure && !NOT_ANSWERED.has(answer.failure)) ||
        (answer.status !== undefined && answer.status >= 300 && answer.status !== 503),
    );
    expect(unexpected, 'while closing: whole answers (2xx or 503) or no connection').toEqual([]);

    expect(refusedWhileRunning, 'connections refused while it still drained').not.toEqual([]);
    const closedAt = refusedWhileRunning[0]!.at;
    expect(closedAt, `stops accepting within ${CLOSE_BEGINS_WITHIN_MS} ms of SIGTERM`).toBeLessThan(
      CLOSE_BEGINS_WITHIN_MS,
    );
    expect(
      probes.filter((entry) => entry.at > closedAt && entry.result !== 'ECONNREFUSED'),
      'once closing, every new connection refused',
    ).toEqual([]);

    // PGlite: the folder opens again in this process only if the server let it go.
    const books = await database.withSql((sql) => checkBooks(sql, companyId, acknowledged));
    await annotate(`${acknowledged.size} payments acknowledged, ${books.stored} stored`);
    expect(books.problems, 'every acknowledged payment stored once, nothing else').toEqual([]);

    // And the server starts again on what it closed.
    server = await startServer(port, database.serverEnv);
    expect((await listPayments(baseUrl, token, lease)).length).toBe(acknowledged.size);
  });
});
