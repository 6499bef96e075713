import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_KINDS, IMPORT_MAX_BYTES } from '@lintel/contracts';
import { csvOf, dataSync } from '../../test/data-sync-fixtures.ts';
import { columnNames } from './templates.ts';
import { createCompanyWithRoles, createTestApp, type TestApp } from '../../test/harness.ts';
import { multipartFile } from '../../test/multipart.ts';
import { caller, type Company } from '../../test/money-fixtures.ts';

let t: TestApp;
let a: Company;
let b: Company;
let sync: ReturnType<typeof dataSync>;

const tenantsFile = (label: string) =>
  csvOf([
    ['name', 'email'],
    [`${label} Tenant`, `${label.toLowerCase()}-${randomUUID().slice(0, 6)}@example.com`],
  ]);
const propertiesFile = (label: string) =>
  csvOf([
    ['name', 'address', 'type'],
    [`${label} House`, `1 ${label} Street`, 'house'],
  ]);

beforeAll(async () => {
  t = await createTestApp();
  sync = dataSync(t);
  [a, b] = await Promise.all([createCompanyWithRoles(t.app), createCompanyWithRoles(t.app)]);
  await sync.apply(a.accountant, 'tenants', tenantsFile('Alpha'));
  await sync.apply(a.accountant, 'properties', propertiesFile('Alpha'));
  await sync.apply(b.accountant, 'tenants', tenantsFile('Bravo'));
  await sync.apply(b.accountant, 'properties', propertiesFile('Bravo'));
});
afterAll(() => t.close());

