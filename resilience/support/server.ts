import { spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const START_LIMIT_MS = 60_000;
/** Known to the tests: the same secret across restarts keeps the clients' tokens valid. */
const JWT_SECRET = 'resilience-signing-secret-long-enough-for-hs256';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** One run of the built server (`server/dist/main.js`) in its own process group. */
export interface ServerProcess {
  exited: Promise<Exit>;
  /** kill -9 of the whole process group: no handler runs, nothing is flushed or closed. */
  kill(): Promise<Exit>;
  /** SIGTERM to the server: it drains and closes by itself (main.ts gives itself 10 s). */
  terminate(): Promise<Exit>;
  output(): string;
}

/** A port the OS says is free now; the server is started on it again after every kill. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as net.AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

/**
 * Starts the built server on 127.0.0.1:`port` with `database` (DATA_DIR or DATABASE_URL), no demo
 * data, and resolves once its start banner is printed.
 */
export async function startServer(
  port: number,
  database: { DATA_DIR: string } | { DATABASE_URL: string },
  /** More settings for this run (e.g. SMTP_URL). */
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: '',
      ...database,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      JWT_SECRET,
      // Every company here signs up from loopback, on a database earlier suites' sign-ups share.
      SIGNUP_LIMIT: '1000000',
      ...env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const running = () => child.exitCode === null && child.signalCode === null;
  const kill = async () => {
    if (running()) process.kill(-child.pid!, 'SIGKILL');
    return exited;
  };
  const terminate = async () => {
    if (running()) child.kill('SIGTERM');
    return exited;
  };
  const started = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no start banner within ${START_LIMIT_MS} ms`)),
      START_LIMIT_MS,
    );
    child.stdout.on('data', () => {
      if (output.includes(`running at http://localhost:${port}`)) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((exit) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${exit.code ?? exit.signal}) before it started`));
    });
  });
  try {
    await started;
  } catch (error) {
    await kill();
    throw new Error(`${(error as Error).message}:\n${output}`, { cause: error });
  }
  return { exited, kill, terminate, output: () => output };
}
