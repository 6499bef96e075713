import { setTimeout as sleep } from 'node:timers/promises';
import type { Payment } from '@lintel/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { createLetProperty, listPayments, paymentBody, trialBalance } from './support/api.ts';
import { checkBooks } from './support/books.ts';
import { createDatabase, databaseKind, type TestDatabase } from './support/database.ts';
import {
  answerName,
  onClients,
  postUntilAcknowledged,
  seededRandom,
  seedFromEnv,
  Tally,
  until,
} from './support/load.ts';
import { freePort, startServer, type ServerProcess } from './support/server.ts';

const PAYMENTS = 1000;
const CLIENTS = 20;
const KILLS = 5;
/** A client waits this long between tries; a restart takes a few seconds, so up to ~60 s of tries. */
const RETRY_DELAY_MS = 100;
const MAX_TRIES = 600;
const ANSWER_LIMIT_MS = 30_000;
/** Kills land after this many acknowledgements (drawn from the seed), plus up to this many ms. */
const KILL_WINDOW = [0.05, 0.95] as const;
const KILL_JITTER_MS = 50;
/**
 * A kill rarely lands between a commit and its answer, so some clients are impatient too: their
 * first try gives up after a few hundred ms, often once the server has committed, and the retry
 * must get the same payment back.
 */
const IMPATIENT_SHARE = 0.1;
const IMPATIENT_LIMIT_MS = [10, 500] as const;

describe(`crash: kill -9 of the server under payment load (${databaseKind})`, () => {
  let database: TestDatabase | undefined;
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.kill();
    await database?.drop();
  });

  it(`${PAYMENTS} payments from ${CLIENTS} retrying clients, ${KILLS} kills and restarts: every acknowledged payment stored once, books balanced`, async ({
    annotate,
  }) => {
    const seed = seedFromEnv();
    await annotate(`seed ${seed} (RESILIENCE_SEED=${seed} draws the same kill points)`);
    const random = seededRandom(seed);
    const kills = Array.from({ length: KILLS }, () => ({
      afterAcknowledged: Math.floor(
        PAYMENTS * (KILL_WINDOW[0] + random() * (KILL_WINDOW[1] - KILL_WINDOW[0])),
      ),
      jitterMs: Math.floor(random() * KILL_JITTER_MS),
    })).sort((a, b) => a.afterAcknowledged - b.afterAcknowledged);
    const firstTimeoutsMs = Array.from({ length: PAYMENTS }, () =>
      random() < IMPATIENT_SHARE
        ? Math.floor(IMPATIENT_LIMIT_MS[0] + random() * (IMPATIENT_LIMIT_MS[1] - IMPATIENT_LIMIT_MS[0]))
        : undefined,
    );

    database = await createDatabase();
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    server = await startServer(port, database.serverEnv);
    const { companyId, token, lease } = await createLetProperty(baseUrl);

    const acknowledged = new Map<string, Payment>();
    const refusals: string[] = [];
    const seen = new Tally();
    let tries = 0;
    let resent = 0;
    let done = false;
    const began = Date.now();
    const load = onClients(CLIENTS, PAYMENTS, async (n) => {
      const key = `crash-${seed}-${n}`;
      const outcome = await postUntilAcknowledged(baseUrl, token, key, paymentBody(lease, n), {
        maxTries: MAX_TRIES,
        retryDelayMs: RETRY_DELAY_MS,
        timeoutMs: ANSWER_LIMIT_MS,
        firstTimeoutMs: firstTimeoutsMs[n],
        observe: (answer) => seen.add(answerName(answer)),
      });
      tries += outcome.tries;
      if (outcome.payment) {
        acknowledged.set(key, outcome.payment);
        // Sent again after the first request reached the server (which may have committed it).
        if (outcome.firstFailure && outcome.firstFailure !== 'ECONNREFUSED') resent++;
      } else refusals.push(`${key}: ${outcome.refusal}`);
    }).finally(() => (done = true));

    const restarts: string[] = [];
    for (const kill of kills) {
      await until(() => done || acknowledged.size >= kill.afterAcknowledged);
      if (done) break;
      await sleep(kill.jitterMs);
      const killedAt = acknowledged.size;
      const down = Date.now();
      const exit = await server.kill();
      expect(exit.signal, 'the server died of kill -9').toBe('SIGKILL');
      // A data folder (or database) the killed server left behind must open again.
      server = await startServer(port, database.serverEnv);
      restarts.push(`after ${killedAt} acknowledged (+${kill.jitterMs} ms): back in ${Date.now() - down} ms`);
    }
    await load;
    const loadMs = Date.now() - began;
    await annotate(`kills: ${restarts.join('; ')}`);
    await annotate(
      `${acknowledged.size} of ${PAYMENTS} acknowledged in ${loadMs} ms with ${tries} requests (${resent} keys sent again after their first request reached the server); answers seen: ${seen.toString()}`,
    );

    expect(restarts, 'every kill happened before the load ended').toHaveLength(KILLS);
    expect(refusals, 'every payment acknowledged in the end').toEqual([]);
    expect(resent, 'some keys were sent again after reaching the server').toBeGreaterThan(0);
    const listedIds = (await listPayments(baseUrl, token, lease)).map((payment) => payment._id).sort();
    const acknowledgedIds = [...acknowledged.values()].map((payment) => payment._id).sort();
    expect(listedIds, 'the API lists each acknowledged payment once, and no other').toEqual(acknowledgedIds);
    expect(new Set(acknowledgedIds).size, 'one payment per key').toBe(PAYMENTS);
    for (const [key, payment] of acknowledged) {
      expect(payment.reference, `the payment answered for ${key} is that key's`).toBe(
        `R-${key.split('-').at(-1)}`,
      );
    }
    expect((await trialBalance(baseUrl, token)).total, 'trial balance total').toBe(0);

    // PGlite opens its folder in one process at a time: the server closes it first.
    const stopped = await server.terminate();
    expect(stopped, `closed cleanly: ${server.output().slice(-2000)}`).toEqual({ code: 0, signal: null });
    const books = await database.withSql((sql) => checkBooks(sql, companyId, acknowledged));
    await annotate(`stored ${books.stored} payments; problems: ${books.problems.length}`);
    expect(books.problems).toEqual([]);
    expect(books.stored).toBe(PAYMENTS);
  });
});
