import * as contracts from '@lintel/contracts';
import type { Call } from '@lintel/contracts';
import { exampleOf, type IdFor, type Operation } from './openapi.ts';
import type { SweepRequest } from './requests.ts';

const isCall = (value: unknown): value is Call =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'reply' in value;

/** Every call of the shared contracts, by the OpenAPI document's name for it. */
const callsByKey = new Map(
  Object.values(contracts as Record<string, unknown>)
    .flatMap((group) => (typeof group === 'object' && group !== null ? Object.values(group) : []))
    .filter(isCall)
    .map((call) => [`${call.method} /api${call.path.replace(/:(\w+)/g, '{$1}')}`, call]),
);

/** The zod contract of an operation: what the server validates with, refinements included. */
export function contractOf(operation: Operation): Call {
  const call = callsByKey.get(operation.key);
  if (!call) throw new Error(`no contract for ${operation.key}`);
  return call;
}

/**
 * A body the contract accepts, ids from `idFor`: the smallest one (required fields and ids), or
 * every field filled where a rule across fields wants more (e.g. at least one amount above 0).
 */
export function validBody(operation: Operation, idFor: IdFor): unknown {
  const schema = contractOf(operation).body;
  if (!operation.body || !schema) return undefined;
  const smallest = exampleOf(operation.body, idFor);
  if (schema.safeParse(smallest).success) return smallest;
  const full = exampleOf(operation.body, idFor, { full: true });
  return schema.safeParse(full).success ? full : smallest;
}

/** A query string as Fastify hands it to the route: a key given twice is a list. */
function parsedQuery(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const before = query[key];
    query[key] = before === undefined ? value : [before, value].flat();
  }
  return query;
}

/** The request's JSON body, `undefined` when it has none, or `invalid` when it is not JSON. */
function parsedBody(request: SweepRequest): unknown {
  const { payload } = request;
  if (payload === undefined) return undefined;
  const contentType = request.headers?.['content-type'] ?? 'application/json';
  if (typeof payload === 'object' && !Buffer.isBuffer(payload)) return payload;
  if (!contentType.startsWith('application/json')) return INVALID;
  try {
    return JSON.parse(String(payload));
  } catch {
    return INVALID;
  }
}

const INVALID = Symbol('invalid');

/** Whether the operation's contract accepts a request's path, query and body, as the server would. */
export function acceptedByContract(operation: Operation, request: SweepRequest): boolean {
  const call = contractOf(operation);
  const [path, search = ''] = request.url.split('?');
  const template = operation.path.split('/');
  const params = Object.fromEntries(
    path!
      .split('/')
      .map((segment, index) => [template[index] ?? '', segment] as const)
      .filter(([name]) => name.startsWith('{'))
      .map(([name, segment]) => [name.slice(1, -1), decodeURIComponent(segment)]),
  );
  const body = parsedBody(request);
  if (body === INVALID) return false;
  return (
    (call.params?.safeParse(params).success ?? true) &&
    (call.query?.safeParse(parsedQuery(search)).success ?? true) &&
    (call.body ? call.body.safeParse(body).success : true)
  );
}
