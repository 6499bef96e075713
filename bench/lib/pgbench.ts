import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { adminQuery, type Sql, type Target } from './databases.ts';

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
export async function openPgbench(
  server: NonNullable<Target['postgres']>,
  database = 'lintel_bench_pgbench',
) {
  const connection = ['-h', server.host, '-p', String(server.port), '-U', server.user];
  await adminQuery(`drop database if exists ${database} with (force)`);
  await adminQuery(`create database ${database}`);
  await run('pgbench', ['-i', '-q', '-s', '1', ...connection, database]);
  return {
    /** `pgbench -S -c <clients> -j 2 -T <seconds>`; -n: the tables were just made, nothing to vacuum. */
    async selectRate(clients: number, seconds: number): Promise<PgbenchRate> {
      const { stdout } = await run('pgbench', [
        ...['-S', '-n', '-c', String(clients), '-j', '2', '-T', String(seconds)],
        ...connection,
        database,
      ]);
      const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1];
      const latency = /latency average = ([\d.]+) ms/.exec(stdout)?.[1];
      if (!tps || !latency) throw new Error(`pgbench printed no rate:\n${stdout}`);
      return { tps: Number(tps), latencyAverageMs: Number(latency) };
    },
    close: () => adminQuery(`drop database if exists ${database} with (force)`),
  };
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