describe('who may use data sync', () => {
  const roles = ['admin', 'accountant', 'agent', 'owner', 'other'] as const;

  it.each(roles)('templates and the export: %s', async (role) => {
    const allowed = role === 'admin' || role === 'accountant';
    const template = await caller(t)(a[role], 'GET', '/api/data-sync/templates/tenants');
    const exported = await caller(t)(a[role], 'GET', '/api/data-sync/export');
    expect([template.statusCode, exported.statusCode]).toEqual(allowed ? [200, 200] : [403, 403]);
  });

  it.each(roles)('imports: %s', async (role) => {
    const response = await sync.upload(a[role], 'tenants', tenantsFile('Role'));
    expect(response.statusCode).toBe(role === 'accountant' ? 200 : 403);
  });

  it('asks for a session', async () => {
    expect((await caller(t)(null, 'GET', '/api/data-sync/export')).statusCode).toBe(401);
    expect((await caller(t)(null, 'GET', '/api/data-sync/templates/owners')).statusCode).toBe(401);
    const body = multipartFile('tenants.csv', 'text/csv', Buffer.from(tenantsFile('Anon')));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/data-sync/import/tenants',
      headers: body.headers,
      payload: body.payload,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('each company alone', () => {
  it("exports only the company's own records", async () => {
    const files = await sync.exportFiles(b.admin);
    expect(files['tenants.csv']).toContain('Bravo Tenant');
    expect(files['properties.csv']).toContain('Bravo House');
    expect(Object.values(files).join('\n')).not.toContain('Alpha');
  });

  it("imports into the company only, and cannot refer to another company's records", async () => {
    const before = await sync.counts(b.companyId);
    await sync.apply(a.accountant, 'tenants', tenantsFile('Again'));
    await sync.apply(a.accountant, 'properties', propertiesFile('Bravo'));
    expect(await sync.counts(b.companyId)).toEqual(before);
    // Company A now has its own "Bravo House"; B's tenant is still nobody A knows.
    const report = await sync.dryRun(
      a.accountant,
      'leases',
      csvOf([
        ['property_name', 'property_address', 'tenant_name', 'start_date', 'end_date', 'rent', 'status'],
        ['Bravo House', '1 Bravo Street', 'Bravo Tenant', '2026-01-01', '2026-12-31', '100', 'draft'],
      ]),
    );
    expect(report.problems).toEqual([
      {
        row: 2,
        column: 'tenant_name',
        value: 'Bravo Tenant',
        message: 'No tenant of this company has this name. Import the tenants first.',
      },
    ]);
  });
});

describe('bad requests', () => {
  const post = (url: string, options: { payload?: string | Buffer; headers?: Record<string, string> }) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...a.accountant.auth, ...options.headers },
      payload: options.payload,
    });

  it('refuses an unknown kind and an unknown dryRun value with 400', async () => {
    expect((await sync.upload(a.accountant, 'unicorns', tenantsFile('Kind'))).statusCode).toBe(400);
    expect((await caller(t)(a.accountant, 'GET', '/api/data-sync/templates/unicorns')).statusCode).toBe(400);
    expect((await sync.upload(a.accountant, 'tenants', tenantsFile('Q'), 'dryRun=maybe')).statusCode).toBe(
      400,
    );
  });

  it('treats a missing dryRun as a dry run', async () => {
    const before = await sync.counts(a.companyId);
    const response = await sync.upload(a.accountant, 'tenants', tenantsFile('Default'), '');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ dryRun: true, created: 1, applied: false });
    expect(await sync.counts(a.companyId)).toEqual(before);
  });

  it('asks for a file', async () => {
    const json = await post('/api/data-sync/import/tenants', {
      payload: JSON.stringify({ name: 'x' }),
      headers: { 'content-type': 'application/json' },
    });
    expect([json.statusCode, json.json().code]).toEqual([400, 'NO_FILE']);
    const boundary = `----lintel${randomUUID()}`;
    const empty = await post('/api/data-sync/import/tenants', {
      payload: `--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect([empty.statusCode, empty.json().code]).toEqual([400, 'NO_FILE']);
  });

  it.each([
    ['a broken multipart body', `multipart/form-data; boundary=----lintel${randomUUID()}`],
    ['multipart without a boundary', 'multipart/form-data'],
  ])('refuses %s with 400', async (_, contentType) => {
    const response = await post('/api/data-sync/import/tenants', {
      payload: 'name\r\nAda\r\n',
      headers: { 'content-type': contentType },
    });
    expect([response.statusCode, response.json().code]).toEqual([400, 'BAD_UPLOAD']);
  });

  it('refuses a file over the limit with 413', async () => {
    const big = Buffer.alloc(IMPORT_MAX_BYTES + 1, 'a');
    const response = await sync.upload(a.accountant, 'tenants', big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'The file is larger than 20 MB. Split it into smaller files and import each.',
    });
  });

  it.each([
    ['an empty file', Buffer.alloc(0), 'EMPTY_FILE'],
    [
      'a picture',
      Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
      'NOT_CSV',
    ],
    ['a spreadsheet file', Buffer.from('504b0304140006000800000021006286', 'hex'), 'NOT_CSV'],
    ['the wrong template', Buffer.from('property_name,property_address\nA,B\n'), 'BAD_HEADER'],
  ])('refuses %s with 400 and says why', async (_, data, code) => {
    const response = await sync.upload(a.accountant, 'tenants', data);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'error', code });
  });

  it.each(IMPORT_KINDS)('checks any values in a %s file with a report, never a crash', async (kind) => {
    const cell = fc.constantFrom(
      ...['', ' ', 'x', '0', '1', '-1', '1e5', '12.5', '101', '100.999', '9999999999999999', 'null'],
      ...['2026-01-01', '2026-02-30', '01/02/2026', 'USD', 'usd', 'EUR', 'active', 'Draft', 'rent', 'other'],
      ...['cash', 'Bank transfer', 'house', 'a@b.co', '=1+1', '"', 'Alpha House', '1 Alpha Street'],
      'Alpha Tenant',
      'y'.repeat(6000),
    );
    const columns = columnNames(kind);
    const file = fc.array(fc.array(cell, { minLength: columns.length, maxLength: columns.length }), {
      minLength: 1,
      maxLength: 8,
    });
    await fc.assert(
      fc.asyncProperty(file, async (rows) => {
        const response = await sync.upload(a.accountant, kind, csvOf([columns, ...rows]));
        expect(response.statusCode).toBe(200);
      }),
      { numRuns: 25 },
    );
  });
});
