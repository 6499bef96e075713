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
  /** The running server's base URL; it can change when `withSql` restarts the server. */
  baseUrl(): string;
  /** Direct database access, e.g. for bulk seeding. */
  withSql<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DATABASE = 'lintel_bench';

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

async function adminQuery(text: string) {
  const client = new pg.Client(POSTGRES_ADMIN_URL);
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

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
    baseUrl: () => server.baseUrl,
    withSql: (work) => work(async (text, params) => (await client.query<Row>(text, params)).rows),
    async close() {
      await server?.stop();
      await client.end().catch(() => {});
      await adminQuery(`drop database if exists ${BENCH_DATABASE} with (force)`);
    },
  };
}

export const openTarget = (kind: DatabaseKind) => (kind === 'pglite' ? openPglite() : openPostgres());
