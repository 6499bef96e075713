import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { addDays } from '@lintel/contracts';
import { todayIso } from '../../features/leases/index.ts';

/** The part of JSON Schema the zod contracts turn into. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** "POST /api/payments/{id}/reverse", as the OpenAPI document names it. */
  key: string;
  method: string;
  path: string;
  public: boolean;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body's schema; absent for calls without a body and for uploads. */
  body?: JsonSchema;
  /** Media types the call answers with (JSON, and files or an event stream). */
  produces: string[];
}

interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
  security?: unknown[];
}

/** Every operation of the app's own OpenAPI document: the sweeps cover what it lists. */
export function operationsOf(app: FastifyInstance): Operation[] {
  const document = app.swagger() as unknown as { paths: Record<string, Record<string, OpenApiOperation>> };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const produces = new Set(
        Object.values(operation.responses).flatMap((answer) => Object.keys(answer.content ?? {})),
      );
      return {
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        public: !operation.security,
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        queryParams: parameters.filter((parameter) => parameter.in === 'query'),
        body: operation.requestBody?.content['application/json']?.schema,
        produces: [...produces],
      };
    }),
  );
}

export const isWrite = (operation: Operation) => operation.method !== 'GET';

/** A write whose contract has no JSON body: an action (activate, generate) or a file upload. */
export const takesNoJson = (operation: Operation) => isWrite(operation) && !operation.body;

/** The types a schema allows, anyOf / type lists flattened. */
export function typesOf(schema: JsonSchema): string[] {
  if (schema.anyOf ?? schema.oneOf) return (schema.anyOf ?? schema.oneOf)!.flatMap(typesOf);
  if (schema.enum) return [...new Set(schema.enum.map((value) => (value === null ? 'null' : typeof value)))];
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** The first option of a union that is not null: what a valid value looks like. */
export function concrete(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf ?? schema.oneOf;
  if (!options) return schema;
  return concrete(options.find((option) => !typesOf(option).every((type) => type === 'null')) ?? options[0]!);
}

const ID_NAME = /^id$|Id$|Ids$/;

/**
 * A slot an id goes in: a path parameter that is not an enum, a query parameter or body field
 * that is a UUID or is named like an id (`id`, `…Id`, `…Ids`) and holds text.
 */
export function isIdSlot(name: string, schema: JsonSchema, where: 'path' | 'query' | 'body'): boolean {
  const value = concrete(schema);
  if (value.enum) return false;
  if (where === 'path') return true;
  if (value.format === 'uuid') return true;
  const item = value.type === 'array' && value.items ? concrete(value.items) : value;
  return ID_NAME.test(name) && item.type === 'string' && !item.enum;
}

/** Where an id slot sits: `path:id`, `query:propertyId`, `body:link.id`, `body:chargeIds`. */
export interface Slot {
  where: 'path' | 'query' | 'body';
  /** The field's own name (a body field's last key). */
  name: string;
  /** The path's fixed segment before a path parameter (`properties` for /properties/{id}). */
  segment?: string;
  key: string;
}

/** Picks the id for a slot: the sweeps decide whose. */
export type IdFor = (slot: Slot) => string;

const DATE_NAMES = /Date$|^(from|to|asOf|date)$/;

let emails = 0;
const run = randomBytes(4).toString('hex');

/** A valid text for a field, by its name where the schema alone cannot say (dates, currencies). */
function sampleText(name: string, schema: JsonSchema): string {
  if (schema.format === 'date-time') return `${todayIso()}T00:00:00.000Z`;
  // Each email is new, so sign-ups and profile changes do not collide with an earlier one.
  if (schema.format === 'email' || /email$/i.test(name)) return `sweep-${run}-${(emails += 1)}@example.com`;
  if (schema.format === 'date' || DATE_NAMES.test(name)) {
    const shift: Record<string, number> = { endDate: 365, dueDate: 30, from: -365 };
    return addDays(todayIso(), shift[name] ?? 0);
  }
  if (name === 'period') return todayIso().slice(0, 7);
  if (/currenc/i.test(name)) return 'USD';
  if (/password/i.test(name)) return 'sweep-password-123';
  if (schema.pattern) {
    return fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { seed: 1, numRuns: 1 })[0]!;
  }
  const text = `Sweep ${name}`.slice(0, schema.maxLength ?? 200);
  return text.padEnd(schema.minLength ?? 0, 'x');
}

