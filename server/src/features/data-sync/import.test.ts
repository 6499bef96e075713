import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_HAS_PROBLEMS, Lease, Payment, Property } from '@lintel/contracts';
import { leases, owners, payments, properties, tenants } from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';
import { systemTransact } from '../../db/scope.ts';
import { csvOf, dataSync } from '../../test/data-sync-fixtures.ts';
import { createCompanyWithRoles, createTestApp, expectStatus, type TestApp } from '../../test/harness.ts';
import {
  caller,
  readPropertyAccount,
  readTrialBalance,
  setFinanceSettings,
  type Company,
} from '../../test/money-fixtures.ts';

let t: TestApp;
let co: Company;
let sync: ReturnType<typeof dataSync>;

beforeAll(async () => {
  t = await createTestApp();
  sync = dataSync(t);
  co = await createCompanyWithRoles(t.app);
  // USD and ZWG enabled, 10% commission, 60% to the agent, VAT 15% on the commission.
  await setFinanceSettings(t, co);
});
afterAll(() => t.close());

const inCompany = <T>(read: (tx: Tx) => Promise<T>) => systemTransact(t.database.db, read);
const stored = {
  owners: () => inCompany((tx) => tx.select().from(owners).where(eq(owners.companyId, co.companyId))),
  tenants: () => inCompany((tx) => tx.select().from(tenants).where(eq(tenants.companyId, co.companyId))),
  properties: () =>
    inCompany((tx) => tx.select().from(properties).where(eq(properties.companyId, co.companyId))),
  leases: () => inCompany((tx) => tx.select().from(leases).where(eq(leases.companyId, co.companyId))),
};

describe('templates', () => {
  it('gives each kind its header row as a CSV file', async () => {
    const response = await caller(t)(co.accountant, 'GET', '/api/data-sync/templates/leases');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="lintel-leases-template.csv"');
    expect(response.body).toBe(
      'property_name,property_address,tenant_email,tenant_id_number,tenant_name,start_date,end_date,rent,currency,rent_due_day,deposit,status,terms\r\n',
    );
    const owners = await caller(t)(co.admin, 'GET', '/api/data-sync/templates/owners');
    expect(owners.body.split('\r\n')[0]).toBe(
      'name,email,phone,id_number,bank_name,bank_account_name,bank_account_number,bank_branch,bank_branch_code,notes',
    );
  });
});

const OWNERS = csvOf([
  ['name', 'email', 'phone', 'id_number', 'bank_name', 'bank_account_name', 'bank_account_number', 'notes'],
  ['Moyo, Grace', 'GRACE@example.com', '+263 77 210 4411', '63-1184521-K-42', 'CBZ', 'G Moyo', '0123456', ''],
  ['Takura Family Trust', '', '', 'MT 118/2009', '', '', '', 'Trustees sign jointly,\nboth of them'],
  ['Peter Mutasa', '', '', '', '', '', '', ''],
]);

