import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to the embedded database on port 5000 with demo data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 5000,
      databaseUrl: undefined,
      demoData: true,
      jwtSecret: undefined,
    });
    expect(config.dataDir).toBe(path.resolve('data'));
  });

  it('listens on DATABASE_DIRECT_URL when a pooler sits in front, else on DATABASE_URL', () => {
    const pooled = 'postgres://lintel@pgbouncer:6432/lintel';
    const direct = 'postgres://lintel@db:5432/lintel';
    expect(loadConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: direct })).toMatchObject({
      databaseUrl: pooled,
      databaseDirectUrl: direct,
    });
    expect(loadConfig({ DATABASE_URL: direct, DATABASE_DIRECT_URL: '' })).toMatchObject({
      databaseUrl: direct,
      databaseDirectUrl: direct,
    });
  });

  it('treats empty variables as unset and reads flags and lists', () => {
    const config = loadConfig({
      JWT_SECRET: '',
      DATABASE_URL: '',
      DEMO_DATA: 'false',
      TRUSTED_ORIGINS: 'http://a.test, http://b.test/',
    });
    expect(config).toMatchObject({ jwtSecret: undefined, databaseUrl: undefined, demoData: false });
    expect(config.trustedOrigins).toEqual(['http://a.test', 'http://b.test']);
  });

  it("trusts SPEC's dev servers in development only, unless TRUSTED_ORIGINS says otherwise", () => {
    expect(loadConfig({}).trustedOrigins).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'production' }).trustedOrigins).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'development' }).trustedOrigins).toEqual([
      'http://localhost:5173',
      'http://localhost:3000',
    ]);
    expect(loadConfig({ NODE_ENV: 'development', TRUSTED_ORIGINS: 'https://a.test' }).trustedOrigins).toEqual(
      ['https://a.test'],
    );
  });

  it('reads TRUST_PROXY as a flag, a hop count or a list of addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('refuses a short JWT secret and a bad port with a message naming the variable', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: must be at least 32 characters/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
