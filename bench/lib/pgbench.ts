import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { adminQuery, BENCH_DATABASE, type Sql, type Target } from './databases.ts';

const run = promisify(execFile);

export interface PgbenchRate {
  /** Transactions (here: single-row selects) per second, without the connection time. */
  tps: number;
  latencyAverageMs: number;
}

/**
 * PostgreSQL's own load tool on the same server as the app, in a scratch database made for it:
 * `pgbench -S` (one primary-key select per transaction) is the raw select rate of this machine.
 */
type Server = NonNullable<Target['postgres']>;
const connectionOf = (server: Server) => ['-h', server.host, '-p', String(server.port), '-U', server.user];

/** `pgbench <options> -n -c <clients> -j 2 -T <seconds>`; -n: nothing to vacuum. */
async function pgbenchRate(
  server: Server,
  database: string,
  options: string[],
  clients: number,
  seconds: number,
): Promise<PgbenchRate> {
  const { stdout } = await run('pgbench', [
    ...options,
    ...['-n', '-c', String(clients), '-j', '2', '-T', String(seconds)],
    ...connectionOf(server),
    database,
  ]);
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1];
  const latency = /latency average = ([\d.]+) ms/.exec(stdout)?.[1];
  if (!tps || !latency) throw new Error(`pgbench printed no rate:\n${stdout}`);
  return { tps: Number(tps), latencyAverageMs: Number(latency) };
}

export async function openPgbench(
  server: Server,
  database = `${BENCH_DATABASE}_pgbench`,
  /** Runs create / drop database on `server` (the shared local server's by default). */
  admin: (text: string) => Promise<void> = adminQuery,
) {
  await admin(`drop database if exists ${database} with (force)`);
  await admin(`create database ${database}`);
  await run('pgbench', ['-i', '-q', '-s', '1', ...connectionOf(server), database]);
  return {
    /** `pgbench -S`: one primary-key select per transaction. */
    selectRate: (clients: number, seconds: number) => pgbenchRate(server, database, ['-S'], clients, seconds),
    close: () => admin(`drop database if exists ${database} with (force)`),
  };
}

/**
 * pgbench running `script` (pgbench's script syntax; `\;` joins statements into one query) on
 * the app's own database, over the simple protocol: what an endpoint's SQL costs the database
 * without the app.
 */
export async function scriptRate(
  server: Server,
  database: string,
  script: string,
  clients: number,
  seconds: number,
  /** More pgbench options, e.g. `-D name=value` for the script's variables. */
  options: string[] = [],
): Promise<PgbenchRate> {
  const folder = await mkdtemp(path.join(tmpdir(), 'lintel-pgbench-'));
  try {
    const file = path.join(folder, 'script.sql');
    await writeFile(file, script);
    return await pgbenchRate(server, database, ['-M', 'simple', ...options, '-f', file], clients, seconds);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const ACCOUNTS = 100_000;

/**
 * PGlite has no pgbench and serves one query at a time, so its raw select rate is what one
 * in-process client gets from pgbench's `-S` query on a table of pgbench's scale 1 (100,000
 * accounts), in the database's own data folder. The table is dropped afterwards.
 */
export async function inProcessSelectRate(sql: Sql, seconds: number): Promise<PgbenchRate> {
  await sql(
    `create table bench_accounts as
     select aid, 0 as abalance, ''::char(84) as filler from generate_series(1, ${ACCOUNTS}) as aid`,
  );
  await sql('alter table bench_accounts add primary key (aid)');
  await sql('analyze bench_accounts');
  try {
    let selects = 0;
    const start = performance.now();
    const end = start + seconds * 1000;
    while (performance.now() < end) {
      await sql('select abalance from bench_accounts where aid = $1', [
        1 + Math.floor(Math.random() * ACCOUNTS),
      ]);
      selects++;
    }
    const elapsedMs = performance.now() - start;
    return { tps: (selects * 1000) / elapsedMs, latencyAverageMs: elapsedMs / selects };
  } finally {
    await sql('drop table bench_accounts');
  }
}