describe('owners', () => {
  it('checks in a dry run and writes nothing', async () => {
    const report = await sync.dryRun(co.accountant, 'owners', OWNERS);
    expect(report).toEqual({
      kind: 'owners',
      dryRun: true,
      rows: 3,
      created: 3,
      unchanged: 0,
      problems: [],
      applied: false,
    });
    expect(await stored.owners()).toHaveLength(0);
  });

  it('writes every row on apply, and nothing again for the same file', async () => {
    expect(await sync.apply(co.accountant, 'owners', OWNERS)).toMatchObject({ created: 3, applied: true });
    const rows = await stored.owners();
    expect(rows.map((row) => row.name).sort()).toEqual([
      'Moyo, Grace',
      'Peter Mutasa',
      'Takura Family Trust',
    ]);
    const grace = rows.find((row) => row.email === 'grace@example.com')!;
    expect(grace).toMatchObject({
      phone: '+263 77 210 4411',
      idNumber: '63-1184521-K-42',
      bankDetails: { bankName: 'CBZ', accountName: 'G Moyo', accountNumber: '0123456' },
    });
    expect(rows.find((row) => row.idNumber === 'MT 118/2009')!.notes).toBe(
      'Trustees sign jointly,\nboth of them',
    );

    expect(await sync.apply(co.accountant, 'owners', OWNERS)).toMatchObject({
      rows: 3,
      created: 0,
      unchanged: 3,
      applied: true,
    });
    expect(await stored.owners()).toHaveLength(3);
  });

  it('reports each bad row with its row number, column, value and a message', async () => {
    const report = await sync.dryRun(
      co.accountant,
      'owners',
      csvOf([
        ['name', 'email', 'id_number', 'bank_name'],
        ['New Owner', 'not-an-email', '', ''],
        ['', 'nameless@example.com', '', ''],
        ['Twin One', 'twin@example.com', '', ''],
        ['Twin Two', 'TWIN@example.com', '', ''],
        ['Clash', 'clash@example.com', 'MT 118/2009', ''],
        ['Half Bank', 'half@example.com', '', 'CBZ'],
        ['Fine', 'fine@example.com', '', ''],
      ]),
    );
    expect(report.problems).toEqual([
      { row: 2, column: 'email', value: 'not-an-email', message: 'Enter a valid email address' },
      { row: 3, column: 'name', value: '', message: 'Enter the owner’s name' },
      { row: 5, column: 'email', value: 'TWIN@example.com', message: 'Row 4 has the same email.' },
      {
        row: 6,
        column: 'id_number',
        value: 'MT 118/2009',
        message: 'Another owner already has this ID or registration number.',
      },
      { row: 7, column: 'bank_account_name', value: '', message: 'Enter the account name' },
      { row: 7, column: 'bank_account_number', value: '', message: 'Enter the account number' },
    ]);
    expect(report).toMatchObject({ rows: 7, created: 2, unchanged: 0 });
  });
});

const TENANTS = csvOf([
  ['name', 'email', 'phone', 'id_number'],
  ['Tariro Ncube', 'tariro@example.com', '', '29-0981123-S-29'],
  ['Blessing Dube', '', '+263 71 000 0001', '08-2231190-F-07'],
  ['Nameonly Person', '', '', ''],
]);

describe('tenants', () => {
  it('imports, then finds the same people again', async () => {
    expect(await sync.dryRun(co.accountant, 'tenants', TENANTS)).toMatchObject({ created: 3, problems: [] });
    expect(await stored.tenants()).toHaveLength(0);
    expect(await sync.apply(co.accountant, 'tenants', TENANTS)).toMatchObject({ created: 3, applied: true });
    expect(await stored.tenants()).toHaveLength(3);
    expect(await sync.apply(co.accountant, 'tenants', TENANTS)).toMatchObject({ created: 0, unchanged: 3 });
    expect(await stored.tenants()).toHaveLength(3);
  });

  it('refuses an ID number another tenant has, as the tenants feature does', async () => {
    const report = await sync.dryRun(
      co.accountant,
      'tenants',
      csvOf([
        ['name', 'email', 'id_number'],
        ['Someone Else', 'else@example.com', '08-2231190-F-07'],
      ]),
    );
    expect(report.problems).toEqual([
      {
        row: 2,
        column: 'id_number',
        value: '08-2231190-F-07',
        message: 'Another tenant already has this ID number.',
      },
    ]);
  });
});

