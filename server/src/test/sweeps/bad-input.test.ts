import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { buildRequest, ownId, shapesOf, withCurrentVersion, type Shape } from './calls.ts';
import { acceptedByContract } from './contracts.ts';
import { HTML_TEXT, mutationsOf, pick, SQL_TEXT, type Mutation } from './mutations.ts';
import { isWrite, operationsOf, type Operation } from './openapi.ts';
import { describeAnswer, send, type SweepAnswer } from './requests.ts';
import { buildWorld, snapshotCompany, type World } from './world.ts';

/**
 * Generated bad-input sweep. Every operation of the OpenAPI document gets malformed variants of
 * a valid request (see mutations.ts), sent by company A's admin, and by its accountant where the
 * admin may not: at most MUTATIONS_PER_OPERATION each, the same ones every run.
 *
 * - Never a 5xx; every 4xx carries { status: 'error', message, code }.
 * - What the contract refuses is refused, and writes nothing: A's rows (the audit log with them)
 *   are compared before and after.
 * - What the contract accepts (unicode in a name, extra fields it strips) may be written; such
 *   writes are counted apart, and SQL or HTML put in a field is stored as text, verbatim.
 * - GETs never write.
 */

const MUTATIONS_PER_OPERATION = 30;
const SEED = 20_269;

let t: TestApp;
let baseUrl: string;
let a: World;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  a = await buildWorld(t);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/**
 * Reads first, then creates, then changes to existing records, deletions last: a valid change
 * (a lease terminated) alters the records the later calls use, as little as can be.
 */
const stage = (operation: Operation) =>
  operation.method === 'GET' ? 0 : operation.method === 'DELETE' ? 3 : operation.pathParams.length ? 2 : 1;

const isErrorBody = (answer: SweepAnswer) =>
  answer.error?.status === 'error' &&
  typeof answer.error.message === 'string' &&
  answer.error.message.trim() !== '' &&
  typeof answer.error.code === 'string' &&
  answer.error.code !== '';

it('malformed input to any route is a 4xx with a message, never a 5xx, and writes nothing', async ({
  annotate,
}) => {
  const db = t.database.db;
  const operations = operationsOf(t.app);
  const problems: string[] = [];
  const written: string[] = [];
  const called = new Set<string>();
  let calls = 0;

  const auditCount = async () => {
    const [row] = await queryRows<{ count: string }>(
      db,
      sql`select count(*) as count from audit_log where company_id = ${a.companyId}`,
    );
    return Number(row!.count);
  };
  let baseline = await snapshotCompany(db, a.companyId, { hashed: true });
  /** Calls since the baseline that must have written nothing. */
  let unchecked: string[] = [];
  const checkNothingWritten = async () => {
    if (!unchecked.length) return;
    const now = await snapshotCompany(db, a.companyId, { hashed: true });
    const changed = Object.keys(now).filter((table) => now[table] !== baseline[table]);
    if (changed.length) problems.push(`${changed.join(', ')} changed after one of: ${unchecked.join(' | ')}`);
    baseline = now;
    unchecked = [];
  };

  const attempt = async (operation: Operation, mutation: Mutation, valid: boolean) => {
    // The record's current version, unless the version is what the mutation changed.
    const request =
      valid && mutation.field !== '__v'
        ? await withCurrentVersion(t, operations, operation, mutation.request, a.users.admin)
        : mutation.request;
    let answer: SweepAnswer | undefined;
    // Where the admin may not call the route, its accountant tries.
    for (const user of [a.users.admin, a.users.accountant]) {
      answer = await send(t, baseUrl, operation, user, request);
      calls += 1;
      if (answer.status !== 403) break;
    }
    called.add(operation.key);
    const where = `${operation.key} with ${mutation.label}`;
    if (answer!.status >= 500) problems.push(`${where}: ${describeAnswer(answer!)}`);
    else if (answer!.status >= 400 && !isErrorBody(answer!)) {
      problems.push(`${where}: ${answer!.status} without an error message: ${answer!.text.slice(0, 200)}`);
    } else if (answer!.status < 400 && !valid) {
      problems.push(`${where}: ${answer!.status}, though the contract refuses it`);
    }
    return { answer: answer!, where };
  };

  /**
   * What the contract refuses goes first, checked by one comparison; then what it accepts, each
   * refusal checked against the audit log, each write taken as the new baseline.
   */
  const sweep = async (operation: Operation, mutations: Mutation[]) => {
    const valid = mutations.filter((mutation) => acceptedByContract(operation, mutation.request));
    for (const mutation of mutations.filter((mutation) => !valid.includes(mutation))) {
      unchecked.push((await attempt(operation, mutation, false)).where);
    }
    if (!isWrite(operation)) {
      for (const mutation of valid) unchecked.push((await attempt(operation, mutation, true)).where);
      return checkNothingWritten();
    }
    await checkNothingWritten();
    for (const mutation of valid) {
      const audited = await auditCount();
      const { answer, where } = await attempt(operation, mutation, true);
      if (answer.status >= 300) {
        if ((await auditCount()) !== audited)
          problems.push(`${where}: ${answer.status}, yet audited a write`);
        unchecked.push(where);
        continue;
      }
      written.push(where);
      const injected = mutation.verbatim;
      if (injected && [SQL_TEXT, HTML_TEXT].includes(injected) && !(await storedVerbatim(answer, injected))) {
        problems.push(`${where}: accepted, but the text is not stored as sent`);
      }
      baseline = await snapshotCompany(db, a.companyId, { hashed: true });
      unchecked = [];
    }
    await checkNothingWritten();
  };

  const storedVerbatim = async (answer: SweepAnswer, text: string) =>
    answer.text.includes(JSON.stringify(text).slice(1, -1)) ||
    Object.values(await snapshotCompany(db, a.companyId)).some((rows) => rows.includes(text));

  const validRequest = (operation: Operation, shape: Shape): Mutation => ({
    label: 'the valid request',
    request: buildRequest(operation, shape, ownId(a), () => true),
  });
  for (const operation of [...operations].sort((x, y) => stage(x) - stage(y))) {
    const shapes = shapesOf(operation);
    const budget = Math.max(8, Math.ceil(MUTATIONS_PER_OPERATION / shapes.length));
    const mutations = shapes.flatMap((shape) => {
      const base = validRequest(operation, shape);
      const drawn = pick(mutationsOf(operation, base.request, shape.upload), budget, SEED);
      return isWrite(operation) ? drawn : [base, ...drawn];
    });
    await sweep(operation, mutations);
  }
  // What the writes took (huge amounts, unicode, markup) must not break a read; reads may now
  // raise what is due (levy charges of a new schedule), so only their answers are checked here.
  for (const operation of operations.filter((operation) => !isWrite(operation))) {
    for (const shape of shapesOf(operation)) await attempt(operation, validRequest(operation, shape), true);
  }

  // The injected SQL was kept as text: the table it names is still there, with A's payments.
  const [payments] = await queryRows<{ count: string }>(
    db,
    sql`select count(*) as count from payments where company_id = ${a.companyId}`,
  );
  expect(Number(payments!.count)).toBeGreaterThan(0);
  await annotate(
    `${operations.length} operations, ${calls} calls; ${written.length} valid writes: ${written.join(' | ')}`,
  );
  expect(problems).toEqual([]);
  expect([...called].sort()).toEqual(operations.map((operation) => operation.key).sort());
}, 300_000);
