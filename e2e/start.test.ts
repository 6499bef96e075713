import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lintel-start-'));

interface Started {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

/** Runs the README's first command, `npm start`, and waits for its banner. */
function startLintel(): Promise<Started> {
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner within 150 s:\n${output}`)), 150_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, baseUrl: match[1]!, output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
}

/** SIGTERM to the whole process group; resolves with the server's exit time in ms. */
function stop(started: Started): Promise<number> {
  const begun = Date.now();
  return new Promise((resolve) => {
    started.child.on('exit', () => resolve(Date.now() - begun));
    process.kill(-started.child.pid!, 'SIGTERM');
  });
}

async function signIn(baseUrl: string, email: string) {
  return fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'LintelDemo1' }),
  });
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm start on a fresh data folder', () => {
  it('serves the app and API with demo logins printed, stops cleanly on SIGTERM, and keeps data on restart', async () => {
    const first = await startLintel();
    for (const role of ['admin', 'agent', 'owner', 'accountant', 'staff']) {
      expect(first.output()).toContain(`${role}@demo.test`);
    }
    const health = await fetch(`${first.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    const page = await fetch(`${first.baseUrl}/`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<div id="root">');

    const login = await signIn(first.baseUrl, 'admin@demo.test');
    expect(login.status).toBe(200);
    const session = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' };
    const created = await fetch(`${first.baseUrl}/api/properties`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: 'Restart Check House', address: '1 Durable Rd', type: 'house' }),
    });
    expect(created.status).toBe(201);
    expect(await stop(first)).toBeLessThan(10_000);

    const second = await startLintel();
    try {
      const again = await signIn(second.baseUrl, 'admin@demo.test');
      const { token } = (await again.json()) as { token: string };
      const list = await fetch(`${second.baseUrl}/api/properties?q=Restart%20Check`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await list.json()) as { data: { name: string }[] };
      expect(body.data.map((p) => p.name)).toEqual(['Restart Check House']);
      // The demo company was created once, not again on the second start.
      const all = await fetch(`${second.baseUrl}/api/properties?pageSize=100`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(((await all.json()) as { meta: { total: number } }).meta.total).toBe(26);
    } finally {
      await stop(second);
    }
  });
});