describe('properties', () => {
  const file = () =>
    // prettier-ignore
    csvOf([
      ['name', 'address', 'type', 'status', 'owner_email', 'owner_id_number', 'owner_name', 'agent_email', 'rent', 'currency', 'commission_rate', 'bedrooms'],
      ['Borrowdale House', '12 Borrowdale Rd, Harare', 'House', '', 'grace@example.com', '', '', co.agent.user.email, '1,200.00', 'USD', '12.5', '4'],
      ['Avondale Flat 2', '5 Lomagundi Rd, Avondale', 'apartment', 'available', '', 'MT 118/2009', '', '', '650', '', '', ''],
      ['Fife Cottage', '9 Fife St, Bulawayo', 'cottage', '', '', '', 'Peter Mutasa', '', '400.5', 'ZWG', '', ''],
    ]);

  it('resolves owners by email, ID number or name and agents by email', async () => {
    expect(await sync.dryRun(co.accountant, 'properties', file())).toMatchObject({
      created: 3,
      problems: [],
    });
    expect(await sync.apply(co.accountant, 'properties', file())).toMatchObject({
      created: 3,
      applied: true,
    });
    const rows = await stored.properties();
    const ownerRows = await stored.owners();
    const ownerNamed = (name: string) => ownerRows.find((owner) => owner.name === name)!.id;
    const house = rows.find((row) => row.name === 'Borrowdale House')!;
    expect(house).toMatchObject({
      type: 'house',
      status: 'available',
      ownerId: ownerNamed('Moyo, Grace'),
      agentId: co.agent.user._id,
      rentCents: 120000,
      currency: 'USD',
      commissionRateBp: 1250,
      bedrooms: 4,
    });
    expect(rows.find((row) => row.name === 'Avondale Flat 2')).toMatchObject({
      ownerId: ownerNamed('Takura Family Trust'),
      agentId: null,
      currency: 'USD',
      commissionRateBp: null,
    });
    expect(rows.find((row) => row.name === 'Fife Cottage')).toMatchObject({
      ownerId: ownerNamed('Peter Mutasa'),
      rentCents: 40050,
      currency: 'ZWG',
    });
    expect(await sync.apply(co.accountant, 'properties', file())).toMatchObject({ created: 0, unchanged: 3 });
  });

  it('reports references that point nowhere and values it cannot read', async () => {
    const report = await sync.dryRun(
      co.accountant,
      'properties',
      csvOf([
        ['name', 'address', 'type', 'owner_email', 'agent_email', 'rent', 'commission_rate'],
        ['Ghost Owned', '1 Nowhere St', 'house', 'ghost@example.com', '', '100', ''],
        ['Agentless', '2 Nowhere St', 'house', '', co.accountant.user.email, '100', ''],
        ['Castle', '3 Nowhere St', 'castle', '', '', 'lots', '120'],
        ['Same Twice', '4 Nowhere St', 'land', '', '', '', ''],
        ['same  twice', '4 NOWHERE st', 'land', '', '', '', ''],
      ]),
    );
    expect(report.problems).toEqual([
      {
        row: 2,
        column: 'owner_email',
        value: 'ghost@example.com',
        message: 'No owner of this company has this email. Import the owners first.',
      },
      {
        row: 3,
        column: 'agent_email',
        value: co.accountant.user.email,
        message:
          'No active agent of this company has this email. Invite the agent first, or leave agent_email empty.',
      },
      {
        row: 4,
        column: 'type',
        value: 'castle',
        message:
          'Use one of: apartment, house, townhouse, cottage, commercial, office, retail, industrial, land, other.',
      },
      { row: 4, column: 'rent', value: 'lots', message: 'Enter an amount such as 1250 or 1250.50' },
      {
        row: 4,
        column: 'commission_rate',
        value: '120',
        message: 'Enter a percentage from 0 to 100, such as 10 or 12.5.',
      },
      { row: 6, column: 'name', value: 'same  twice', message: 'Row 5 has the same name and address.' },
    ]);
    expect(report).toMatchObject({ rows: 5, created: 1 });
  });
});

// prettier-ignore
const LEASES = csvOf([
  ['property_name', 'property_address', 'tenant_email', 'tenant_id_number', 'tenant_name', 'start_date', 'end_date', 'rent', 'currency', 'rent_due_day', 'deposit', 'status'],
  ['Borrowdale House', '12 Borrowdale Rd, Harare', 'tariro@example.com', '', '', '2025-01-01', '2027-12-31', '1200', '', '5', '2400', 'active'],
  ['Borrowdale House', '12 Borrowdale Rd, Harare', '', '', 'Nameonly Person', '2023-01-01', '2024-12-31', '1000', 'USD', '', '', 'expired'],
  ['Fife Cottage', '9 Fife St, Bulawayo', '', '08-2231190-F-07', '', '2025-06-01', '2026-05-31', '400.50', '', '', '', 'Draft'],
]);

