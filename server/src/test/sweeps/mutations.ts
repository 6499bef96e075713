import fc from 'fast-check';
import { concrete, typesOf, type JsonSchema, type Operation } from './openapi.ts';
import type { SweepRequest } from './requests.ts';
import { pngUpload } from './world.ts';

/** Text that must be stored as it is, never run: checked wherever a write accepts it. */
export const SQL_TEXT = "'; drop table payments; --";
export const HTML_TEXT = '<script>alert(1)</script>';

const HUGE_TEXT = 'a'.repeat(100_000);
const UNICODE_TEXTS = ['\u202Eevil\u202C right-to-left', 'Zoë 😀👍🏽 家', 'nul\u0000byte'];

/** Values of the wrong kind, and values at or past the edges, for a field of a given schema. */
function badValues(name: string, schema: JsonSchema): unknown[] {
  const types = typesOf(schema);
  const values: unknown[] = [{ nested: true }, [1, 2]];
  if (!types.includes('null')) values.push(null);
  if (types.includes('string')) {
    values.push(12345, true, '', '   ', HUGE_TEXT, ...UNICODE_TEXTS, SQL_TEXT, HTML_TEXT);
    if (/date$|^(from|to|asOf|period)$/i.test(name)) values.push('2026-02-30', '31/12/2026', '9999-99-99');
    if (schema.format === 'uuid' || /Ids?$|^id$/.test(name)) {
      values.push('not-an-id', '00000000-0000-0000-0000-000000000000', `${crypto.randomUUID()}' or '1'='1`);
    }
  }
  if (types.includes('integer') || types.includes('number')) {
    values.push(
      -1,
      0,
      0.5,
      1e20,
      Number.MAX_SAFE_INTEGER,
      -Number.MAX_SAFE_INTEGER,
      'NaN',
      '1e3',
      '12',
      true,
    );
  }
  if (types.includes('boolean')) values.push('yes', 1, 'false');
  if (types.includes('array'))
    values.push(
      'x',
      [],
      Array.from({ length: 1000 }, () => 'x'),
    );
  if (types.includes('object')) values.push('x', 7);
  return values;
}

/** Text for a path or query parameter that is malformed, huge, or an injection. */
const BAD_PARAMETERS = [
  'not-an-id',
  '-1',
  '0.5',
  '1e20',
  'NaN',
  '%00',
  "1' or '1'='1",
  SQL_TEXT,
  HTML_TEXT,
  '../../etc/passwd',
  'Zoë 😀',
  'x'.repeat(5000),
];

export interface Mutation {
  /** What was changed, for failure messages. */
  label: string;
  /** The malformed request. */
  request: SweepRequest;
  /** The body field changed, as a dotted path. */
  field?: string;
  /** The text put in a field, if it should be stored verbatim when a write accepts it. */
  verbatim?: string;
}

/** The fields of a body, nested ones as dotted paths (`lines.0.unitPrice`), with their schemas. */
function fieldsOf(schema: JsonSchema, value: unknown, prefix: string[] = []): [string[], JsonSchema][] {
  const at = concrete(schema);
  if (Array.isArray(value) && at.items) {
    return value.length ? fieldsOf(at.items, value[0], [...prefix, '0']) : [];
  }
  if (!at.properties || typeof value !== 'object' || value === null) return [];
  return Object.entries(at.properties).flatMap(([key, child]) => [
    [[...prefix, key], child] as [string[], JsonSchema],
    ...(key in value ? fieldsOf(child, (value as Record<string, unknown>)[key], [...prefix, key]) : []),
  ]);
}

/** A copy of `body` with the value at `path` replaced, or removed when `value` is `remove`. */
function setAt(body: unknown, path: string[], value: unknown, remove = false): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  const last = path.at(-1)!;
  if (remove) delete node[last];
  else node[last] = value;
  return copy;
}

const has = (body: unknown, path: string[]) =>
  path.reduce<unknown>(
    (node, key) =>
      typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined,
    body,
  ) !== undefined;

const json = { 'content-type': 'application/json' };

/** Malformed bodies, whatever the route: not JSON, not an object, too large, not JSON at all. */
function wholeBodyMutations(base: SweepRequest, takesJson: boolean): Mutation[] {
  const at = (label: string, payload: string | Buffer, headers: Record<string, string> = json) => ({
    label,
    request: { ...base, headers, payload },
  });
  const mutations = [
    at('malformed JSON', '{"name": "unterminated'),
    at('JSON with a trailing comma', '{"a": 1,}'),
    at('JSON of another type: a number', '12'),
    at('JSON null', 'null'),
    at('a body over 1 MB', JSON.stringify({ name: 'a'.repeat(1_100_000) })),
    at('XML', '<name>x</name>', { 'content-type': 'application/xml' }),
    at('an empty body that says it is JSON', ''),
  ];
  if (takesJson) {
    mutations.push(
      at('a JSON array', '[]'),
      at('a JSON string', '"text"'),
      at('JSON sent as text/plain', JSON.stringify(base.payload ?? {}), { 'content-type': 'text/plain' }),
      at('a form instead of JSON', 'name=x&amount=1', {
        'content-type': 'application/x-www-form-urlencoded',
      }),
    );
  }
  return mutations;
}

