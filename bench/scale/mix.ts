import { createHash, randomUUID } from 'node:crypto';
import { addDays } from '@lintel/contracts';
import { percentile } from '../lib/stats.ts';
import { LET_PER_COMPANY, MONTHS, PROPERTIES_PER_COMPANY } from './generate.ts';

/** A user of the mix, signed in through the API. */
export interface MixUser {
  company: number;
  role: 'admin' | 'accountant' | 'agent';
  /** 3 or 4 for the company's two agents: agent n manages the properties with pn % 2 = n - 3. */
  n: number;
  token: string;
}

/** One HTTP request of the API. */
export interface HttpCall {
  method: string;
  path: string;
  body?: unknown;
}

/**
 * What a call sends: one request, or a read the screen makes first (a dialog opening, counted as
 * the call `before.name`) and the request its answer makes (undefined: nothing fit, an error).
 */
export type MixRequest =
  HttpCall | { before: { name: string; path: string }; after(answer: string): HttpCall | undefined };

export interface MixCall {
  name: string;
  kind: 'read' | 'write';
  /** 0: never picked on its own (made only as another call's `before`). */
  weight: number;
  roles: MixUser['role'][];
  request(user: MixUser, pick: (below: number) => number): MixRequest;
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

/**
 * The trust statement's rent lines (generate.ts BANK_MOVES): k = 0 … 2 × LET_PER_COMPANY − 1 over
 * the let properties of last month, then of this month, whose receipts (on day 1 + pn % 5) are not
 * on the statement before their day. Undefined: not on it yet.
 */
function rentLine(company: number, k: number): string | undefined {
  const m = MONTHS - 2 + Math.floor(k / LET_PER_COMPANY);
  const j = k % LET_PER_COMPANY;
  const pn = j + 1 + Math.floor(j / 9);
  if (m === MONTHS - 1 && 1 + (pn % 5) > Number(today.slice(8, 10))) return undefined;
  return scaleId('bank_line', company, pn, m);
}

/**
 * A match succeeds once per line, so each user matching in a company walks lines of its own: the
 * company's n-th such user (in the order they first match) takes k ≡ n (mod MATCH_SLOTS), up to
 * 2 × 450 ÷ 15 = 60 lines each. Past that, or past 15 users in one company, the line named does
 * not exist and the call answers 404: an error, so the run says it ran out.
 */
const MATCH_SLOTS = 15;
const matchCursors = new Map<MixUser, { slot: number; next: number }>();
const slotsTaken = new Map<number, number>();

/** The user's next line to match; `take` moves past it (the match), else it is only looked at. */
function nextLine(user: MixUser, take: boolean): string {
  let cursor = matchCursors.get(user);
  if (!cursor) {
    cursor = { slot: slotsTaken.get(user.company) ?? 0, next: 0 };
    slotsTaken.set(user.company, cursor.slot + 1);
    matchCursors.set(user, cursor);
  }
  for (let i = cursor.next; cursor.slot < MATCH_SLOTS; i++) {
    const k = cursor.slot + MATCH_SLOTS * i;
    if (k >= 2 * LET_PER_COMPANY) break;
    const line = rentLine(user.company, k);
    if (!line) continue;
    cursor.next = take ? i + 1 : i;
    return line;
  }
  return scaleId('bank_line', user.company, 0, 0);
}

/** The dialog's first suggestion (the receipt the line quotes, best first), as a match of the line. */
function matchOf(lineId: string, answer: string): HttpCall | undefined {
  const suggestions = (JSON.parse(answer) as { data?: { entries: { seq: number }[] }[] }).data ?? [];
  const best = suggestions[0];
  if (!best) return undefined;
  return {
    method: 'POST',
    path: '/api/banking/matches',
    body: { lineIds: [lineId], entrySeqs: best.entries.map((entry) => entry.seq) },
  };
}

const SUGGESTIONS = 'bank line suggestions (match dialog)';

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
    name: 'levies list (first page)',
    kind: 'read',
    weight: 2,
    roles: EVERYONE,
    request: () => ({ method: 'GET', path: '/api/levies?page=1&pageSize=25' }),
  },
  {
    // The levies screen's second list: this month's charges and earlier unpaid ones.
    name: 'levies due (this month)',
    kind: 'read',
    weight: 1,
    roles: EVERYONE,
    request: () => ({ method: 'GET', path: '/api/levies/due' }),
  },
  {
    name: 'invoices list (first page)',
    kind: 'read',
    weight: 2,
    roles: BOOKKEEPERS,
    request: () => ({ method: 'GET', path: '/api/invoices?page=1&pageSize=25&sort=-issueDate' }),
  },
  {
    name: 'bank lines awaiting a match',
    kind: 'read',
    weight: 2,
    roles: BOOKKEEPERS,
    request: (user) => ({
      method: 'GET',
      path: `/api/banking/accounts/${scaleId('bank_account', user.company)}/lines?page=1&pageSize=25&state=unmatched`,
    }),
  },
  {
    // Made as the match dialog opens, before each match below (and once alone for its plans).
    name: SUGGESTIONS,
    kind: 'read',
    weight: 0,
    roles: ['accountant'],
    request: (user) => ({ method: 'GET', path: `/api/banking/lines/${nextLine(user, false)}/suggestions` }),
  },
  {
    // matching-service matchByHand: the accountant's own (admins read the screen, do not match).
    // Weight 1: a few matches by hand among many reads (the rest is matched by the rules).
    name: 'match a bank line',
    kind: 'write',
    weight: 1,
    roles: ['accountant'],
    request: (user) => {
      const lineId = nextLine(user, true);
      return {
        before: { name: SUGGESTIONS, path: `/api/banking/lines/${lineId}/suggestions` },
        after: (answer) => matchOf(lineId, answer),
      };
    },
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

interface Answer {
  ms: number;
  status: number;
  text: string;
}

/** A call's answer, and the answer to what it made first (`before`); `sent` false: it was not made. */
export interface Sent extends Answer {
  sent: boolean;
  before?: Answer & { name: string };
}

const succeeded = (status: number) => status >= 200 && status < 300;

/** Sends a call (and first what it reads first); each time is until the whole body is read. */
export async function send(baseUrl: string, user: MixUser, call: MixRequest): Promise<Sent> {
  if (!('before' in call)) return { ...(await sendOne(baseUrl, user, call)), sent: true };
  const before = {
    name: call.before.name,
    ...(await sendOne(baseUrl, user, { method: 'GET', path: call.before.path })),
  };
  const next = succeeded(before.status) ? call.after(before.text) : undefined;
  if (!next) {
    const why = succeeded(before.status) ? 'nothing in its answer fit' : `it answered ${before.status}`;
    return { ms: 0, status: 599, text: `not sent: ${why} (${before.name})`, sent: false, before };
  }
  return { ...(await sendOne(baseUrl, user, next)), sent: true, before };
}

async function sendOne(baseUrl: string, user: MixUser, call: HttpCall): Promise<Answer> {
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
  const record = (name: string, answer: Answer, timed: boolean) => {
    if (timed) samples.get(name)!.push(answer.ms);
    if (succeeded(answer.status)) return;
    errorCounts.set(name, (errorCounts.get(name) ?? 0) + 1);
    const list = errors.get(name)!;
    if (list.length < 3) list.push(`${answer.status} ${answer.text.slice(0, 200)}`);
  };
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
        const started = performance.now();
        const reply = await send(baseUrl, user, call.request(user, pick));
        if (started >= warmEnd) {
          if (reply.before) record(reply.before.name, reply.before, true);
          record(call.name, reply, reply.sent);
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