describe('leases', () => {
  it('imports leases with their status; an active one lets its property', async () => {
    expect(await sync.dryRun(co.accountant, 'leases', LEASES)).toMatchObject({ created: 3, problems: [] });
    expect(await stored.leases()).toHaveLength(0);
    expect(await sync.apply(co.accountant, 'leases', LEASES)).toMatchObject({ created: 3, applied: true });
    const rows = await stored.leases();
    expect(
      rows.map((row) => [row.startDate, row.status, row.rentCents, row.currency, row.rentDueDay]).sort(),
    ).toEqual([
      ['2023-01-01', 'expired', 100000, 'USD', 1],
      ['2025-01-01', 'active', 120000, 'USD', 5],
      ['2025-06-01', 'draft', 40050, 'ZWG', 1],
    ]);
    const house = (await stored.properties()).find((row) => row.name === 'Borrowdale House')!;
    expect(house.status).toBe('occupied');
    const audit = expectStatus(
      await caller(t)(co.admin, 'GET', `/api/audit?action=property.status_changed&entityId=${house.id}`),
      200,
    );
    expect(audit.data).toMatchObject([{ before: { status: 'available' }, after: { status: 'occupied' } }]);
    expect(await sync.apply(co.accountant, 'leases', LEASES)).toMatchObject({ created: 0, unchanged: 3 });
  });

  it('keeps one active lease per property and checks dates and people', async () => {
    const report = await sync.dryRun(
      co.accountant,
      'leases',
      // prettier-ignore
      csvOf([
        ['property_name', 'property_address', 'tenant_email', 'start_date', 'end_date', 'rent', 'status'],
        ['Borrowdale House', '12 Borrowdale Rd, Harare', 'tariro@example.com', '2028-01-01', '2028-12-31', '1200', 'active'],
        ['Avondale Flat 2', '5 Lomagundi Rd, Avondale', 'tariro@example.com', '2026-01-01', '2026-12-31', '650', 'active'],
        ['Avondale Flat 2', '5 Lomagundi Rd, Avondale', 'tariro@example.com', '2027-01-01', '2027-12-31', '650', 'active'],
        ['Avondale Flat 2', '5 Lomagundi Rd, Avondale', 'nobody@example.com', '2029-01-01', '2028-12-31', '650', 'draft'],
        ['Avondale Flat 2', '5 Lomagundi Rd, Avondale', '', '01/02/2030', '2030-12-31', '650', 'draft'],
      ]),
    );
    expect(report.problems).toEqual([
      {
        row: 2,
        column: 'status',
        value: 'active',
        message: 'This property already has an active lease.',
      },
      {
        row: 4,
        column: 'status',
        value: 'active',
        message: 'Row 3 is also an active lease on this property: one lease per property is active.',
      },
      {
        row: 5,
        column: 'tenant_email',
        value: 'nobody@example.com',
        message: 'No tenant of this company has this email. Import the tenants first.',
      },
      { row: 5, column: 'end_date', value: '2028-12-31', message: 'End date must be after the start date' },
      { row: 6, column: 'tenant_email', value: '', message: 'Enter the tenant’s email, ID number or name.' },
      {
        row: 6,
        column: 'start_date',
        value: '01/02/2030',
        message: 'Enter the start date as YYYY-MM-DD, e.g. 2026-03-01.',
      },
    ]);
    expect(report).toMatchObject({ rows: 5, created: 1 });
  });
});