/** Broken uploads: a multipart body without its end, without a file, or with a bad boundary. */
function uploadMutations(base: SweepRequest): Mutation[] {
  const upload = pngUpload();
  const boundary = upload.headers['content-type'].split('boundary=')[1]!;
  const cut = upload.payload.subarray(0, upload.payload.length - 20);
  return [
    { label: 'a multipart body cut short', request: { ...base, headers: upload.headers, payload: cut } },
    {
      label: 'a multipart body with no file',
      request: { ...base, headers: upload.headers, payload: `--${boundary}--\r\n` },
    },
    {
      label: 'a multipart body without a boundary',
      request: { ...base, headers: { 'content-type': 'multipart/form-data' }, payload: upload.payload },
    },
  ];
}

/**
 * Every malformed variant of a valid request: each path parameter, query parameter and body field
 * replaced by wrong types, edge numbers, huge / unicode / injection text, each required field
 * missing, an unknown field added, and the body malformed as a whole.
 */
export function mutationsOf(operation: Operation, base: SweepRequest, upload: boolean): Mutation[] {
  const [path, search = ''] = base.url.split('?');
  const query = new URLSearchParams(search);
  const mutations: Mutation[] = [];

  const segments = path!.split('/');
  operation.path.split('/').forEach((segment, index) => {
    if (!segment.startsWith('{')) return;
    for (const value of BAD_PARAMETERS) {
      const url = [...segments.slice(0, index), encodeURIComponent(value), ...segments.slice(index + 1)].join(
        '/',
      );
      mutations.push({
        label: `path ${segment} = ${value.slice(0, 40)}`,
        request: { ...base, url: `${url}?${query}` },
      });
    }
  });

  for (const parameter of operation.queryParams) {
    const values = [
      ...BAD_PARAMETERS,
      ...badValues(parameter.name, concrete(parameter.schema)).filter((value) => typeof value !== 'object'),
    ];
    for (const value of new Set(values.map(String))) {
      const changed = new URLSearchParams(query);
      changed.set(parameter.name, value);
      mutations.push({
        label: `query ${parameter.name} = ${value.slice(0, 40)}`,
        request: { ...base, url: `${path}?${changed}` },
      });
    }
    const repeated = new URLSearchParams(query);
    repeated.append(parameter.name, 'one');
    repeated.append(parameter.name, 'two');
    mutations.push({
      label: `query ${parameter.name} given twice`,
      request: { ...base, url: `${path}?${repeated}` },
    });
  }

  if (operation.body && base.payload !== undefined) {
    const body = base.payload;
    for (const [field, schema] of fieldsOf(operation.body, body)) {
      const name = field.at(-1)!;
      for (const value of badValues(name, concrete(schema))) {
        mutations.push({
          label: `body ${field.join('.')} = ${JSON.stringify(value).slice(0, 40)}`,
          field: field.join('.'),
          request: { ...base, payload: setAt(body, field, value) as SweepRequest['payload'] },
          ...(typeof value === 'string' ? { verbatim: value } : {}),
        });
      }
      if (has(body, field)) {
        mutations.push({
          label: `body without ${field.join('.')}`,
          field: field.join('.'),
          request: { ...base, payload: setAt(body, field, undefined, true) as SweepRequest['payload'] },
        });
      }
    }
    mutations.push({
      label: 'body with an unknown field',
      request: { ...base, payload: { ...(body as object), unexpectedField: 'x' } },
    });
  }

  // A GET's body is never read.
  if (upload) mutations.push(...uploadMutations(base));
  else if (operation.method !== 'GET') mutations.push(...wholeBodyMutations(base, Boolean(operation.body)));
  return mutations;
}

const AMOUNT = /amount|price|cost|quantity/i;

/**
 * At most `count` of the mutations, the same ones on every run (a fixed seed): the malformed
 * bodies and every change to an amount always, the rest drawn.
 */
export function pick(mutations: Mutation[], count: number, seed: number): Mutation[] {
  if (mutations.length <= count) return mutations;
  const always = mutations.filter(
    (mutation) =>
      !/^(body |query |path )/.test(mutation.label) ||
      (mutation.label.startsWith('body ') && AMOUNT.test(mutation.label.split(' =')[0]!)),
  );
  const rest = mutations.filter((mutation) => !always.includes(mutation));
  const [shuffled] = fc.sample(fc.shuffledSubarray(rest, { minLength: rest.length }), { seed, numRuns: 1 });
  return [...always, ...shuffled!.slice(0, Math.max(0, count - always.length))];
}
