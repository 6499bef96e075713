import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

// Beside its one reader, so every project that compiles this file (e2e, bench) knows the key.
declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder holding the freshly seeded demo company, copied by each file's app. */
    demoDataDir: string;
  }
}

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');
export const DEMO_PASSWORD = 'LintelDemo1';
/** Known to the tests, so they can mint tokens (an expired one, for the refresh test). */
export const E2E_JWT_SECRET = 'e2e-signing-secret-that-is-long-enough-0123456789';

export interface RunningApp {
  baseUrl: string;
  output(): string;
  stop(): Promise<number>;
}

/**
 * Starts a built Lintel (server/dist, web/dist) on a free port with a fresh data folder and demo
 * data, and waits for its start banner. `command` lets a test run the README's `npm start` itself.
 */
export function startApp(
  options: { command?: string[]; env?: Record<string, string>; dataDir?: string } = {},
): Promise<RunningApp> {
  // A data folder given by the caller outlives this run (restart tests); our own is removed.
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'lintel-e2e-'));
  // Our own folder starts as a copy of the demo company seeded once for the whole run
  // (global-setup.ts): the app starts without seeding again, and each file still has its own data.
  const wantsDemo = !options.dataDir && !options.command && options.env?.DEMO_DATA !== 'false';
  if (wantsDemo) cpSync(inject('demoDataDir'), dataDir, { recursive: true });
  const [program, ...args] = options.command ?? ['node', 'server/dist/main.js'];
  // Vitest sets NODE_ENV=test, and Vite builds with the NODE_ENV it finds: `npm start` from here
  // built React's development code (index.js 230 kB gzip, not 152), which every later test and
  // the bench then loaded. A person's shell has none.
  const inherited = { ...process.env };
  delete inherited.NODE_ENV;
  const child: ChildProcess = spawn(program!, args, {
    cwd: repoRoot,
    env: {
      ...inherited,
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      JWT_SECRET: E2E_JWT_SECRET,
      ...options.env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.on('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const stop = async () => {
    const begun = Date.now();
    if (!exited) process.kill(-child.pid!, 'SIGTERM');
    await exit;
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    return Date.now() - begun;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start banner within 150 s:\n${output}`)), 150_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ baseUrl: match[1]!, output: () => output, stop });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exit.then(() => reject(new Error(`the app exited before it started:\n${output}`)));
  });
}

/** Signs in through the API, for setting things up (not for what a test is about). */
export async function apiSignIn(baseUrl: string, email: string, password = DEMO_PASSWORD) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok)
    throw new Error(`sign-in as ${email} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as {
    token: string;
    refreshToken: string;
    user: { _id: string; companyId: string; role: string };
  };
}
