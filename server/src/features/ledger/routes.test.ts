import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChartAccount, Journal, JournalDetail, StatementReply, TrialBalance } from '@lintel/contracts';
import { createCompanyWithRoles, createTestApp, expectStatus, type TestApp } from '../../test/harness.ts';
import {
  caller,
  createLetProperty,
  recordPayment,
  rentBody,
  setFinanceSettings,
} from '../../test/money-fixtures.ts';
import { sourceOf } from './general.ts';

describe('general ledger API', () => {
  let t: TestApp;
  let co: Awaited<ReturnType<typeof createCompanyWithRoles>>;
  let other: Awaited<ReturnType<typeof createCompanyWithRoles>>;
  let let1: Awaited<ReturnType<typeof createLetProperty>>;
  let paymentJournal: string;
  const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(t)(...args);
  const journalsOf = async (query: string) => {
    const page = expectStatus(await call(co.accountant, 'GET', `/api/ledger/journals?${query}`), 200);
    return { items: Journal.array().parse(page.data), meta: page.meta as { total: number } };
  };

  beforeAll(async () => {
    t = await createTestApp();
    co = await createCompanyWithRoles(t.app);
    other = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, co);
    let1 = await createLetProperty(t, co, { currency: 'USD', rent: 100000 });
    await recordPayment(t, co.accountant, rentBody(let1.lease, 100000, { paymentDate: '2026-10-01' }));
    const reversed = await recordPayment(
      t,
      co.accountant,
      rentBody(let1.lease, 5000, { paymentDate: '2026-10-02' }),
    );
    expectStatus(
      await call(co.accountant, 'POST', `/api/payments/${reversed._id}/reverse`, { reason: 'Bounced' }),
      200,
    );
    paymentJournal = (await journalsOf('book=trust&from=2026-10-01&to=2026-10-01')).items[0]!._id;
    expectStatus(
      await call(co.accountant, 'POST', '/api/payouts', {
        accountType: 'property',
        accountId: let1.property._id,
        amount: 20000,
        currency: 'USD',
        method: 'bank_transfer',
        payoutDate: '2026-10-03',
      }),
      201,
    );
  }, 60_000);
  afterAll(() => t.close());

  it('maps journal kinds to sources in one place', () => {
    expect(sourceOf('payment_rent')).toBe('payment');
    expect(sourceOf('payment_rent_reversal')).toBe('reversal');
    expect(sourceOf('payout')).toBe('payout');
    expect(sourceOf('expense')).toBe('expense');
    expect(sourceOf('fee_transfer')).toBe('transfer');
    expect(sourceOf('invoice_paid')).toBe('invoice');
    expect(sourceOf('deposit_release')).toBe('deposit');
    expect(sourceOf('opening_balance')).toBe('opening');
    expect(sourceOf('levy_charge')).toBe('levy');
    expect(sourceOf('something_else')).toBe('other');
  });

  it('lists journals newest first with their lines, each book balancing, and filters them', async () => {
    const all = await journalsOf('pageSize=100');
    // Rent: trust + business; the reversed payment and its reversal: 2 + 2; payout: trust.
    expect(all.meta.total).toBe(7);
    const dates = all.items.map((journal) => journal.entryDate);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const journal of all.items) {
      expect(journal.lines.every((line) => line.book === journal.book)).toBe(true);
      expect(journal.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(0);
    }
    const trust = await journalsOf('book=trust&pageSize=100');
    expect(trust.items.every((journal) => journal.book === 'trust')).toBe(true);
    expect(trust.meta.total).toBe(4);
    expect((await journalsOf('source=reversal')).items.map((journal) => journal.source)).toEqual([
      'reversal',
      'reversal',
    ]);
    const payouts = await journalsOf('source=payout');
    expect(payouts.items).toHaveLength(1);
    expect(payouts.items[0]!.lines.find((line) => line.account === 'trust:bank')).toMatchObject({
      label: 'Trust bank',
      amount: -20000,
    });
    expect(payouts.items[0]!.lines.find((line) => line.account.startsWith('property:'))!.label).toBe(
      `Owner ledger — ${let1.property.name}`,
    );
    const onProperty = await journalsOf(`account=${encodeURIComponent(`property:${let1.property._id}`)}`);
    expect(onProperty.meta.total).toBe(4);
    expect((await journalsOf('account=business:vat-payable')).items.every((j) => j.book === 'business')).toBe(
      true,
    );
    // The reversal is dated the day it was made.
    expect((await journalsOf('from=2026-10-02&to=2026-10-02')).meta.total).toBe(2);
    expect((await journalsOf('currency=ZWG')).meta.total).toBe(0);
    const paged = await journalsOf('pageSize=3&page=3');
    expect(paged.items).toHaveLength(1);
    expect(paged.meta.total).toBe(7);
    expectStatus(await call(co.accountant, 'GET', '/api/ledger/journals?from=2026-10-05&to=2026-10-01'), 400);
  });

  it('one journal names the other book’s half; another company’s journal is not found', async () => {
    const trust = JournalDetail.parse(
      expectStatus(await call(co.admin, 'GET', `/api/ledger/journals/${paymentJournal}`), 200).data,
    );
    expect(trust.book).toBe('trust');
    expect(trust.linkedJournalIds).toHaveLength(1);
    const business = JournalDetail.parse(
      expectStatus(await call(co.admin, 'GET', `/api/ledger/journals/${trust.linkedJournalIds[0]}`), 200)
        .data,
    );
    expect(business).toMatchObject({
      book: 'business',
      linkedId: paymentJournal,
      linkedJournalIds: [paymentJournal],
    });
    expect(business.lines.map((line) => line.label)).toContain('Commission income');
    expectStatus(await call(other.accountant, 'GET', `/api/ledger/journals/${paymentJournal}`), 404);
    expectStatus(await call(co.accountant, 'GET', '/api/ledger/journals/not-a-uuid'), 404);
    expect((await call(other.accountant, 'GET', '/api/ledger/journals')).json().meta.total).toBe(0);
  });

  it('the chart of accounts lists both books with labels, types and balances', async () => {
    const chart = ChartAccount.array().parse(
      expectStatus(await call(co.accountant, 'GET', '/api/ledger/accounts?currency=USD'), 200).data,
    );
    const byName = new Map(chart.map((account) => [account.account, account]));
    expect(byName.get('trust:bank')).toMatchObject({
      label: 'Trust bank',
      book: 'trust',
      type: 'asset',
      balances: [{ currency: 'USD', balance: 80000 }],
    });
    expect(byName.get('business:fee-income')).toMatchObject({
      book: 'business',
      type: 'income',
      balances: [],
    });
    expect(byName.get(`agent:${co.agent.user._id}`)!.label).toMatch(/^Agents payable — /);
    expect(chart[0]!.book).toBe('trust');
    expect(chart.at(-1)!.book).toBe('business');
    const tb = TrialBalance.parse(
      expectStatus(await call(co.accountant, 'GET', '/api/ledger/trial-balance?currency=USD'), 200).data,
    );
    expect(tb.accounts.find((row) => row.account === `property:${let1.property._id}`)!.label).toBe(
      `Owner ledger — ${let1.property.name}`,
    );
    expect(tb.books.map((book) => book.total)).toEqual([0, 0]);
  });

  it('gives any account a statement; the bank reads debit-positive', async () => {
    const url = `/api/ledger/accounts/${encodeURIComponent('trust:bank')}/statement?from=2026-10-01&to=2026-10-31&currency=USD`;
    const bank = StatementReply.parse(expectStatus(await call(co.accountant, 'GET', url), 200));
    expect(bank.data).toMatchObject({ subject: 'Trust bank', openingBalance: 0, closingBalance: 85000 });
    expect(bank.data.moneyIn).toBe(105000);
    expect(bank.data.moneyOut).toBe(20000);
    expect(bank.meta.total).toBe(3);
    const csv = await call(co.accountant, 'GET', url.replace('currency=USD', 'currency=USD&format=csv'));
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Closing balance');
    const owner = StatementReply.parse(
      expectStatus(
        await call(
          co.accountant,
          'GET',
          `/api/ledger/accounts/property:${let1.property._id}/statement?from=2026-10-01&to=2026-10-31&currency=USD`,
        ),
        200,
      ),
    );
    expect(owner.data.closingBalance).toBe(
      expectStatus(
        await call(
          co.accountant,
          'GET',
          `/api/accounts/properties/${let1.property._id}/statement?from=2026-10-01&to=2026-10-31&currency=USD`,
        ),
        200,
      ).data.closingBalance,
    );
    for (const account of ['nowhere:1', `property:${crypto.randomUUID()}`]) {
      expectStatus(
        await call(
          co.accountant,
          'GET',
          `/api/ledger/accounts/${encodeURIComponent(account)}/statement?from=2026-10-01&to=2026-10-31&currency=USD`,
        ),
        404,
      );
    }
    expectStatus(
      await call(
        other.accountant,
        'GET',
        `/api/ledger/accounts/property:${let1.property._id}/statement?from=2026-10-01&to=2026-10-31&currency=USD`,
      ),
      404,
    );
  });

  it('only admin and accountant read the general ledger', async () => {
    for (const user of [co.agent, co.owner]) {
      for (const url of ['/api/ledger/journals', '/api/ledger/accounts', '/api/ledger/export']) {
        expectStatus(await call(user, 'GET', url), 403);
      }
    }
  });
});
