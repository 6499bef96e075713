import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startServer, type RunningServer } from './server.ts';

export type Row = Record<string, unknown>;
/** Raw SQL as the database superuser: the bench's seeding and reference queries, not the app. */
export type Sql = (text: string, params?: unknown[]) => Promise<Row[]>;

export type DatabaseKind = 'pglite' | 'postgres';

/** One database with the real server running on it. */
export interface Target {
  kind: DatabaseKind;
  /** PostgreSQL only: the server it runs on, for reference tools such as pgbench. */
  postgres?: { host: string; port: number; user: string; database: string };
  /** The running server's base URL; it can change when `withSql` restarts the server. */
  baseUrl(): string;
  /** CPU seconds the running server process has used (for CPU per request). */
  serverCpuSeconds(): Promise<number>;
  /** Direct database access, e.g. for bulk seeding. */
  withSql<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const POSTGRES_SERVER = { host: '127.0.0.1', port: 5432, user: 'postgres' };
const POSTGRES_ADMIN_URL = `postgres://${POSTGRES_SERVER.user}@${POSTGRES_SERVER.host}:${POSTGRES_SERVER.port}/postgres`;
/** `BENCH_DATABASE` names it when several runs share the server (each drops its own at the start). */
export const BENCH_DATABASE = process.env.BENCH_DATABASE ?? 'lintel_bench';

/**
 * Embedded PGlite in a fresh temporary DATA_DIR. PGlite allows one process per data folder, so
 * `withSql` stops the server, opens the folder here, and starts the server again.
 */
async function openPglite(): Promise<Target> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lintel-bench-'));
  let server: RunningServer | undefined;
  try {
    server = await startServer({ DATA_DIR: dataDir });
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    kind: 'pglite',
    baseUrl: () => server!.baseUrl,
    serverCpuSeconds: () => server!.cpuSeconds(),
    async withSql(work) {
      await server?.stop();
      server = undefined;
      const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
      try {
        return await work(async (text, params) => (await client.query<Row>(text, params)).rows);
      } finally {
        await client.close();
        server = await startServer({ DATA_DIR: dataDir });
      }
    },
    async close() {
      await server?.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function asAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(POSTGRES_ADMIN_URL);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A statement on the PostgreSQL server outside any database (create / drop database). */
export async function adminQuery(text: string): Promise<void> {
  await asAdmin((client) => client.query(text));
}

/** The local PostgreSQL server's version, for results.json. */
export const postgresVersion = () =>
  asAdmin(
    async (client) =>
      (await client.query<{ server_version: string }>('show server_version')).rows[0]!.server_version,
  );

/** The local PostgreSQL, in a database created for the run and dropped after it. */
async function openPostgres(): Promise<Target> {
  await adminQuery(`drop database if exists ${BENCH_DATABASE} with (force)`);
  await adminQuery(`create database ${BENCH_DATABASE}`);
  const databaseUrl = POSTGRES_ADMIN_URL.replace(/\/postgres$/, `/${BENCH_DATABASE}`);
  const client = new pg.Client(databaseUrl);
  let server: RunningServer | undefined;
  try {
    await client.connect();
    server = await startServer({ DATABASE_URL: databaseUrl });
  } catch (error) {
    await client.end().catch(() => {});
    await adminQuery(`drop database if exists ${BENCH_DATABASE} with (force)`);
    throw error;
  }
  return {
    kind: 'postgres',
    postgres: { ...POSTGRES_SERVER, database: BENCH_DATABASE },
    baseUrl: () => server.baseUrl,
    serverCpuSeconds: () => server.cpuSeconds(),
    withSql: (work) => work(async (text, params) => (await client.query<Row>(text, params)).rows),
    async close() {
      await server?.stop();
      await client.end().catch(() => {});
      await adminQuery(`drop database if exists ${BENCH_DATABASE} with (force)`);
    },
  };
}

export const openTarget = (kind: DatabaseKind) => (kind === 'pglite' ? openPglite() : openPostgres());
