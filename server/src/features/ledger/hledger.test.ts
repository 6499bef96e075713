import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKS, TrialBalance, type Book } from '@lintel/contracts';
import type { Database } from '../../db/client.ts';
import { openDatabase } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { buildApp } from '../../app.ts';
import { DEMO_PASSWORD, seedDemoData } from '../demo/index.ts';
import {
  createCompanyWithRoles,
  createTestApp,
  expectStatus,
  injectAs,
  type SignedIn,
  type TestApp,
} from '../../test/harness.ts';
import {
  createLetProperty,
  recordPayment,
  rentBody,
  setFinanceSettings,
  terminateLease,
} from '../../test/money-fixtures.ts';

/**
 * The general ledger's export checked by hledger, an accounting tool of its own: each book's
 * journal must pass `hledger check`, and hledger's balance of every account must equal Lintel's
 * trial balance (scripts/ensure-hledger.mjs installs hledger).
 */
const folder = mkdtempSync(join(tmpdir(), 'lintel-hledger-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const hledger = (...args: string[]) => execFileSync('hledger', args, { encoding: 'utf8' });

const cents = (text: string) => {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new Error(`Not an amount: ${text}`);
  const value = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] ? -value : value;
};

/** hledger's balance of every account in one commodity: `balance --flat -O csv`. */
function hledgerBalances(file: string, currency: string) {
  const rows = parse(hledger('-f', file, 'balance', '--flat', '--empty', `cur:^${currency}$`, '-O', 'csv'), {
    skip_empty_lines: true,
  });
  const balances = new Map<string, number>();
  for (const [account, amount] of rows.slice(1)) {
    if (account === 'total') continue;
    // One commodity per query: "USD -12.50", or "0" for an account that nets to nothing.
    const value = amount === '0' ? 0 : cents(amount!.replace(currency, ''));
    balances.set(account!, value);
  }
  const total = rows.find((row) => row[0] === 'total')?.[1] ?? '0';
  return { balances, total: total === '0' ? 0 : cents(total.replace(currency, '')) };
}

async function checkBooks(app: FastifyInstance, accountant: SignedIn, currencies: string[]) {
  let journals = 0;
  for (const book of BOOKS) {
    const response = await injectAs(app, accountant, 'GET', `/api/ledger/export?book=${book}&format=ledger`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`filename="lintel-${book}-ledger-\\d{4}-\\d{2}-\\d{2}\\.journal"`),
    );
    const file = join(folder, `${book}-${Math.random().toString(36).slice(2)}.journal`);
    writeFileSync(file, response.body);
    // Throws (non-zero exit) on any error: unbalanced transaction, bad syntax, undeclared account.
    hledger('-f', file, 'check');
    hledger('-f', file, 'check', 'ordereddates', 'accounts', 'commodities');
    journals += Number(hledger('-f', file, 'stats').match(/^Transactions\s*:\s*(\d+)/m)?.[1] ?? 0);
    for (const currency of currencies) {
      const lintel = TrialBalance.parse(
        expectStatus(
          await injectAs(
            app,
            accountant,
            'GET',
            `/api/ledger/trial-balance?book=${book}&currency=${currency}`,
          ),
          200,
        ).data,
      );
      const { balances, total } = hledgerBalances(file, currency);
      expect(total).toBe(0);
      expect(lintel.books[0]!.total).toBe(0);
      const nonZero = new Map([...balances].filter(([, balance]) => balance !== 0));
      expect(nonZero).toEqual(new Map(lintel.accounts.map((row) => [row.account, row.balance])));
      expect(lintel.accounts.every((row) => row.book === book)).toBe(true);
    }
  }
  return journals;
}

/** The CSV export's debits equal its credits in each book and currency. */
async function checkCsv(app: FastifyInstance, accountant: SignedIn) {
  const response = await injectAs(app, accountant, 'GET', '/api/ledger/export?format=csv');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/csv/);
  const rows = parse<Record<string, string>>(response.body, { columns: true });
  expect(Object.keys(rows[0]!)).toEqual([
    'Date',
    'Journal',
    'Book',
    'Reference',
    'Description',
    'Account',
    'Currency',
    'Debit',
    'Credit',
  ]);
  const sums = new Map<string, { debit: number; credit: number }>();
  for (const row of rows) {
    const key = `${row.Book} ${row.Currency}`;
    const sum = sums.get(key) ?? { debit: 0, credit: 0 };
    sum.debit += row.Debit ? cents(row.Debit) : 0;
    sum.credit += row.Credit ? cents(row.Credit) : 0;
    sums.set(key, sum);
  }
  expect(sums.size).toBeGreaterThan(0);
  for (const [key, sum] of sums) {
    expect({ key, ...sum }).toEqual({ key, debit: sum.credit, credit: sum.credit });
    expect(sum.debit).toBeGreaterThan(0);
  }
  return { rows, books: new Set(rows.map((row) => row.Book as Book)) };
}

