import { setTimeout as sleep } from 'node:timers/promises';
import { Payment } from '@lintel/contracts';
import { postPayment, type PaymentBody } from './api.ts';

/** The run's seed: RESILIENCE_SEED repeats a run (the same kill points and timings drawn). */
export const seedFromEnv = () => Number(process.env.RESILIENCE_SEED ?? Math.floor(Math.random() * 2 ** 32));

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Counts of things by name (statuses, error codes), for the report. */
export class Tally {
  readonly counts = new Map<string, number>();
  add(name: string) {
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
  }
  toString() {
    return [...this.counts].map(([name, count]) => `${name}×${count}`).join(', ') || 'none';
  }
}

/** What a failed request shows the client: the network error's code, or `timeout`. */
export function failureName(error: unknown): string {
  const { name, cause } = error as { name?: string; cause?: { code?: string; name?: string } };
  if (name === 'TimeoutError') return 'timeout';
  return cause?.code ?? cause?.name ?? name ?? 'error';
}

/**
 * One request as its client saw it: an HTTP answer (status and whole body), or a failure. A
 * failure with a status is an answer cut after its headers.
 */
export interface Answer {
  path: string;
  startedAt: number;
  ms: number;
  status?: number;
  body?: string;
  failure?: string;
}

/** Sends a request and reads the whole answer, timing it; a failure is recorded, not thrown. */
export async function timed(path: string, send: () => Promise<Response>): Promise<Answer> {
  const startedAt = Date.now();
  let status: number | undefined;
  try {
    const response = await send();
    status = response.status;
    const body = await response.text();
    return { path, startedAt, ms: Date.now() - startedAt, status, body };
  } catch (error) {
    return { path, startedAt, ms: Date.now() - startedAt, status, failure: failureName(error) };
  }
}

export const answerName = (answer: Answer) =>
  answer.failure
    ? `${answer.status ? `${answer.status} cut: ` : ''}${answer.failure}`
    : String(answer.status);

export interface RetryOptions {
  maxTries: number;
  retryDelayMs: number;
  /** Longest wait for one answer. */
  timeoutMs: number;
  /** A shorter wait for the first answer: an impatient client gives up while the server may commit. */
  firstTimeoutMs?: number | undefined;
  /** Sees every answer and failure. */
  observe(answer: Answer): void;
}

export interface PostOutcome {
  payment?: Payment;
  tries: number;
  /** How the first try failed, if it did. */
  firstFailure?: string;
  /** Why it gave up: a 4xx, or the last failure when the tries ran out. */
  refusal?: string;
}

/**
 * A client that posts one payment until it is acknowledged: on a network failure or a 5xx it
 * sends the same Idempotency-Key and body again; a 4xx ends it.
 */
export async function postUntilAcknowledged(
  baseUrl: string,
  token: string,
  key: string,
  body: PaymentBody,
  options: RetryOptions,
): Promise<PostOutcome> {
  let firstFailure: string | undefined;
  let last = '';
  for (let tries = 1; tries <= options.maxTries; tries++) {
    const timeoutMs = tries === 1 ? (options.firstTimeoutMs ?? options.timeoutMs) : options.timeoutMs;
    const answer = await timed('POST /api/payments', () => postPayment(baseUrl, token, key, body, timeoutMs));
    options.observe(answer);
    if (answer.status === 201 && !answer.failure) {
      const payment = Payment.parse((JSON.parse(answer.body!) as { data: unknown }).data);
      return { payment, tries, firstFailure };
    }
    last = answer.failure ? answerName(answer) : `${answer.status} ${answer.body}`;
    if (!answer.failure && answer.status! < 500) return { tries, firstFailure, refusal: last };
    firstFailure ??= answerName(answer);
    await sleep(options.retryDelayMs);
  }
  return {
    tries: options.maxTries,
    firstFailure,
    refusal: `gave up after ${options.maxTries} tries: ${last}`,
  };
}

/** Runs `work(0 … total-1)` on `clients` concurrent loops, each taking the next number. */
export async function onClients(clients: number, total: number, work: (n: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < total) await work(next++);
    }),
  );
}

/** Polls until `condition` holds (true) or `limitMs` passes (false). */
export async function until(condition: () => boolean, limitMs = Infinity) {
  const ends = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > ends) return false;
    await sleep(5);
  }
  return true;
}
