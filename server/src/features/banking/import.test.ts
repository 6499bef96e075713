import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BankAccountView,
  BankStatementView,
  STATEMENT_MAX_BYTES,
  StatementImportReport,
  type CsvStatementMapping,
} from '@lintel/contracts';
import { auditLog, bankLines, bankStatements } from '../../db/schema/index.ts';
import {
  createCompanyWithRoles,
  createTestApp,
  expectError,
  expectStatus,
  type SignedIn,
  type TestApp,
} from '../../test/harness.ts';
import { caller, setFinanceSettings, type Company } from '../../test/money-fixtures.ts';
import { BANK_CSV_MAPPING, statementBody, statementFixture } from '../../test/statement-fixtures.ts';

const fixture = statementFixture;

describe('bank statement import', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
  });
  afterAll(() => t.close());

  const companyWithAccount = async (account: Record<string, unknown> = {}) => {
    const co = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, co);
    const created = BankAccountView.parse(
      expectStatus(
        await call(co.accountant, 'POST', '/api/banking/accounts', {
          book: 'trust',
          currency: 'USD',
          name: 'Trust',
          bankName: 'First Bank',
          accountNumber: '1234567890',
          ...account,
        }),
        201,
      ).data,
    );
    return { co, accountId: created._id };
  };

  const upload = (
    user: SignedIn,
    accountId: string,
    fileName: string,
    data: Buffer,
    options: { mapping?: CsvStatementMapping | string; query?: Record<string, string> } = {},
  ) => {
    const body = statementBody(fileName, data, options.mapping);
    const query = new URLSearchParams(options.query ?? {});
    return t.app.inject({
      method: 'POST',
      url: `/api/banking/accounts/${accountId}/statements?${query}`,
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
  };
  const dryRun = async (
    co: Company,
    accountId: string,
    name: string,
    mapping?: CsvStatementMapping,
    data?: Buffer,
  ) =>
    StatementImportReport.parse(
      expectStatus(await upload(co.accountant, accountId, name, data ?? fixture(name), { mapping }), 200)
        .data,
    );
  const apply = async (
    co: Company,
    accountId: string,
    name: string,
    mapping?: CsvStatementMapping,
    data?: Buffer,
  ) =>
    StatementImportReport.parse(
      expectStatus(
        await upload(co.accountant, accountId, name, data ?? fixture(name), {
          mapping,
          query: { dryRun: 'false' },
        }),
        200,
      ).data,
    );
  const linesOf = (accountId: string) =>
    t.database.db
      .select()
      .from(bankLines)
      .where(eq(bankLines.bankAccountId, accountId))
      .orderBy(asc(bankLines.lineDate), asc(bankLines.createdAt), asc(bankLines.position));
  const statementsOf = (accountId: string) =>
    t.database.db.select().from(bankStatements).where(eq(bankStatements.bankAccountId, accountId));
  const accountOf = async (co: Company, accountId: string) =>
    BankAccountView.array()
      .parse(expectStatus(await call(co.accountant, 'GET', '/api/banking/accounts'), 200).data)
      .find((each) => each._id === accountId)!;

  describe('a CSV statement with the bank’s own columns', () => {
    let co: Company;
    let accountId: string;
    beforeAll(async () => {
      ({ co, accountId } = await companyWithAccount());
    });

    it('asks for a column mapping first, listing the file’s columns', async () => {
      const body = expectError(
        await upload(co.accountant, accountId, 'statement.csv', fixture('statement.csv')),
        422,
        'MAPPING_REQUIRED',
      );
      expect(body.message).toBe(
        'This bank account has no CSV column mapping yet. Map its columns (date, description, amount or debit and credit, balance): Date, Description, Reference, Money out, Money in, Balance.',
      );
      expect(body.details.map((each: { message: string }) => each.message)).toEqual([
        'Date',
        'Description',
        'Reference',
        'Money out',
        'Money in',
        'Balance',
      ]);
    });

    it('dry run: every line, balances, no problems, and nothing written', async () => {
      const report = await dryRun(co, accountId, 'statement.csv', BANK_CSV_MAPPING);
      expect(report).toMatchObject({
        format: 'csv',
        currency: 'USD',
        fromDate: '2026-11-02',
        toDate: '2026-11-10',
        openingBalance: 100000,
        closingBalance: 203475,
        added: 4,
        duplicates: 0,
        problems: [],
        applied: false,
        statementId: null,
      });
      expect(report.lines.map((line) => [line.line, line.amount, line.balance, line.duplicate])).toEqual([
        [5, 120000, 220000, false],
        [6, -1550, 218450, false],
        [7, -90000, 128450, false],
        [8, 75025, 203475, false],
      ]);
      expect(await statementsOf(accountId)).toEqual([]);
      expect(await linesOf(accountId)).toEqual([]);
      expect((await accountOf(co, accountId)).csvMapping).toBeNull();
    });

    it('apply: the statement, its lines and the mapping saved, audited', async () => {
      const report = await apply(co, accountId, 'statement.csv', BANK_CSV_MAPPING);
      expect(report).toMatchObject({
        applied: true,
        added: 4,
        duplicates: 0,
        statementId: expect.any(String),
      });
      const lines = await linesOf(accountId);
      expect(
        lines.map((line) => [
          line.lineDate,
          line.amountCents,
          line.balanceCents,
          line.reference,
          line.matchId,
        ]),
      ).toEqual([
        ['2026-11-02', 120000, 220000, 'RCT-000001', null],
        ['2026-11-03', -1550, 218450, null, null],
        ['2026-11-05', -90000, 128450, 'PO-000001', null],
        ['2026-11-10', 75025, 203475, 'LEASE-42', null],
      ]);
      expect(lines[0]!.identity).toBe('2026-11-02|120000|RCT-000001|220000');
      const account = await accountOf(co, accountId);
      expect(account).toMatchObject({
        csvMapping: BANK_CSV_MAPPING,
        statementDate: '2026-11-10',
        statementBalance: 203475,
        unmatchedLines: 4,
      });
      const [statement] = await statementsOf(accountId);
      expect(statement).toMatchObject({
        id: report.statementId,
        format: 'csv',
        fileName: 'statement.csv',
        openingCents: 100000,
        closingCents: 203475,
        lineCount: 4,
        addedCount: 4,
      });
      const audit = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.companyId, co.companyId), eq(auditLog.entityId, report.statementId!)));
      expect(audit.map((row) => row.action)).toEqual(['bank_statement.imported']);
    });

    it('the same file again, with no mapping sent: the saved one reads it, and it adds nothing', async () => {
      const preview = await dryRun(co, accountId, 'statement.csv');
      expect(preview.lines.every((line) => line.duplicate)).toBe(true);
      expect(preview).toMatchObject({ added: 0, duplicates: 4 });
      const report = await apply(co, accountId, 'statement.csv');
      expect(report).toMatchObject({ applied: true, added: 0, duplicates: 4 });
      expect(await linesOf(accountId)).toHaveLength(4);
    });

    it('an overlapping file adds only its new lines', async () => {
      const preview = await dryRun(co, accountId, 'statement-overlap.csv');
      expect(preview.lines.map((line) => line.duplicate)).toEqual([true, true, false, false]);
      const report = await apply(co, accountId, 'statement-overlap.csv');
      expect(report).toMatchObject({
        added: 2,
        duplicates: 2,
        openingBalance: 218450,
        closingBalance: 257475,
      });
      const lines = await linesOf(accountId);
      expect(lines.map((line) => line.balanceCents)).toEqual([
        220000, 218450, 128450, 203475, 253475, 257475,
      ]);
      expect((await accountOf(co, accountId)).unmatchedLines).toBe(6);
    });

    it('lists the imports newest first, with who imported each', async () => {
      const page = expectStatus(
        await call(co.admin, 'GET', `/api/banking/accounts/${accountId}/statements`),
        200,
      );
      const statements = BankStatementView.array().parse(page.data);
      expect(page.meta.total).toBe(3);
      expect(statements.map((each) => [each.fileName, each.lineCount, each.addedCount])).toEqual([
        ['statement-overlap.csv', 4, 2],
        ['statement.csv', 4, 0],
        ['statement.csv', 4, 4],
      ]);
      const { firstName, lastName } = co.accountant.user;
      expect(statements[0]!.importedByName).toBe(`${firstName} ${lastName}`.trim());
    });

    it('a balance that does not follow is refused with its line, and nothing is written', async () => {
      const { co: other, accountId: otherId } = await companyWithAccount();
      const preview = await dryRun(other, otherId, 'statement-break.csv', BANK_CSV_MAPPING);
      const problem =
        'Line 4: the balance 1,300.00 does not follow from the line before (expected 1,284.50).';
      expect(preview.problems).toEqual([{ line: 4, message: problem }]);
      const body = expectError(
        await upload(other.accountant, otherId, 'statement-break.csv', fixture('statement-break.csv'), {
          mapping: BANK_CSV_MAPPING,
          query: { dryRun: 'false' },
        }),
        422,
        'STATEMENT_HAS_PROBLEMS',
      );
      expect(body.message).toBe(`The statement has 1 problem, so nothing was imported. ${problem}`);
      expect(body.details).toEqual([{ path: 'line 4', message: problem }]);
      expect(await statementsOf(otherId)).toEqual([]);
      expect(await linesOf(otherId)).toEqual([]);
      expect((await accountOf(other, otherId)).csvMapping).toBeNull();
    });

    it('unreadable dates and amounts are problems by line', async () => {
      const preview = await dryRun(co, accountId, 'statement-bad-date.csv');
      expect(preview.problems.map((problem) => problem.line)).toEqual([3, 4]);
      expect(preview.lines.map((line) => line.line)).toEqual([2]);
    });

    it('a saved mapping that does not fit the file asks for a mapping again', async () => {
      const body = expectError(
        await upload(co.accountant, accountId, 'statement-amount.csv', fixture('statement-amount.csv')),
        422,
        'MAPPING_REQUIRED',
      );
      expect(body.message).toMatch(
        /^The saved mapping names the column “Date”, which this file does not have\./,
      );
      expect(body.details.map((each: { message: string }) => each.message)).toEqual([
        'Booking date',
        'Text',
        'Payer',
        'Amount',
      ]);
      expectError(
        await upload(co.accountant, accountId, 'statement.csv', fixture('statement.csv'), {
          mapping: '{"date":',
        }),
        400,
        'MAPPING_INVALID',
      );
      expectError(
        await upload(co.accountant, accountId, 'statement.csv', fixture('statement.csv'), {
          mapping: JSON.stringify({ date: 'Date', description: 'Description', dateFormat: 'DD/MM/YYYY' }),
        }),
        400,
        'MAPPING_INVALID',
      );
    });

    it('a signed amount column with no balances carries from the opening given', async () => {
      const { co: other, accountId: otherId } = await companyWithAccount();
      const mapping: CsvStatementMapping = {
        date: 'Booking date',
        description: 'Text',
        counterparty: 'Payer',
        amount: 'Amount',
        dateFormat: 'YYYY-MM-DD',
        decimalComma: true,
      };
      const body = statementBody('statement-amount.csv', fixture('statement-amount.csv'), mapping);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/banking/accounts/${otherId}/statements?dryRun=false&openingBalance=50000`,
        headers: { ...other.accountant.auth, ...body.headers },
        payload: body.payload,
      });
      const report = StatementImportReport.parse(expectStatus(response, 200).data);
      expect(report).toMatchObject({ openingBalance: 50000, closingBalance: 78450, added: 3 });
      expect((await linesOf(otherId)).map((line) => [line.balanceCents, line.counterparty])).toEqual([
        [170000, 'J Moyo'],
        [168450, null],
        [78450, 'Alice Owner'],
      ]);
    });
  });

  describe('OFX and camt.053 statements', () => {
    it('OFX 1.x then OFX 2: bank transaction ids keep each line once across both', async () => {
      const { co, accountId } = await companyWithAccount();
      const first = await apply(co, accountId, 'statement.ofx');
      expect(first).toMatchObject({
        format: 'ofx',
        openingBalance: 100000,
        closingBalance: 128450,
        added: 3,
      });
      const second = await apply(co, accountId, 'statement-v2.qfx');
      expect(second).toMatchObject({
        format: 'ofx',
        openingBalance: 100000,
        closingBalance: 203475,
        added: 1,
      });
      expect(second.lines.map((line) => line.duplicate)).toEqual([true, true, true, false]);
      const lines = await linesOf(accountId);
      expect(lines.map((line) => [line.identity, line.balanceCents, line.counterparty])).toEqual([
        ['id:202611020001', 220000, 'J MOYO'],
        ['id:202611030001', 218450, 'MONTHLY ACCOUNT FEE'],
        ['id:202611050001', 128450, 'ALICE OWNER'],
        ['id:202611100001', 203475, 'T NCUBE & SONS'],
      ]);
    });

    it('camt.053: entries with references, parties and the stated balances', async () => {
      const { co, accountId } = await companyWithAccount({ book: 'business' });
      const report = await apply(co, accountId, 'camt053.xml');
      expect(report).toMatchObject({
        format: 'camt053',
        openingBalance: 100000,
        closingBalance: 128450,
        added: 3,
      });
      const lines = await linesOf(accountId);
      expect(
        lines.map((line) => [line.bankTransactionId, line.reference, line.counterparty, line.description]),
      ).toEqual([
        ['BNK20261102-0001', 'RCT-000001', 'Joseph Moyo', 'Rent November 12 Acacia Road'],
        ['BNK20261103-0001', null, null, 'Monthly account fee'],
        ['BNK20261105-0001', 'PO-000001', 'Alice Owner', 'Owner payout November'],
      ]);
      expect((await apply(co, accountId, 'camt053.xml')).added).toBe(0);
    });

    it('a truncated file is 422 saying where, and writes nothing', async () => {
      const { co, accountId } = await companyWithAccount();
      const body = expectError(
        await upload(co.accountant, accountId, 'camt053-truncated.xml', fixture('camt053-truncated.xml'), {
          query: { dryRun: 'false' },
        }),
        422,
        'STATEMENT_INVALID',
      );
      expect(body.message).toMatch(/^The camt\.053 file could not be read: it ends \(line 96, column 3\)/);
      const empty = expectError(
        await upload(co.accountant, accountId, 'empty.ofx', fixture('statement-empty.ofx')),
        422,
        'STATEMENT_INVALID',
      );
      expect(empty.message).toMatch(/no transactions/);
      expect(await statementsOf(accountId)).toEqual([]);
    });

    it('a statement in another currency is a problem, and refused on apply', async () => {
      const { co, accountId } = await companyWithAccount({ currency: 'ZWG' });
      const preview = await dryRun(co, accountId, 'statement.ofx');
      expect(preview.problems).toEqual([
        {
          line: 0,
          message:
            'The statement is in USD, but this bank account is in ZWG. Import it into the USD bank account.',
        },
      ]);
      expectError(
        await upload(co.accountant, accountId, 'statement.ofx', fixture('statement.ofx'), {
          query: { dryRun: 'false' },
        }),
        422,
        'STATEMENT_HAS_PROBLEMS',
      );
      expect(await linesOf(accountId)).toEqual([]);
    });
  });

  it('two imports of the same file at once add each line once', async () => {
    const { co, accountId } = await companyWithAccount();
    const reports = await Promise.all([
      apply(co, accountId, 'statement.ofx'),
      apply(co, accountId, 'statement.ofx'),
    ]);
    expect(reports.map((report) => report.added).sort()).toEqual([0, 3]);
    expect(await linesOf(accountId)).toHaveLength(3);
    expect((await statementsOf(accountId)).map((row) => row.addedCount).sort()).toEqual([0, 3]);
  });

  describe('limits and access', () => {
    let co: Company;
    let accountId: string;
    beforeAll(async () => {
      ({ co, accountId } = await companyWithAccount());
    });

    it('a file over 10 MB is 413', async () => {
      const big = Buffer.alloc(STATEMENT_MAX_BYTES + 1, 'a');
      const body = expectError(await upload(co.accountant, accountId, 'big.csv', big), 413, 'FILE_TOO_LARGE');
      expect(body.message).toMatch(/larger than 10 MB/);
      expect(await statementsOf(accountId)).toEqual([]);
    });

    it('a request that is not a file upload is 400', async () => {
      expectError(
        await call(co.accountant, 'POST', `/api/banking/accounts/${accountId}/statements`, { file: 'x' }),
        400,
        'NO_FILE',
      );
    });

    it('the agent and the owner may not import or list; another company’s account is 404', async () => {
      for (const user of [co.agent, co.owner, co.other]) {
        expectError(
          await upload(user, accountId, 'statement.ofx', fixture('statement.ofx')),
          403,
          'FORBIDDEN',
        );
        expectError(
          await call(user, 'GET', `/api/banking/accounts/${accountId}/statements`),
          403,
          'FORBIDDEN',
        );
      }
      const stranger = await createCompanyWithRoles(t.app);
      expectError(
        await upload(stranger.accountant, accountId, 'statement.ofx', fixture('statement.ofx')),
        404,
      );
      expectError(
        await call(stranger.accountant, 'GET', `/api/banking/accounts/${accountId}/statements`),
        404,
      );
      // The admin may.
      expectStatus(await upload(co.admin, accountId, 'statement.ofx', fixture('statement.ofx')), 200);
    });
  });
});
