import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client.ts';
import { journals, ledgerLines, payments } from '../../db/schema/index.ts';
import { systemTransact, transact } from '../../db/scope.ts';
import { createCompanyWithRoles, createTestApp, failure, type TestApp } from '../../test/harness.ts';
import {
  createLetProperty,
  recordPayment,
  rentBody,
  setFinanceSettings,
  type Company,
} from '../../test/money-fixtures.ts';

describe('the books are append-only', () => {
  let t: TestApp;
  let co: Company;
  let paymentId: string;
  beforeAll(async () => {
    t = await createTestApp();
    co = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, co);
    const { lease } = await createLetProperty(t, co);
    paymentId = (await recordPayment(t, co.accountant, rentBody(lease, 100000)))._id;
  });
  afterAll(() => t.close());

  const scoped = <T>(work: (tx: Tx) => Promise<T>) =>
    transact({ db: t.database.db, companyId: co.companyId }, work);
  const system = <T>(work: (tx: Tx) => Promise<T>) => systemTransact(t.database.db, work);
  const books = () =>
    system(async (tx) => ({
      journals: await tx
        .select()
        .from(journals)
        .where(eq(journals.companyId, co.companyId))
        .orderBy(asc(journals.id)),
      lines: await tx
        .select()
        .from(ledgerLines)
        .where(eq(ledgerLines.companyId, co.companyId))
        .orderBy(asc(ledgerLines.seq)),
      payments: await tx.select().from(payments).where(eq(payments.companyId, co.companyId)),
    }));

  const attempts = {
    'UPDATE ledger_lines': (tx: Tx) =>
      tx.update(ledgerLines).set({ amountCents: 1 }).where(eq(ledgerLines.companyId, co.companyId)),
    'DELETE ledger_lines': (tx: Tx) => tx.delete(ledgerLines).where(eq(ledgerLines.companyId, co.companyId)),
    'UPDATE journals': (tx: Tx) =>
      tx.update(journals).set({ description: 'tampered' }).where(eq(journals.companyId, co.companyId)),
    'DELETE journals': (tx: Tx) => tx.delete(journals).where(eq(journals.companyId, co.companyId)),
    'UPDATE payments amount': (tx: Tx) =>
      tx.update(payments).set({ amountCents: 1 }).where(eq(payments.id, paymentId)),
    'DELETE payments': (tx: Tx) => tx.delete(payments).where(eq(payments.id, paymentId)),
  };

  it('the company has a posted payment to tamper with', async () => {
    const before = await books();
    // One event, two books: the trust journal and the business journal linked to it.
    expect(before.journals.map((row) => row.book).sort()).toEqual(['business', 'trust']);
    expect(before.lines.length).toBeGreaterThanOrEqual(4);
    expect(before.payments.map((row) => row.amountCents)).toEqual([100000]);
  });

  for (const [name, attempt] of Object.entries(attempts)) {
    it(`${name} fails for the application's role (transact), and nothing changes`, async () => {
      const before = await books();
      expect(await failure(scoped(attempt))).toMatch(
        /permission denied|append-only|never deleted|cannot be edited/i,
      );
      expect(await books()).toEqual(before);
    });

    it(`${name} fails for the superuser too (systemTransact), by trigger, and nothing changes`, async () => {
      const before = await books();
      expect(await failure(system(attempt))).toMatch(/append-only|never deleted|cannot be edited/i);
      expect(await books()).toEqual(before);
    });
  }

  it('TRUNCATE of the ledger fails even for the superuser', async () => {
    const before = await books();
    for (const table of ['ledger_lines', 'journals']) {
      expect(await failure(system((tx) => tx.execute(sql.raw(`truncate table ${table} cascade`))))).toMatch(
        /append-only/,
      );
    }
    expect(await books()).toEqual(before);
  });

  it('a journal whose lines do not sum to zero is rejected at commit, and nothing remains', async () => {
    const before = await books();
    const description = `unbalanced ${Date.now()}`;
    const message = await failure(
      scoped(async (tx) => {
        const [journal] = await tx
          .insert(journals)
          .values({
            companyId: co.companyId,
            kind: 'test',
            description,
            entryDate: '2026-11-20',
            postedBy: null,
          })
          .returning({ id: journals.id });
        // Both inserts succeed: the deferred trigger only checks once the transaction commits.
        await tx.insert(ledgerLines).values([
          {
            companyId: co.companyId,
            journalId: journal!.id,
            account: 'trust:bank',
            currency: 'USD',
            amountCents: 10000,
            entryDate: '2026-11-20',
            kind: 'test',
            description,
          },
          {
            companyId: co.companyId,
            journalId: journal!.id,
            account: 'trust:due-to-agency',
            currency: 'USD',
            amountCents: -9999,
            entryDate: '2026-11-20',
            kind: 'test',
            description,
          },
        ]);
      }),
    );
    expect(message).toMatch(/does not balance in USD/);
    expect(await books()).toEqual(before);
    const left = await system((tx) =>
      tx.select().from(journals).where(eq(journals.description, description)),
    );
    expect(left).toHaveLength(0);
  });

  it('a balanced journal inserted the same way commits (the trigger is not simply always failing)', async () => {
    const before = await books();
    await scoped(async (tx) => {
      const [journal] = await tx
        .insert(journals)
        .values({ companyId: co.companyId, kind: 'test', description: 'balanced', entryDate: '2026-11-20' })
        .returning({ id: journals.id });
      await tx.insert(ledgerLines).values(
        [10000, -10000].map((amountCents, index) => ({
          companyId: co.companyId,
          journalId: journal!.id,
          account: index === 0 ? 'trust:bank' : 'trust:due-to-agency',
          currency: 'USD',
          amountCents,
          entryDate: '2026-11-20',
          kind: 'test',
          description: 'balanced',
        })),
      );
    });
    const after = await books();
    expect(after.journals).toHaveLength(before.journals.length + 1);
    expect(after.lines).toHaveLength(before.lines.length + 2);
  });

  /** Inserts a one-line-per-amount journal of `book` through the application's role. */
  const insertJournal = (
    book: 'trust' | 'business',
    lines: { account: string; book?: 'trust' | 'business' }[],
  ) =>
    scoped(async (tx) => {
      const [journal] = await tx
        .insert(journals)
        .values({
          companyId: co.companyId,
          kind: 'test',
          description: 'books',
          entryDate: '2026-11-20',
          book,
        })
        .returning({ id: journals.id });
      await tx.insert(ledgerLines).values(
        lines.map((line, index) => ({
          companyId: co.companyId,
          journalId: journal!.id,
          account: line.account,
          book: line.book ?? book,
          currency: 'USD',
          amountCents: index === 0 ? 500 : -500,
          entryDate: '2026-11-20',
          kind: 'test',
          description: 'books',
        })),
      );
    });

  it("refuses a line on an account of the other book, and a line that is not in its journal's book", async () => {
    const before = await books();
    expect(
      await failure(
        insertJournal('trust', [{ account: 'trust:bank' }, { account: 'business:commission-income' }]),
      ),
    ).toMatch(/ledger_lines_account_in_book/);
    expect(
      await failure(
        insertJournal('trust', [
          { account: 'business:bank', book: 'business' },
          { account: 'business:commission-income', book: 'business' },
        ]),
      ),
    ).toMatch(/ledger_lines_journal_book_fk/);
    expect(await books()).toEqual(before);
    await insertJournal('business', [
      { account: 'business:bank' },
      { account: 'business:commission-income' },
    ]);
    expect((await books()).journals).toHaveLength(before.journals.length + 1);
  });
});
