import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverMain = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));
/** Seeding the demo company on a busy machine takes a while. */
const START_LIMIT_MS = 180_000;
/**
 * `BENCH_CPU_PROFILE=<folder>` runs the server under `node --cpu-prof`: a .cpuprofile per server
 * process, written when it stops; `npx tsx bench/top-frames.ts <file>` lists where the time went.
 */
const profileFolder = process.env.BENCH_CPU_PROFILE;

export interface RunningServer {
  baseUrl: string;
  /** CPU seconds the server process has used so far (user + system; Linux /proc). */
  cpuSeconds(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The built server (`server/dist/main.js`) as a child process on a free port, as it is deployed
 * (NODE_ENV=production), with the demo company seeded into an empty database (the dashboard
 * benchmark reads it; the others make companies of their own) unless `overrides` say otherwise.
 */
export async function startServer(
  database: { DATABASE_URL: string } | { DATA_DIR: string },
  /** Settings that differ from the defaults here (the scale bench: its own port, no demo data). */
  overrides: Record<string, string> = {},
): Promise<RunningServer> {
  const profiling = profileFolder ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileFolder)}`] : [];
  const child = spawn(process.execPath, ['--enable-source-maps', ...profiling, serverMain], {
    env: {
      ...process.env,
      ...database,
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      JWT_SECRET: 'bench-signing-secret-long-enough-for-hs256',
      // Every company here signs up from loopback, on a database earlier suites' sign-ups share.
      SIGNUP_LIMIT: '1000000',
      ...overrides,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let banner = '';
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  try {
    const port = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the server did not start in time')), START_LIMIT_MS);
      const onData = (chunk: Buffer) => {
        banner += chunk.toString();
        // The banner names the port the server listens on (PORT=0 lets the OS choose).
        const port = /running at http:\/\/localhost:(\d+)/.exec(banner)?.[1];
        if (port) {
          clearTimeout(timer);
          child.stdout.off('data', onData);
          // Later output is drained, not kept: a long run must not grow the bench's memory.
          child.stdout.resume();
          resolve(port);
        }
      };
      child.stdout.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited with ${code}: ${banner}`));
      });
    });
    return {
      baseUrl: `http://127.0.0.1:${port}`,
      cpuSeconds: () => cpuSecondsOf(child.pid!),
      stop: () => stopServer(child),
    };
  } catch (error) {
    await stopServer(child);
    throw error;
  }
}

/** utime + stime from /proc/<pid>/stat, in clock ticks of 1/100 s (fields 14 and 15). */
export async function cpuSecondsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
