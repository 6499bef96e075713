import { execFile } from 'node:child_process';
import { chmod, chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
export const BIN = '/usr/lib/postgresql/15/bin';
/** `BENCH_SCALE_PG_PORT` moves it, so a second run can start beside a kept cluster. */
export const CLUSTER_PORT = Number(process.env.BENCH_SCALE_PG_PORT ?? '5444');
export const DATABASE = 'lintel_scale';

/**
 * Settings for this machine (2 cores, 24 GB, shared): shared_buffers 4GB holds the hot part of
 * the ledger; maintenance_work_mem 1GB builds indexes and VACUUMs in one pass; max_wal_size 8GB
 * keeps checkpoints out of the bulk load; fsync stays on (what production runs); work_mem 32MB as
 * the statement sorts ask; pg_stat_statements (preloaded) gives PostgreSQL's share of the time.
 */
const SETTINGS = `
listen_addresses = '127.0.0.1'
port = ${CLUSTER_PORT}
max_connections = 200
shared_buffers = 4GB
effective_cache_size = 16GB
maintenance_work_mem = 1GB
work_mem = 32MB
max_wal_size = 8GB
checkpoint_timeout = 15min
wal_compression = on
fsync = on
synchronous_commit = on
max_parallel_workers_per_gather = 1
random_page_cost = 1.1
shared_preload_libraries = 'pg_stat_statements'
pg_stat_statements.max = 5000
pg_stat_statements.track = all
track_io_timing = on
autovacuum = on
log_min_messages = warning
`;

export interface Cluster {
  url: (database?: string) => string;
  admin: { host: string; port: number; user: string; database: string };
  /** The server's log (auto_explain writes the plans there). */
  logFile: string;
  /** The data folder, for `pg_ctl -D … stop` when the cluster is kept. */
  data: string;
  stop(): Promise<void>;
}

/** Runs a PostgreSQL binary as the postgres user (the server refuses to run as root). */
const asPostgres = (binary: string, args: string[]) =>
  process.getuid?.() === 0
    ? run('runuser', ['-u', 'postgres', '--', path.join(BIN, binary), ...args])
    : run(path.join(BIN, binary), args);

const clusterIn = (folder: string, stop: () => Promise<void>): Cluster => ({
  url: (database = DATABASE) => `postgres://postgres@127.0.0.1:${CLUSTER_PORT}/${database}`,
  admin: { host: '127.0.0.1', port: CLUSTER_PORT, user: 'postgres', database: DATABASE },
  logFile: path.join(folder, 'log'),
  data: path.join(folder, 'data'),
  stop,
});

/** A cluster an earlier run kept (its folder), still running on CLUSTER_PORT; `stop` removes it. */
export function keptCluster(folder: string): Cluster {
  const data = path.join(folder, 'data');
  return clusterIn(folder, async () => {
    await asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => {});
    await rm(folder, { recursive: true, force: true });
  });
}

/** A throwaway cluster in a temporary folder on CLUSTER_PORT: initdb, start; `stop` removes it. */
export async function startCluster(say: (text: string) => void): Promise<Cluster> {
  const folder = await mkdtemp(path.join(tmpdir(), 'lintel-scale-pg-'));
  const data = path.join(folder, 'data');
  const logFile = path.join(folder, 'log');
  await chmod(folder, 0o755);
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chown(folder, Number(stdout.trim()), Number(group.trim()));
  }
  let started = false;
  const stop = async () => {
    if (started) await asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => {});
    started = false;
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await asPostgres('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
    await writeFile(
      path.join(data, 'postgresql.auto.conf'),
      `${SETTINGS}unix_socket_directories = '${folder}'\n`,
    );
    if (process.getuid?.() === 0) await run('chown', ['-R', 'postgres:postgres', data]);
    await asPostgres('pg_ctl', ['-D', data, '-l', logFile, '-w', '-t', '120', 'start']);
    started = true;
    say(`   cluster: ${data} on port ${CLUSTER_PORT}`);
    const cluster = clusterIn(folder, stop);
    const client = new pg.Client(cluster.url('postgres'));
    await client.connect();
    await client.query(`create database ${DATABASE}`);
    await client.end();
    return cluster;
  } catch (error) {
    await stop();
    throw error;
  }
}
