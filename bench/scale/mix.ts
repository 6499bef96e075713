import { createHash, randomUUID } from 'node:crypto';
import { addDays } from '@lintel/contracts';
import { percentile } from '../lib/stats.ts';
import { LET_PER_COMPANY, PROPERTIES_PER_COMPANY } from './generate.ts';

/** A user of the mix, signed in through the API. */
export interface MixUser {
  company: number;
  role: 'admin' | 'accountant' | 'agent';
  /** 3 or 4 for the company's two agents: agent n manages the properties with pn % 2 = n - 3. */
  n: number;
  token: string;
}

export interface MixCall {
  name: string;
  kind: 'read' | 'write';
  weight: number;
  roles: MixUser['role'][];
  request(user: MixUser, pick: (below: number) => number): { method: string; path: string; body?: unknown };
}

const today = new Date().toISOString().slice(0, 10);
const NAME_WORDS = ['Acacia', 'Msasa', 'Jacaranda', 'Court', 'Villa', 'Lodge 1', 'Mopane Flats'];

/** An id as generate.ts's scale_id makes it: the md5 of what it is, as a uuid. */
const md5uuid = (text: string) =>
  createHash('md5')
    .update(text)
    .digest('hex')
    // Marked version 4, variant 1, as the contracts' id check asks (generate.ts scale_id does the same).
    .replace(/^(.{12}).(.{3})./, '$14$28')
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
export const scaleId = (kind: string, a: number, b = 0, c = 0) => md5uuid(`${kind}:${a}:${b}:${c}`);

/** A let property (pn % 10 ≠ 0) the user may take rent for: an agent only on their own. */
function letProperty(user: MixUser, pick: (below: number) => number): number {
  for (;;) {
    const pn = 1 + pick(PROPERTIES_PER_COMPANY);
    if (pn % 10 === 0) continue;
    if (user.role === 'agent' && pn % 2 !== user.n - 3) continue;
    return pn;
  }
}

const BOOKKEEPERS: MixUser['role'][] = ['admin', 'accountant'];
const EVERYONE: MixUser['role'][] = ['admin', 'accountant', 'agent'];

/** The weighted calls: what the screens ask for most, and the two writes of a working day. */
export const MIX: MixCall[] = [
  {
    name: 'properties list (page)',
    kind: 'read',
    weight: 10,
    roles: EVERYONE,
    request: (_user, pick) => ({ method: 'GET', path: `/api/properties?page=${1 + pick(10)}&pageSize=25` }),
  },
  {
    name: 'properties search (q)',
    kind: 'read',
    weight: 5,
    roles: EVERYONE,
    request: (_user, pick) => ({
      method: 'GET',
      path: `/api/properties?page=1&pageSize=25&q=${encodeURIComponent(NAME_WORDS[pick(NAME_WORDS.length)]!)}`,
    }),
  },
  {
    name: 'properties filter (status, type)',
    kind: 'read',
    weight: 3,
    roles: EVERYONE,
    request: (_user, pick) => ({
      method: 'GET',
      path: `/api/properties?page=1&pageSize=25&status=${pick(2) ? 'occupied' : 'available'}&type=${['house', 'apartment', 'cottage'][pick(3)]}`,
    }),
  },
  {
    name: 'payments list (last 3 months)',
    kind: 'read',
    weight: 8,
    roles: EVERYONE,
    request: (_user, pick) => ({
      method: 'GET',
      path: `/api/payments?page=${1 + pick(5)}&pageSize=25&from=${addDays(today, -90)}&to=${today}`,
    }),
  },
  {
    name: 'payments search (receipt)',
    kind: 'read',
    weight: 3,
    roles: EVERYONE,
    request: (_user, pick) => ({
      method: 'GET',
      path: `/api/payments?page=1&pageSize=25&q=RCT-${String(1 + pick(LET_PER_COMPANY * 24)).padStart(6, '0')}`,
    }),
  },
  {
    name: 'leases list (active)',
    kind: 'read',
    weight: 5,
    roles: EVERYONE,
    request: (_user, pick) => ({
      method: 'GET',
      path: `/api/leases?status=active&page=${1 + pick(5)}&pageSize=25`,
    }),
  },
  {
    name: 'property statement (a year, first page)',
    kind: 'read',
    weight: 5,
    roles: BOOKKEEPERS,
    request: (user, pick) => ({
      method: 'GET',
      path: `/api/accounts/properties/${scaleId('property', user.company, 1 + pick(PROPERTIES_PER_COMPANY))}/statement?from=${addDays(today, -364)}&to=${today}&currency=USD&page=1&pageSize=25`,
    }),
  },
  {
    name: 'dashboard (own role)',
    kind: 'read',
    weight: 3,
    roles: EVERYONE,
    request: (user) => ({ method: 'GET', path: `/api/dashboard/${user.role}` }),
  },
  {
    name: 'report: trust reconciliation',
    kind: 'read',
    weight: 1,
    roles: BOOKKEEPERS,
    request: () => ({ method: 'GET', path: '/api/reports/trust-reconciliation' }),
  },
  {
    name: 'report: arrears',
    kind: 'read',
    weight: 1,
    roles: BOOKKEEPERS,
    request: () => ({ method: 'GET', path: '/api/reports/arrears' }),
  },
  {
    name: 'trial balance',
    kind: 'read',
    weight: 1,
    roles: BOOKKEEPERS,
    request: () => ({ method: 'GET', path: '/api/ledger/trial-balance?currency=USD' }),
  },
  {
    name: 'record a rent payment',
    kind: 'write',
    weight: 3,
    roles: ['accountant', 'agent'],
    request: (user, pick) => ({
      method: 'POST',
      path: '/api/payments',
      body: {
        type: 'rent',
        leaseId: scaleId('lease', user.company, letProperty(user, pick)),
        amount: 10000 + pick(50) * 100,
        currency: 'USD',
        method: 'cash',
        paymentDate: today,
      },
    }),
  },
];