function sampleNumber(name: string, schema: JsonSchema): number {
  const min = schema.minimum ?? 0;
  const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  const wanted = /amount|price|cost/i.test(name) ? 1000 : 1;
  return Math.min(max, Math.max(min, wanted));
}

/** Whether a schema holds an id slot anywhere inside (such optional fields are filled too). */
function holdsId(name: string, schema: JsonSchema): boolean {
  const value = concrete(schema);
  if (isIdSlot(name, value, 'body')) return true;
  if (value.properties) return Object.entries(value.properties).some(([key, child]) => holdsId(key, child));
  return value.type === 'array' && value.items ? holdsId(name, value.items) : false;
}

/**
 * A value for a schema that is valid as far as JSON Schema can tell: required fields and every
 * optional field that holds an id (so each id slot is exercised), or with `full` every field.
 * `idFor` decides each id; other values follow the schema and the field's name.
 */
export function exampleOf(
  schema: JsonSchema,
  idFor: IdFor,
  options: { full?: boolean } = {},
  at: { name: string; key: string } = { name: '', key: '' },
): unknown {
  const value = concrete(schema);
  if (at.name && isIdSlot(at.name, value, 'body')) {
    const slot: Slot = { where: 'body', name: at.name, key: `body:${at.key}` };
    return value.type === 'array' ? [idFor(slot)] : idFor(slot);
  }
  if (value.const !== undefined) return value.const;
  if (value.enum) return value.enum[0];
  const types = typesOf(value);
  if (value.properties || types.includes('object')) {
    const required = new Set(value.required ?? []);
    return Object.fromEntries(
      Object.entries(value.properties ?? {})
        .filter(([key, child]) => options.full || required.has(key) || holdsId(key, child))
        .map(([key, child]) => [
          key,
          exampleOf(child, idFor, options, { name: key, key: at.key ? `${at.key}.${key}` : key }),
        ]),
    );
  }
  if (types.includes('array')) {
    const item = exampleOf(value.items ?? {}, idFor, options, at);
    return Array.from({ length: Math.max(1, value.minItems ?? 1) }, () => item);
  }
  if (types.includes('integer') || types.includes('number')) return sampleNumber(at.name, value);
  if (types.includes('boolean')) return false;
  return sampleText(at.name, value);
}

/** A parameter's valid text (query strings and paths carry text). */
export function parameterValue(parameter: Parameter): string {
  const value = exampleOf(parameter.schema, () => '', {}, { name: parameter.name, key: parameter.name });
  return String(value);
}

/** The enum values of the path's enum parameters, every combination (e.g. each report). */
export function enumPathChoices(operation: Operation): Record<string, string>[] {
  return operation.pathParams.reduce<Record<string, string>[]>(
    (choices, parameter) => {
      const values = concrete(parameter.schema).enum;
      if (!values) return choices;
      return choices.flatMap((choice) =>
        values.map((value) => ({ ...choice, [parameter.name]: String(value) })),
      );
    },
    [{}],
  );
}

/** The path's fixed segment just before `{name}`: what kind of record the parameter names. */
export function segmentBefore(path: string, name: string): string | undefined {
  const segments = path.split('/');
  const at = segments.indexOf(`{${name}}`);
  return segments
    .slice(0, at)
    .reverse()
    .find((segment) => !segment.startsWith('{'));
}

/** Fills `{name}` parameters, each encoded. */
export const fillPath = (path: string, values: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));

export const queryString = (values: Record<string, string>) => {
  const text = new URLSearchParams(values).toString();
  return text ? `?${text}` : '';
};
