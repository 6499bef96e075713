import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiSignIn, startApp } from './support/app.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lintel-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// The README's first command, exactly: `npm start`, with nothing but a port and a data folder.
const npmStart = () => startApp({ command: ['npm', 'start'], dataDir, env: { JWT_SECRET: '' } });

describe('npm start on a fresh data folder', () => {
  it('serves the app and API with demo logins printed, stops cleanly on SIGTERM, and keeps data on restart', async () => {
    const first = await npmStart();
    for (const role of ['admin', 'agent', 'owner', 'accountant', 'staff']) {
      expect(first.output()).toContain(`${role}@demo.test`);
    }
    expect((await fetch(`${first.baseUrl}/api/health`)).status).toBe(200);
    const page = await fetch(`${first.baseUrl}/`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    // What the build gave the browser is React's production code: its development build carries
    // the DOM nesting warnings, this message among them.
    const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
    expect(entry).toMatch(/^\/assets\/index-.+\.js$/);
    const entryCode = await (await fetch(`${first.baseUrl}${entry}`)).text();
    expect(entryCode).toContain('createRoot');
    expect(entryCode.includes('cannot be a child of'), `${entry} is React's development build`).toBe(false);

    const session = await apiSignIn(first.baseUrl, 'admin@demo.test');
    const created = await fetch(`${first.baseUrl}/api/properties`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Restart Check House', address: '1 Durable Rd', type: 'house' }),
    });
    expect(created.status).toBe(201);
    expect(await first.stop()).toBeLessThan(10_000);

    const second = await npmStart();
    try {
      const { token } = await apiSignIn(second.baseUrl, 'admin@demo.test');
      const auth = { authorization: `Bearer ${token}` };
      const list = await fetch(`${second.baseUrl}/api/properties?q=Restart%20Check`, { headers: auth });
      const body = (await list.json()) as { data: { name: string }[] };
      expect(body.data.map((property) => property.name)).toEqual(['Restart Check House']);
      // The demo company was created once, not again on the second start.
      const all = await fetch(`${second.baseUrl}/api/properties?pageSize=100`, { headers: auth });
      expect(((await all.json()) as { meta: { total: number } }).meta.total).toBe(26);
    } finally {
      await second.stop();
    }
  });
});
