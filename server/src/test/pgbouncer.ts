import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface PgBouncer {
  /** The upstream URL with the pooler's host and port: the same database and user, pooled. */
  url: string;
  /** Server connections per database and user: what every client shares. */
  poolSize: number;
  /** The ini it runs with (docs/deploy.md shows the same settings). */
  ini: string;
  stop(): Promise<void>;
}

export interface PgBouncerOptions {
  /** The PostgreSQL server (and database) to pool, e.g. postgres://postgres@127.0.0.1:5432/test. */
  upstreamUrl: string;
  /** Kept small in tests, so server connections really are shared between companies. */
  poolSize?: number;
}

// Debian installs it in /usr/sbin, which is not on every user's PATH.
const binary = existsSync('/usr/sbin/pgbouncer') ? '/usr/sbin/pgbouncer' : 'pgbouncer';
const READY_WITHIN_MS = 10_000;

/** Transaction pooling in front of one server, as docs/deploy.md configures it. */
export function pgbouncerIni(options: {
  upstream: URL;
  port: number;
  poolSize: number;
  authFile: string;
}): string {
  return `[databases]
; Any database name, e.g. the API tests' scratch databases, goes to the same server.
* = host=${options.upstream.hostname} port=${options.upstream.port || '5432'}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${options.port}
unix_socket_dir =
pool_mode = transaction
auth_type = trust
auth_file = ${options.authFile}
default_pool_size = ${options.poolSize}
max_client_conn = 500
log_connections = 0
log_disconnections = 0
`;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/**
 * Starts Debian's pgbouncer as a child process (not the system service) in transaction mode in
 * front of `upstreamUrl`'s server, on a free port of 127.0.0.1; resolves once it answers a query.
 * PgBouncer refuses to run as root: as root it drops to the postgres user (`-u postgres`), after
 * reading its ini from a folder only root can read.
 */
export async function startPgBouncer(options: PgBouncerOptions): Promise<PgBouncer> {
  const upstream = new URL(options.upstreamUrl);
  const poolSize = options.poolSize ?? 3;
  const port = await freePort();
  const folder = mkdtempSync(path.join(os.tmpdir(), 'lintel-pgbouncer-'));
  const authFile = path.join(folder, 'users.txt');
  // auth_type trust still wants the user listed; the password is not checked.
  writeFileSync(authFile, `"${decodeURIComponent(upstream.username) || 'postgres'}" ""\n`);
  const ini = pgbouncerIni({ upstream, port, poolSize, authFile });
  const iniFile = path.join(folder, 'pgbouncer.ini');
  writeFileSync(iniFile, ini);

  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const child = spawn(binary, [...(asRoot ? ['-u', 'postgres'] : []), iniFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let gone = false;
  // 'error' without 'exit' when it cannot start at all (not installed).
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (error) => {
      output += `${error.message}\n`;
      resolve();
    });
  }).then(() => {
    gone = true;
  });

  const pooled = new URL(upstream);
  pooled.hostname = '127.0.0.1';
  pooled.port = String(port);
  const url = pooled.toString();

  const stop = async () => {
    // SIGTERM: immediate shutdown; the tests are done with their connections.
    if (!gone) child.kill('SIGTERM');
    await exited;
    rmSync(folder, { recursive: true, force: true });
  };

  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    if (gone) {
      await stop();
      throw new Error(`pgbouncer exited before it was ready:\n${output}`);
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return { url, poolSize, ini, stop };
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`pgbouncer did not answer within ${READY_WITHIN_MS} ms:\n${output}`, {
          cause: error,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
