import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

describe('cross-origin requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const preflight = (origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: '/api/properties',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-xsrf-token',
      },
    });

  it('lets the development web server on :5173 call the API with credentials', async () => {
    const response = await preflight('http://localhost:5173');
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(String(response.headers['access-control-allow-headers'])).toContain('X-XSRF-TOKEN');
  });

  it('gives any other origin no permission', async () => {
    const response = await preflight('https://evil.example');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