describe('payments', () => {
  // prettier-ignore
  const file = csvOf([
    ['property_name', 'property_address', 'lease_start_date', 'type', 'amount', 'currency', 'method', 'payment_date', 'reference', 'payer'],
    ['Borrowdale House', '12 Borrowdale Rd, Harare', '2025-01-01', 'deposit', '2400', 'USD', 'bank_transfer', '2025-01-01', 'DEP-1', ''],
    ['Borrowdale House', '12 Borrowdale Rd, Harare', '2025-01-01', 'rent', '1200', 'USD', 'Bank transfer', '2025-01-05', 'JAN', ''],
    ['Borrowdale House', '12 Borrowdale Rd, Harare', '2023-01-01', 'rent', '1000', 'USD', 'cash', '2023-01-03', '', 'Old tenant'],
    ['Avondale Flat 2', '5 Lomagundi Rd, Avondale', '', 'other', '50', 'USD', 'cash', '2025-02-01', 'KEYS', 'Locksmith refund'],
  ]);

  it('posts through the payments feature: split, receipts, ledger, allocations', async () => {
    expect(await sync.dryRun(co.accountant, 'payments', file)).toMatchObject({ created: 4, problems: [] });
    expect(await sync.apply(co.accountant, 'payments', file)).toMatchObject({ created: 4, applied: true });
    const list = expectStatus(await caller(t)(co.accountant, 'GET', '/api/payments?pageSize=100'), 200);
    const posted = (list.data as unknown[]).map((payment) => Payment.parse(payment));
    expect(posted.map((payment) => payment.receiptNumber).sort()).toEqual([
      'RCT-000001',
      'RCT-000002',
      'RCT-000003',
      'RCT-000004',
    ]);
    const rent = posted.find((payment) => payment.reference === 'JAN')!;
    // 12.5% of 1200 on this property, 60% of it to the agent, 15% VAT on the commission.
    expect(rent.split).toEqual({
      commission: 15000,
      agentShare: 9000,
      agencyShare: 6000,
      vat: 2250,
      owner: 102750,
    });
    expect(rent).toMatchObject({
      payerName: 'Tariro Ncube',
      method: 'bank_transfer',
      agentId: co.agent.user._id,
    });
    expect((await readTrialBalance(t, co)).total).toBe(0);
    expect(await sync.ledgerTotals(co.companyId)).toEqual([{ currency: 'USD', total: 0 }]);
    const house = Property.parse(
      (
        expectStatus(await caller(t)(co.admin, 'GET', '/api/properties?q=Borrowdale'), 200).data as unknown[]
      )[0],
    );
    // Owner shares: 1027.50 of this rent and 1000 − 12.5% − VAT of the old one (all held, nothing paid out).
    expect((await readPropertyAccount(t, co.accountant, house._id, 'USD')).balance).toBe(102750 + 85625);
    // The notices of new payments are not raised for history.
    const notices = expectStatus(await caller(t)(co.agent, 'GET', '/api/notifications'), 200);
    expect(notices.data).toEqual([]);
    expect(await sync.apply(co.accountant, 'payments', file)).toMatchObject({ created: 0, unchanged: 4 });
    expect((await sync.counts(co.companyId)).payments).toBe(4);
  });

  it('finds in the dry run what posting would refuse', async () => {
    const report = await sync.dryRun(
      co.accountant,
      'payments',
      // prettier-ignore
      csvOf([
        ['property_name', 'property_address', 'lease_start_date', 'type', 'amount', 'currency', 'method', 'payment_date'],
        ['Fife Cottage', '9 Fife St, Bulawayo', '2025-06-01', 'rent', '400.50', 'ZWG', 'cash', '2025-06-02'],
        ['Borrowdale House', '12 Borrowdale Rd, Harare', '2025-01-01', 'rent', '1200', 'ZWG', 'cash', '2025-02-02'],
        ['Borrowdale House', '12 Borrowdale Rd, Harare', '2024-01-01', 'rent', '1200', 'USD', 'cash', '2025-02-02'],
        ['Borrowdale House', '12 Borrowdale Rd, Harare', '', 'rent', '1200', 'USD', 'cash', '2025-02-02'],
        ['Avondale Flat 2', '5 Lomagundi Rd, Avondale', '', 'other', '10', 'EUR', 'cash', '2025-02-02'],
        ['Avondale Flat 2', '5 Lomagundi Rd, Avondale', '', 'other', '0', 'USD', 'cheque', '2025-02-02'],
      ]),
    );
    expect(report.problems).toEqual([
      {
        row: 2,
        column: 'lease_start_date',
        value: '2025-06-01',
        message: 'This lease is a draft: payments are taken on active or past leases.',
      },
      {
        row: 3,
        column: 'currency',
        value: 'ZWG',
        message: 'This lease is in USD: record the payment in USD.',
      },
      {
        row: 4,
        column: 'lease_start_date',
        value: '2024-01-01',
        message: 'No lease on this property starts on this day. Import the leases first.',
      },
      {
        row: 5,
        column: 'lease_start_date',
        value: '',
        message: 'Enter the start date of the lease this rent is for.',
      },
      {
        row: 6,
        column: 'currency',
        value: 'EUR',
        message: 'EUR is not enabled for this company. Enabled: USD, ZWG.',
      },
      { row: 7, column: 'amount', value: '0', message: 'Amount must be more than zero' },
    ]);
  });
});

