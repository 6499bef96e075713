import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

// A built web folder as the web's build leaves it: each text file with its .br and .gz beside it.
const INDEX_HTML = `<!doctype html><html><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('a'.repeat(4000))});`;
const SCRIPT_URL = '/assets/index-Bx1y2z3w.js';

function writeWithCompressed(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

describe('the built web app', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'lintel-web-'));
    mkdirSync(path.join(root, 'assets'));
    writeWithCompressed(path.join(root, 'index.html'), INDEX_HTML);
    writeWithCompressed(path.join(root, SCRIPT_URL), SCRIPT);
    t = await createTestApp({ webRoot: root });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  const sizeOf = (url: string) => statSync(path.join(root, url)).size;
  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends the Brotli file to a browser that accepts br', async () => {
    const response = await get(SCRIPT_URL, 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
    // The build's file as it is, not compressed again per request (that streams with no length).
    expect(Number(response.headers['content-length'])).toBe(sizeOf(`${SCRIPT_URL}.br`));
  });

  it('sends the gzip file to a browser that accepts only gzip', async () => {
    const response = await get(SCRIPT_URL, 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
    expect(Number(response.headers['content-length'])).toBe(sizeOf(`${SCRIPT_URL}.gz`));
  });

  it('sends the file itself to a client that accepts no compression', async () => {
    const response = await get(SCRIPT_URL, 'identity');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.body).toBe(SCRIPT);
  });

  it('lets browsers keep the hashed files for a year without asking again', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await get(SCRIPT_URL, encoding);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers a missing hashed file with 404, not the app page', async () => {
    const response = await get('/assets/index-0ld8u1ld.js', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toMatchObject({ status: 'error', code: 'NOT_FOUND' });
  });

  it('answers index.html, to be asked about again each time, for the root and a client-side route', async () => {
    for (const url of ['/', '/properties/123', '/accountant-dashboard']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(INDEX_HTML);
    }
  });

  it('leaves an unknown API route its JSON 404', async () => {
    const response = await get('/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 'error', code: 'NOT_FOUND' });
  });
});