describe('the general ledger in hledger, on generated data', () => {
  let t: TestApp;
  let co: Awaited<ReturnType<typeof createCompanyWithRoles>>;
  beforeAll(async () => {
    t = await createTestApp();
    co = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, co);
    const call = (user: SignedIn, method: 'POST', url: string, body: Record<string, unknown>) =>
      injectAs(t.app, user, method, url, body);
    const usd = await createLetProperty(t, co, { currency: 'USD', rent: 120000, deposit: 50000 });
    const zwg = await createLetProperty(t, co, { currency: 'ZWG', rent: 99999 });
    await recordPayment(t, co.accountant, rentBody(usd.lease, 120000, { paymentDate: '2026-10-03' }));
    await recordPayment(
      t,
      co.accountant,
      rentBody(usd.lease, 50000, { type: 'deposit', paymentDate: '2026-10-03', reference: 'DEP (1); x' }),
    );
    await recordPayment(
      t,
      co.accountant,
      rentBody(zwg.lease, 99999, { paymentDate: '2026-10-05', reference: 'multi\nline; ref' }),
    );
    const bounced = await recordPayment(
      t,
      co.accountant,
      rentBody(usd.lease, 33333, { paymentDate: '2026-10-07' }),
    );
    expectStatus(
      await call(co.accountant, 'POST', `/api/payments/${bounced._id}/reverse`, { reason: 'Bounced' }),
      200,
    );
    expectStatus(
      await call(co.accountant, 'POST', '/api/expenses', {
        propertyId: usd.property._id,
        supplier: 'Pipe; Works\nLtd',
        description: 'Geyser  ;  repair',
        amount: 15000,
        currency: 'USD',
        method: 'cash',
        expenseDate: '2026-10-10',
      }),
      201,
    );
    for (const body of [
      { accountType: 'property', accountId: usd.property._id, amount: 50000, currency: 'USD' },
      { accountType: 'property', accountId: zwg.property._id, amount: 10000, currency: 'ZWG' },
      { accountType: 'agent', accountId: co.agent.user._id, amount: 1000, currency: 'USD' },
    ]) {
      expectStatus(
        await call(co.accountant, 'POST', '/api/payouts', {
          method: 'bank_transfer',
          payoutDate: '2026-10-20',
          ...body,
        }),
        201,
      );
    }
    await terminateLease(t, co, usd.lease._id);
    expectStatus(
      await call(co.accountant, 'POST', `/api/leases/${usd.lease._id}/deposit/release`, {
        toTenant: 40000,
        toProperty: 10000,
        currency: 'USD',
        reason: 'Moved out',
      }),
      200,
    );
  }, 120_000);
  afterAll(() => t.close());

  it('each book passes hledger check and balances as Lintel says, in both currencies', async () => {
    const journals = await checkBooks(t.app, co.accountant, ['USD', 'ZWG']);
    expect(journals).toBeGreaterThan(8);
  });

  it("the CSV's debits equal its credits per book and currency", async () => {
    const { books } = await checkCsv(t.app, co.accountant);
    expect(books).toEqual(new Set(['trust', 'business']));
  });

  it('descriptions and references cannot break the journal format', async () => {
    const body = (await injectAs(t.app, co.accountant, 'GET', '/api/ledger/export?format=ledger')).body;
    // Whole ledger (both books) in one file is valid too.
    const file = join(folder, 'both.journal');
    writeFileSync(file, body);
    hledger('-f', file, 'check', 'ordereddates');
    const transactions = body.split('\n').filter((line) => /^\d{4}-\d{2}-\d{2}/.test(line));
    expect(transactions.some((line) => line.includes('(DEP 1, x)'))).toBe(true);
    expect(transactions.some((line) => line.includes('(multi line, ref)'))).toBe(true);
    expect(transactions.some((line) => line.includes('Pipe, Works Ltd: Geyser , repair'))).toBe(true);
    for (const line of transactions) expect(line.slice(10)).not.toMatch(/;|\s{2}/);
    expect(body).toMatch(/\n {4}trust:bank {2}USD -?\d+\.\d{2}\n/);
    // hledger reads the amounts we wrote: the register shows the reversal's negative rent.
    const register = hledger('-f', file, 'register', 'trust:bank', 'cur:USD', '-O', 'csv');
    expect(register).toContain('-333.33');
  });

  it('only bookkeepers export', async () => {
    expectStatus(await injectAs(t.app, co.agent, 'GET', '/api/ledger/export?format=ledger'), 403);
    expectStatus(await injectAs(t.app, co.owner, 'GET', '/api/ledger/export?format=ledger'), 403);
    expect((await injectAs(t.app, co.admin, 'GET', '/api/ledger/export?format=ledger')).statusCode).toBe(200);
  });
});

describe('the general ledger in hledger, on the demo company', () => {
  let database: Database;
  let app: FastifyInstance;
  let accountant: SignedIn;
  beforeAll(async () => {
    // Demo data is for an empty database: always a private embedded one.
    database = await openDatabase({});
    await migrateDatabase(database);
    expect(await seedDemoData(database.db)).toBe(true);
    app = await buildApp({
      database,
      config: {
        jwtSecret: 'test-signing-secret-that-is-long-enough',
        cookieSecure: false,
        logLevel: 'silent',
        prettyLogs: false,
      },
    });
    await app.ready();
    const session = expectStatus(
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'accountant@demo.test', password: DEMO_PASSWORD },
      }),
      200,
    );
    accountant = { ...session, auth: { authorization: `Bearer ${session.token}` } };
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('each book passes hledger check and matches the trial balance in every currency', async () => {
    const { rows } = await checkCsv(app, accountant);
    const currencies = [...new Set(rows.map((row) => row.Currency!))];
    expect(currencies.length).toBeGreaterThan(0);
    const journals = await checkBooks(app, accountant, currencies);
    expect(journals).toBeGreaterThan(100);
  }, 180_000);
});