describe('opening balances', () => {
  const file = csvOf([
    ['property_name', 'property_address', 'amount', 'currency', 'date', 'description'],
    ['Avondale Flat 2', '5 Lomagundi Rd, Avondale', '310.25', 'USD', '2024-12-31', 'Held at the old agency'],
  ]);

  it('posts money already held for the owner: trust bank in, property account owes it', async () => {
    const property = (await stored.properties()).find((row) => row.name === 'Avondale Flat 2')!;
    const before = await readPropertyAccount(t, co.accountant, property.id, 'USD');
    expect(await sync.dryRun(co.accountant, 'opening-balances', file)).toMatchObject({
      created: 1,
      problems: [],
    });
    expect(await sync.apply(co.accountant, 'opening-balances', file)).toMatchObject({
      created: 1,
      applied: true,
    });
    const after = await readPropertyAccount(t, co.accountant, property.id, 'USD');
    expect(after.balance - before.balance).toBe(31025);
    expect((await readTrialBalance(t, co)).total).toBe(0);
    expect(await sync.apply(co.accountant, 'opening-balances', file)).toMatchObject({
      created: 0,
      unchanged: 1,
    });
    expect((await sync.counts(co.companyId)).openingBalances).toBe(1);
  });
});

describe('applying a file with problems', () => {
  it('refuses it whole with 422, row by row in the details, and writes nothing', async () => {
    const before = await sync.counts(co.companyId);
    const response = await sync.upload(
      co.accountant,
      'tenants',
      csvOf([
        ['name', 'email'],
        ['Good One', 'good.one@example.com'],
        ['Bad Email', 'bad@'],
        ['', 'noname@example.com'],
        ['Good Two', 'good.two@example.com'],
      ]),
      'dryRun=false',
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 'error',
      code: IMPORT_HAS_PROBLEMS,
      message: '2 rows have problems; nothing was imported.',
      details: [
        { path: 'row 3 · email', message: 'Enter a valid email address' },
        { path: 'row 4 · name', message: 'Enter the tenant’s full name' },
      ],
    });
    expect(await sync.counts(co.companyId)).toEqual(before);
  });

  it('lists the first thousand problems of a mostly wrong file, and says how many more there are', async () => {
    const rows = Array.from({ length: 1100 }, (_, index) => [`Person ${index}`, `not-an-email-${index}`]);
    const report = await sync.dryRun(co.accountant, 'tenants', csvOf([['name', 'email'], ...rows]));
    expect(report.problems).toHaveLength(1001);
    expect(report.problems[999]).toMatchObject({ row: 1001, column: 'email' });
    expect(report.problems[1000]).toEqual({
      row: 1002,
      column: '',
      value: '',
      message:
        '100 more problems from this row on are not listed. Fix these first, then check the file again.',
    });
    const refused = await sync.upload(
      co.accountant,
      'tenants',
      csvOf([['name', 'email'], ...rows]),
      'dryRun=false',
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('1,100 rows have problems; nothing was imported.');
    expect(refused.json().details).toHaveLength(100);
  });

  it('reports values beyond the header row', async () => {
    const report = await sync.dryRun(co.accountant, 'tenants', 'name,email\r\nAda,ada@example.com,extra\r\n');
    expect(report.problems).toEqual([
      {
        row: 2,
        column: '',
        value: 'extra',
        message: 'This row has 1 more value than the header row has columns.',
      },
    ]);
  });

  it('leaves one summary entry in the audit log per applied file', async () => {
    const audit = expectStatus(
      await caller(t)(co.admin, 'GET', '/api/audit?action=data_sync.imported&pageSize=100'),
      200,
    );
    const entries = audit.data as { after: { kind: string; created: number } }[];
    expect(entries.length).toBeGreaterThanOrEqual(6);
    expect(entries.some((entry) => entry.after.kind === 'payments' && entry.after.created === 4)).toBe(true);
  });
});

describe('leases imported as active', () => {
  it('is what a lease activated in the editor is', async () => {
    const [lease] = await systemTransact(t.database.db, (tx) =>
      tx
        .select()
        .from(leases)
        .where(and(eq(leases.companyId, co.companyId), eq(leases.status, 'active'))),
    );
    const read = Lease.parse(
      expectStatus(await caller(t)(co.admin, 'GET', `/api/leases/${lease!.id}`), 200).data,
    );
    expect(read.activatedAt).not.toBeNull();
    const allocated = await systemTransact(t.database.db, (tx) =>
      tx.select().from(payments).where(eq(payments.leaseId, lease!.id)),
    );
    expect(allocated.length).toBe(2);
  });
});