export interface CallStats {
  name: string;
  kind: 'read' | 'write';
  count: number;
  errors: number;
  /** The first few error answers, to say why. */
  errorSamples: string[];
  p50: number;
  p95: number;
  p99: number;
}

/** A small seeded generator, so two runs ask for the same things. */
function generatorOf(seed: number) {
  let state = seed >>> 0 || 1;
  return (below: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % below;
  };
}

/** Sends one call; its time is until the whole body is read. */
export async function send(baseUrl: string, user: MixUser, call: ReturnType<MixCall['request']>) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${call.path}`, {
    method: call.method,
    headers: {
      authorization: `Bearer ${user.token}`,
      ...(call.body === undefined
        ? {}
        : { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
    },
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
  });
  const text = await response.text();
  return { ms: performance.now() - started, status: response.status, text };
}

/** A person's pause between two calls, in ms: drawn evenly from the range. */
export interface Pause {
  minMs: number;
  maxMs: number;
}

/**
 * Every user loops over the calls its role may make, each picked by weight, for `seconds`
 * (after a short warm-up whose answers are not counted). Without `pause` a user calls again as
 * soon as an answer lands (the machine's capacity); with it, a user reads the answer first, as
 * a person does.
 */
export async function runMix(
  baseUrl: string,
  users: MixUser[],
  seconds: number,
  warmupSeconds: number,
  pause?: Pause,
) {
  const samples = new Map<string, number[]>(MIX.map((call) => [call.name, []]));
  const errors = new Map<string, string[]>(MIX.map((call) => [call.name, []]));
  const errorCounts = new Map<string, number>();
  const warmEnd = performance.now() + warmupSeconds * 1000;
  const end = warmEnd + seconds * 1000;
  await Promise.all(
    users.map(async (user, index) => {
      const pick = generatorOf(index * 7919 + 17);
      const calls = MIX.filter((call) => call.roles.includes(user.role));
      const totalWeight = calls.reduce((sum, call) => sum + call.weight, 0);
      while (performance.now() < end) {
        let roll = pick(totalWeight);
        const call = calls.find((candidate) => (roll -= candidate.weight) < 0)!;
        const reply = await send(baseUrl, user, call.request(user, pick));
        if (performance.now() - reply.ms >= warmEnd) {
          samples.get(call.name)!.push(reply.ms);
          if (reply.status < 200 || reply.status >= 300) {
            errorCounts.set(call.name, (errorCounts.get(call.name) ?? 0) + 1);
            const list = errors.get(call.name)!;
            if (list.length < 3) list.push(`${reply.status} ${reply.text.slice(0, 200)}`);
          }
        }
        if (pause) {
          const ms = pause.minMs + pick(pause.maxMs - pause.minMs + 1);
          await new Promise((resolve) => setTimeout(resolve, Math.min(ms, end - performance.now())));
        }
      }
    }),
  );
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const stats: CallStats[] = MIX.map((call) => {
    const list = samples.get(call.name)!;
    return {
      name: call.name,
      kind: call.kind,
      count: list.length,
      errors: errorCounts.get(call.name) ?? 0,
      errorSamples: errors.get(call.name)!,
      p50: round(percentile(list, 50)),
      p95: round(percentile(list, 95)),
      p99: round(percentile(list, 99)),
    };
  });
  const requests = stats.reduce((sum, call) => sum + call.count, 0);
  const busyMs = [...samples.values()].flat().reduce((sum, ms) => sum + ms, 0);
  return { stats, requests, busyMs, seconds };
}
