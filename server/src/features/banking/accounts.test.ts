import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankAccountView } from '@lintel/contracts';
import { auditLog } from '../../db/schema/index.ts';
import { insertBankAccount, insertStatementLines } from '../../test/bank-fixtures.ts';
import {
  createCompanyWithRoles,
  createTestApp,
  expectError,
  expectStatus,
  type TestApp,
} from '../../test/harness.ts';
import { caller, setFinanceSettings, type Company } from '../../test/money-fixtures.ts';

const input = (overrides: Record<string, unknown> = {}) => ({
  book: 'trust',
  currency: 'USD',
  name: 'Trust account',
  bankName: 'First Bank',
  accountNumber: '1234567890',
  ...overrides,
});

describe('bank accounts', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let co: Company;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    co = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, co);
  });
  afterAll(() => t.close());

  const list = async (company = co) =>
    BankAccountView.array().parse(
      expectStatus(await call(company.accountant, 'GET', '/api/banking/accounts'), 200).data,
    );

  it('registers one per book and currency, tied to the book’s bank ledger account; a second is 409', async () => {
    const created = BankAccountView.parse(
      expectStatus(await call(co.accountant, 'POST', '/api/banking/accounts', input()), 201).data,
    );
    expect(created).toMatchObject({
      book: 'trust',
      currency: 'USD',
      ledgerAccount: 'trust:bank',
      matchWindowDays: 5,
      csvMapping: null,
      statementDate: null,
      statementBalance: null,
      unmatchedLines: 0,
      reconciledThrough: null,
    });
    const business = BankAccountView.parse(
      expectStatus(
        await call(co.admin, 'POST', '/api/banking/accounts', input({ book: 'business', name: 'Operating' })),
        201,
      ).data,
    );
    expect(business.ledgerAccount).toBe('business:bank');
    const again = expectError(
      await call(co.accountant, 'POST', '/api/banking/accounts', input({ name: 'Another' })),
      409,
      'BANK_ACCOUNT_EXISTS',
    );
    expect(again.message).toBe(
      'There is already a trust bank account in USD: each book has one bank account per currency. Edit that one instead.',
    );
    // ZWG is enabled too: a trust account in it is a different account.
    expectStatus(await call(co.accountant, 'POST', '/api/banking/accounts', input({ currency: 'ZWG' })), 201);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, co.companyId), eq(auditLog.entityId, created._id)));
    expect(audit.map((row) => row.action)).toEqual(['bank_account.created']);
  });

  it('refuses a currency the company has not enabled', async () => {
    const body = expectError(
      await call(co.accountant, 'POST', '/api/banking/accounts', input({ currency: 'EUR' })),
      422,
      'CURRENCY_NOT_ENABLED',
    );
    expect(body.message).toMatch(/EUR is not enabled/);
  });

  it('lists each account with its last statement line, unmatched lines and reconciled date', async () => {
    const other = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, other);
    const id = await insertBankAccount(t, other);
    await insertStatementLines(
      t,
      other,
      id,
      [
        { date: '2026-11-02', amount: 5000 },
        { date: '2026-11-09', amount: -1200 },
        { date: '2026-11-05', amount: 300 },
      ],
      { opening: 10000 },
    );
    const [account] = await list(other);
    expect(account).toMatchObject({
      _id: id,
      statementDate: '2026-11-09',
      // The last line by date (the fixture carries balances in its own order).
      statementBalance: 13800,
      unmatchedLines: 3,
      reconciledThrough: null,
    });
    // Company A sees only its own.
    expect((await list()).map((each) => each._id)).not.toContain(id);
  });

  it('renames an account and changes its window; audited; another company’s is 404', async () => {
    const [account] = await list();
    const updated = BankAccountView.parse(
      expectStatus(
        await call(co.accountant, 'PATCH', `/api/banking/accounts/${account!._id}`, {
          name: 'Clients’ trust',
          matchWindowDays: 7,
        }),
        200,
      ).data,
    );
    expect(updated).toMatchObject({
      name: 'Clients’ trust',
      matchWindowDays: 7,
      bankName: account!.bankName,
    });
    expect(updated.book).toBe(account!.book);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, co.companyId), eq(auditLog.action, 'bank_account.updated')));
    expect(audit).toHaveLength(1);
    // Book and currency are what the account is: not changed by an update.
    expectError(
      await call(co.accountant, 'PATCH', `/api/banking/accounts/${account!._id}`, { currency: 'ZWG' }),
      400,
      'VALIDATION',
    );
    const other = await createCompanyWithRoles(t.app);
    expectError(
      await call(other.accountant, 'PATCH', `/api/banking/accounts/${account!._id}`, { name: 'x' }),
      404,
    );
    expectError(await call(co.accountant, 'PATCH', '/api/banking/accounts/not-an-id', { name: 'x' }), 404);
  });

  it('is for the admin and the accountant only', async () => {
    for (const user of [co.agent, co.owner]) {
      expectError(await call(user, 'GET', '/api/banking/accounts'), 403, 'FORBIDDEN');
      expectError(
        await call(user, 'POST', '/api/banking/accounts', input({ currency: 'ZWG' })),
        403,
        'FORBIDDEN',
      );
    }
    expect((await list()).length).toBe(3);
    expectStatus(await call(co.admin, 'GET', '/api/banking/accounts'), 200);
  });
});
