import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import {
  Column,
  is,
  sql,
  SQL,
  Subquery,
  type ExtractTablesWithRelations,
  type TablesRelationalConfig,
} from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction, PgTransactionConfig } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** Called for each NOTIFY on the channel (after its transaction commits). */
export type OnPayload = (payload: string) => void;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * LISTENs on a channel; `onListening` runs after every (re)subscription, since NOTIFYs sent
   * while a connection was down are lost. Resolves once listening, with a stop function.
   */
  listen(channel: string, onPayload: OnPayload, onListening?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL server; without it, embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /**
   * The same server reached without a transaction-mode pooler, for what needs a session of its
   * own (LISTEN: a pooler hands the connection to others between transactions, and the
   * subscription is lost). Unset: databaseUrl.
   */
  directUrl?: string | undefined;
  /** PGlite's data folder; without it, PGlite runs in memory (tests). */
  dataDir?: string | undefined;
  /** A PGlite data-directory dump to start from (tests: a migrated template). */
  loadDataDir?: Blob | undefined;
}

/**
 * Longest wait for a pooled connection or a new one: while the database is unreachable a request
 * gets its 503 after this, rather than hanging until the network gives up.
 */
const CONNECT_LIMIT_MS = 5_000;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: CONNECT_LIMIT_MS,
    });
    // A dropped connection must not crash the process; the next query gets a fresh one. The pool
    // listens for errors only on idle clients: one dropped between two queries of a transaction
    // would throw an unhandled 'error' event, so each client gets its own listener; its next
    // query fails instead, and the pool discards it on release.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    // A named statement lives in one server session; through a transaction-mode pooler (declared
    // by a distinct directUrl) the next transaction may run on another, which never parsed it.
    if (!options.directUrl || options.directUrl === options.databaseUrl) namingPools.add(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const listeners = new Set<() => Promise<void>>();
    return {
      db,
      kind: 'postgres',
      listen: async (channel, onPayload, onListening) => {
        const stop = await listenOnPostgres(
          options.directUrl ?? options.databaseUrl!,
          channel,
          onPayload,
          onListening,
        );
        const stopOnce = async () => {
          if (listeners.delete(stopOnce)) await stop();
        };
        listeners.add(stopOnce);
        return stopOnce;
      },
      close: async () => {
        await Promise.all([...listeners].map((stop) => stop()));
        await pool.end();
      },
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    dataDir = path.join(options.dataDir, 'pglite');
  }
  const client = await PGlite.create({ dataDir, loadDataDir: options.loadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // In-process: PGlite delivers a committed NOTIFY to its own listeners.
    listen: async (channel, onPayload, onListening) => {
      const stop = await client.listen(channel, onPayload);
      onListening?.();
      // A closed database has no listeners left to remove (and would throw on the attempt).
      return () => (client.closed ? Promise.resolve() : stop());
    },
    close: () => client.close(),
  };
}

/** How the listening connections show in pg_stat_activity. */
export const LISTENER_NAME = 'lintel-listener';
const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 30_000;

/**
 * A dedicated connection (never from the pool: a pooled one would be handed to other queries and
 * lose its LISTEN) that reconnects with doubling back-off when it drops.
 */
async function listenOnPostgres(
  connectionString: string,
  channel: string,
  onPayload: OnPayload,
  onListening: (() => void) | undefined,
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({
      connectionString,
      application_name: LISTENER_NAME,
      connectionTimeoutMillis: CONNECT_LIMIT_MS,
    });
    current = client;
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload) onPayload(message.payload);
    });
    client.on('error', () => retry(client));
    client.on('end', () => retry(client));
    await client.connect();
    await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    retryMs = FIRST_RETRY_MS;
    onListening?.();
  };

  function retry(client: pg.Client) {
    if (stopped || current !== client) return;
    current = null;
    client.end().catch(() => {});
    retryTimer = setTimeout(() => {
      connect().catch(() => {
        if (current) retry(current);
      });
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
  }

  try {
    await connect();
  } catch (error) {
    stopped = true;
    await (current as pg.Client | null)?.end().catch(() => {});
    throw error;
  }
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}

type Session = Pick<NodePgSession<Record<string, unknown>, TablesRelationalConfig>, 'prepareQuery'>;
type SelectedFields = NonNullable<Parameters<Session['prepareQuery']>[1]>;

/**
 * Rows of a raw SQL query (both drivers answer `{ rows }`), for reports Drizzle's builder cannot
 * say. `name` keeps the statement prepared on the connection, as a builder's `.prepare(name)` does
 * (tuneSession): for a request-sized read whose planning costs as much as its run. `values` binds
 * the query's placeholders (`sql.placeholder`).
 */
export async function queryRows<T extends Record<string, unknown>>(
  tx: Pick<Tx, 'execute'>,
  query: SQL,
  name?: string,
  values?: Record<string, unknown>,
): Promise<T[]> {
  if (name === undefined && values === undefined) return ((await tx.execute(query)) as { rows: T[] }).rows;
  // What `execute` does, with a name and values: Drizzle's raw `execute` takes neither.
  const { session, dialect } = tx as unknown as {
    session: Session;
    dialect: { sqlToQuery(query: SQL): Parameters<Session['prepareQuery']>[0] };
  };
  const result = await session
    .prepareQuery(dialect.sqlToQuery(query), undefined, name, false)
    .execute(values);
  return (result as { rows: T[] }).rows;
}

/** A select as the repos write one with Drizzle's builder: what selectBuiltOnce reads of it. */
interface BuildableSelect<Row> {
  toSQL(): { sql: string; params: unknown[] };
  readonly _: { readonly selectedFields: Record<string, unknown> };
  execute(): Promise<Row[]>;
}

/**
 * A select a request repeats, built with Drizzle's builder once per shape (which filters, which
 * order) with its values as placeholders (`sql.placeholder`), then run with each request's
 * values: building a 22-column select cost more of the property list's server CPU (13%) than
 * sending and decoding it. `shape` must name everything that changes the SQL's text, never a
 * value; the statement is named as a builder's `.prepare(name)` is. Flat selects only.
 */
export function selectBuiltOnce<Row>(name: string) {
  const built = new Map<string, { query: { sql: string; params: unknown[] }; fields: SelectedFields }>();
  return (
    tx: Pick<Tx, 'select'>,
    shape: string,
    build: () => BuildableSelect<Row>,
    values: Record<string, unknown>,
  ): Promise<Row[]> => {
    let select = built.get(shape);
    if (!select) {
      const builder = build();
      const fields = Object.entries(builder._.selectedFields).map(([key, field]) => ({
        path: [key],
        field: field as SelectedFields[number]['field'],
      }));
      select = { query: builder.toSQL(), fields };
      built.set(shape, select);
    }
    const { session } = tx as unknown as { session: Session };
    return session.prepareQuery(select.query, select.fields, name, true).execute(values) as Promise<Row[]>;
  };
}

/** Drizzle's own words for a transaction's settings (`isolation level …`, `read only`, …). */
function transactionSettings(config: PgTransactionConfig | undefined): string {
  if (!config) return '';
  return [
    config.isolationLevel && `isolation level ${config.isolationLevel}`,
    config.accessMode,
    config.deferrable === undefined ? undefined : config.deferrable ? 'deferrable' : 'not deferrable',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Pools connected straight to PostgreSQL, where a statement's name stays with its session. */
const namingPools = new WeakSet<pg.Pool>();

/**
 * Tunes a transaction's session (Drizzle's, per transaction) for the queries a request repeats:
 * - It keeps the statements a repo names (Drizzle's `.prepare(name)`) prepared on the server
 *   connection: PostgreSQL then plans them once per connection (a generic plan after five runs),
 *   not on every request; planning was most of the property list's database time. The name gets
 *   a hash of the SQL, as one builder can write several texts (sorts, filters) and a connection
 *   must never run one name with two. Without naming (a pooler, PGlite), names are dropped.
 * - It decodes a flat select's rows with each field's decoder found once per statement
 *   (flatRowDecoder).
 */
function tuneSession<S extends Session>(session: S, naming: boolean): S {
  const prepareQuery = session.prepareQuery.bind(session);
  session.prepareQuery = (
    ...[query, fields, name, inArrays, mapRows, ...rest]: Parameters<typeof prepareQuery>
  ) =>
    prepareQuery(
      query,
      fields,
      name && naming ? `${name}_${statementHash(query.sql)}` : undefined,
      inArrays,
      mapRows ?? (inArrays ? flatRowDecoder(fields) : undefined),
      ...rest,
    );
  return session;
}

/** Each statement's hash, computed once: a request names the same few texts again and again. */
const statementHashes = new Map<string, string>();
const statementHash = (text: string) => {
  let hash = statementHashes.get(text);
  if (hash === undefined) {
    hash = createHash('sha1').update(text).digest('base64url').slice(0, 20);
    statementHashes.set(text, hash);
  }
  return hash;
};

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/**
 * Rows of a select whose fields all sit at the top level (as every repo selects), decoded with
 * each field's decoder looked up once per statement. Drizzle's own mapper looks it up again for
 * every field of every row (`is`, walking prototypes: 5% of the property list's server CPU, and
 * 220,000 lookups for a whole list of 10,000). Nested selects keep Drizzle's mapper, which also
 * turns a joined table's all-null columns into null.
 */
function flatRowDecoder(fields: SelectedFields | undefined) {
  if (!fields?.every(({ path }) => path.length === 1)) return undefined;
  const keys = fields.map(({ path }) => path[0]!);
  // `decoder` is Drizzle's internal name for what a SQL field maps its values with.
  const decoderOf = (sqlField: unknown) => (sqlField as { decoder: Decoder }).decoder;
  const decoders = fields.map(({ field }): Decoder =>
    is(field, Column)
      ? field
      : is(field, SQL)
        ? decoderOf(field)
        : is(field, Subquery)
          ? decoderOf(field._.sql)
          : decoderOf(field.sql),
  );
  return (rows: unknown[]) =>
    (rows as unknown[][]).map((row) => {
      const decoded: Record<string, unknown> = {};
      for (let index = 0; index < keys.length; index++) {
        const value = row[index];
        decoded[keys[index]!] = value === null ? null : decoders[index]!.mapFromDriverValue(value);
      }
      return decoded;
    });
}

export interface TransactionOptions extends PgTransactionConfig {
  /**
   * The statements this transaction names are planned once per connection, whatever their
   * parameters (`plan_cache_mode`): with LIMIT and OFFSET as parameters PostgreSQL would judge a
   * generic plan costlier than a fresh one and plan the page on every run anyway.
   */
  genericPlans?: boolean;
}

/**
 * Does this database answer queries side by side? PostgreSQL through a pool does; PGlite runs one
 * query at a time in the server's own thread, so a long read there holds every request behind it.
 */
export const answersConcurrently = (db: Db) => poolOf(db) !== undefined;

/** The PostgreSQL pool behind a database; none for PGlite. */
function poolOf(db: Db): pg.Pool | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/**
 * A transaction whose BEGIN carries `firstStatement` (parameter-free SQL, e.g. the company scope).
 * On PostgreSQL they go as one simple-protocol query: one round trip instead of two on every
 * scoped request. Drizzle's own `transaction` sends BEGIN alone, so this builds its transaction
 * objects around a pooled client the same way `NodePgSession.transaction` does. PGlite runs in
 * process, where a round trip costs nothing.
 */
export async function transactionStartingWith<T>(
  db: Db,
  firstStatement: string,
  work: (tx: Tx) => Promise<T>,
  config?: TransactionOptions,
): Promise<T> {
  const pool = poolOf(db);
  if (!pool) {
    // PGlite names no statements; Drizzle would turn a config with no setting into a bare `set transaction`.
    const { genericPlans: _, ...settings } = config ?? {};
    return db.transaction(
      async (tx) => {
        tuneSession((tx as unknown as { session: Session }).session, false);
        await tx.execute(sql.raw(firstStatement));
        return work(tx);
      },
      transactionSettings(settings) ? settings : undefined,
    );
  }
  const { dialect, _: relations } = db as unknown as {
    dialect: ConstructorParameters<typeof NodePgSession>[1];
    _: ConstructorParameters<typeof NodePgSession>[2] & object;
  };
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const naming = namingPools.has(pool);
    const session = tuneSession(new NodePgSession(client, dialect, relations), naming);
    const tx = new NodePgTransaction(dialect, session, relations) as unknown as Tx;
    const plans = naming && config?.genericPlans ? '; set local plan_cache_mode = force_generic_plan' : '';
    try {
      // Inside the try: a first statement that fails (the scope) leaves the transaction open and
      // aborted, and the connection must not go back to the pool so.
      await client.query(`begin ${transactionSettings(config)}; ${firstStatement}${plans}`);
      const result = await work(tx);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    }
  } finally {
    // A client whose rollback failed is in an unknown state: the pool discards it.
    client.release(broken);
  }
}
