import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type Row = Record<string, unknown>;
/** Raw SQL as the database superuser: the checks read every company's rows, past row-level security. */
export type Sql = <T extends Row = Row>(text: string, params?: unknown[]) => Promise<T[]>;

/** Like the server tests: DATABASE_URL names a PostgreSQL server, otherwise file-backed PGlite. */
const postgresUrl = process.env.DATABASE_URL || undefined;
export const databaseKind: 'pglite' | 'postgres' = postgresUrl ? 'postgres' : 'pglite';

/** A database of its own for one test: a fresh PGlite data folder, or a fresh PostgreSQL database. */
export interface TestDatabase {
  kind: 'pglite' | 'postgres';
  /** What the server is started with. */
  serverEnv: { DATA_DIR: string } | { DATABASE_URL: string };
  /** The PostgreSQL database's address (for a proxy in front of it). */
  url?: URL;
  /** Direct access. PGlite allows one process per data folder: only while no server runs on it. */
  withSql<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

async function openPglite(): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lintel-resilience-'));
  return {
    kind: 'pglite',
    serverEnv: { DATA_DIR: dataDir },
    async withSql(work) {
      // The server's layout (server/src/db/client.ts): DATA_DIR/pglite.
      const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
      try {
        return await work(async (text, params) => (await client.query(text, params)).rows as never);
      } finally {
        await client.close();
      }
    },
    drop: () => rm(dataDir, { recursive: true, force: true }),
  };
}

async function asAdmin(adminUrl: URL, text: string) {
  const client = new pg.Client(adminUrl.href);
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A database `lintel_resilience_<random>` on the DATABASE_URL server, dropped after the test. */
async function openPostgres(serverUrl: string): Promise<TestDatabase> {
  const name = `lintel_resilience_${randomBytes(4).toString('hex')}`;
  const adminUrl = new URL(serverUrl);
  adminUrl.pathname = '/postgres';
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await asAdmin(adminUrl, `create database ${name}`);
  return {
    kind: 'postgres',
    serverEnv: { DATABASE_URL: url.href },
    url,
    async withSql(work) {
      const client = new pg.Client(url.href);
      await client.connect();
      try {
        return await work(async (text, params) => (await client.query(text, params)).rows as never);
      } finally {
        await client.end();
      }
    },
    drop: () => asAdmin(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

export const createDatabase = () => (postgresUrl ? openPostgres(postgresUrl) : openPglite());
