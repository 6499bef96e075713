import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { serverRoot } from '../../config.ts';

/** A database of its own on DATABASE_URL's server, dropped (connections and all) afterwards. */
export async function createScratchDatabase(label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL!;
  const name = `lintel_${label}_${randomUUID().slice(0, 8)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

export interface ServerProcess {
  /** http://127.0.0.1:port */
  url: string;
  /** SIGTERM; resolves with the exit code and how long the shutdown took. */
  stop(): Promise<{ code: number | null; ms: number }>;
}

/**
 * Lintel's own entry point (src/main.ts, through tsx) in a process of its own, as a deployment
 * runs it: migrations at start, the signing secret from the database unless `env` sets one.
 */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      JWT_SECRET: '',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stop = async () => {
    const begun = Date.now();
    if (child.exitCode === null) child.kill('SIGTERM');
    const code = await exited;
    return { code, ms: Date.now() - begun };
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no start banner within 45 s:\n${output}`));
    }, 45_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({ url: `http://127.0.0.1:${port}`, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the server exited before it started:\n${output}`));
    });
  });
}
