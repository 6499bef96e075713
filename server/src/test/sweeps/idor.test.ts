import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../harness.ts';
import { buildRequest, kindsOf, ownId, shapesOf, slotsOf, withCurrentVersion } from './calls.ts';
import { operationsOf, type Operation, type Slot } from './openapi.ts';
import { describeAnswer, send, type SweepAnswer, type SweepRequest } from './requests.ts';
import { buildWorld, ID_KINDS, missingId, ROLE_NAMES, snapshotCompany, type World } from './world.ts';

/**
 * Generated IDOR sweep. Every operation of the OpenAPI document is called by every role of
 * company A (and, for public calls, by no one), once per id slot (path parameter, id query
 * parameter, id body field) holding company B's id of the slot's kind, the other slots holding
 * A's own ids. The same call is made with an id that exists nowhere, and a path id with a value
 * that is not an id at all.
 *
 * The rule: B's record is indistinguishable from no record. B's id gets the same status and error
 * code as a missing id, so where the role may call the route it is 404 (never 403, which would
 * say "it exists, but not for you"), and where the role may not call the route both are 403.
 * No call answers 5xx, no 2xx answer holds anything of B's (an id or a name it did not send),
 * and after the sweep every row of B is as it was.
 */

let t: TestApp;
let baseUrl: string;
let a: World;
let b: World;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  a = await buildWorld(t);
  b = await buildWorld(t);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** B's ids for a slot: of its kinds, or every id B has when the slot's kind is unknown. */
const foreignIds = (slot: Slot) => (kindsOf(slot) ?? ID_KINDS).map((kind) => b.ids[kind]);

/** B's strings in an answer that the request did not carry itself. */
function leaked(answer: SweepAnswer, request: SweepRequest): string[] {
  if (answer.status >= 300) return [];
  const sent = `${request.url} ${JSON.stringify(request.payload ?? '')}`;
  return b.tokens.filter((token) => answer.text.includes(token) && !sent.includes(token));
}

it('no role of one company reads or changes another company through any route', async ({ annotate }) => {
  const operations = operationsOf(t.app);
  const callers: [string, SignedIn | null][] = ROLE_NAMES.map((role) => [role, a.users[role]]);
  const before = await snapshotCompany(t.database.db, b.companyId);
  const problems: string[] = [];
  const called = new Set<string>();
  let calls = 0;

  const call = async (operation: Operation, who: [string, SignedIn | null], request: SweepRequest) => {
    const ready = await withCurrentVersion(t, operations, operation, request, a.users.admin);
    const answer = await send(t, baseUrl, operation, who[1], ready);
    called.add(operation.key);
    calls += 1;
    const where = `${who[0]} ${request.method} ${request.url}`;
    if (answer.status >= 500) problems.push(`${where}: ${describeAnswer(answer)}`);
    const shown = leaked(answer, ready);
    if (shown.length) problems.push(`${where}: ${answer.status} shows B's ${shown.join(', ')}`);
    return answer;
  };

  for (const operation of operations) {
    const who = operation.public ? [...callers, ['nobody', null] as [string, null]] : callers;
    const slots = slotsOf(operation);
    for (const shape of shapesOf(operation)) {
      for (const caller of who) {
        if (slots.length === 0) {
          await call(operation, caller, buildRequest(operation, shape, ownId(a)));
          continue;
        }
        for (const target of slots) {
          const only = (value: string) => (slot: Slot) => (slot.key === target.key ? value : ownId(a)(slot));
          const onlyTarget = (slot: Slot) => slot.key === target.key;
          const missing = await call(
            operation,
            caller,
            buildRequest(operation, shape, only(missingId()), onlyTarget),
          );
          for (const id of foreignIds(target)) {
            const foreign = await call(
              operation,
              caller,
              buildRequest(operation, shape, only(id), onlyTarget),
            );
            if (foreign.status !== missing.status || foreign.error?.code !== missing.error?.code) {
              problems.push(
                `${caller[0]} ${operation.key} with B's id in ${target.key}: ${describeAnswer(foreign)}, ` +
                  `but an id that exists nowhere: ${describeAnswer(missing)}`,
              );
            }
          }
          if (target.where === 'path') {
            await call(operation, caller, buildRequest(operation, shape, only('not-an-id')));
          }
        }
      }
    }
  }

  await annotate(`${operations.length} operations, ${calls} calls`);
  expect(problems).toEqual([]);
  expect([...called].sort()).toEqual(operations.map((operation) => operation.key).sort());
  expect(await snapshotCompany(t.database.db, b.companyId)).toEqual(before);
}, 300_000);
