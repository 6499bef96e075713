import * as contracts from '@lintel/contracts';
import type { Call } from '@lintel/contracts';
import { exampleOf, type IdFor, type Operation } from './openapi.ts';

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
