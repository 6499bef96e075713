import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const serverMain = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));
const START_LIMIT_MS = 60_000;

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** The built server (`server/dist/main.js`) as a child process on a free port. */
export async function startServer(database: { DATABASE_URL: string } | { DATA_DIR: string }) {
  const child = spawn(process.execPath, ['--enable-source-maps', serverMain], {
    env: {
      ...process.env,
      ...database,
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      JWT_SECRET: 'bench-signing-secret-long-enough-for-hs256',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    process.stderr.write(chunk);
  });
  try {
    const port = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the server did not start in time')), START_LIMIT_MS);
      child.stdout.on('data', () => {
        // The banner names the port the server listens on (PORT=0 lets the OS choose).
        const port = /running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
        if (port) {
          clearTimeout(timer);
          resolve(port);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited with ${code}: ${output}`));
      });
    });
    return { baseUrl: `http://127.0.0.1:${port}`, stop: () => stopServer(child) };
  } catch (error) {
    await stopServer(child);
    throw error;
  }
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
