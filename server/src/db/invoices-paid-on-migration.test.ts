import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incomeByMonth } from '../features/reports/index.ts';
import { companyInput } from '../test/harness.ts';
import { openDatabaseMigratedTo } from '../test/migration-database.ts';
import { queryRows, type Database, type Tx } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { companies } from './schema/index.ts';

/*
 * Migration 0022 dates each paid invoice by the journal that paid it (`paid_on`), which the income
 * report now reads instead of the journal. Invoices paid before it must get their journal's date.
 */
const BEFORE_PAID_ON = 21;
const PAID_JOURNAL = randomUUID();
const PAID = randomUUID();
const ISSUED = randomUUID();

describe('migration 0022: invoices paid on their journal’s date', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let companyId: string;

  beforeAll(async () => {
    ({ database, drop } = await openDatabaseMigratedTo(BEFORE_PAID_ON));
    const [company] = await database.db
      .insert(companies)
      .values(companyInput('Paid Before Realty'))
      .returning();
    companyId = company!.id;
    // Paid into the business bank on 7 March, marked paid on another day (paid_at).
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into journals (id, company_id, kind, description, entry_date, book)
        values (${PAID_JOURNAL}, ${companyId}, 'invoice_payment', 'INV-1 paid', '2026-03-07', 'business')`);
      await tx.execute(sql`insert into ledger_lines (company_id, journal_id, account, book, currency, amount_cents,
          entry_date, kind, description)
        values (${companyId}, ${PAID_JOURNAL}, 'business:bank', 'business', 'USD', 2000, '2026-03-07', 'invoice_payment', 'INV-1 paid'),
               (${companyId}, ${PAID_JOURNAL}, 'business:fee-income', 'business', 'USD', -2000, '2026-03-07', 'invoice_payment', 'INV-1 paid')`);
      await tx.execute(sql`insert into invoices (id, company_id, number, status, client_type, kind, paid_from, journal_id,
          client_name, currency, issue_date, due_date, subtotal_cents, total_cents, paid_at)
        values (${PAID}, ${companyId}, 'INV-1', 'paid', 'other', 'agency', 'business_bank', ${PAID_JOURNAL},
                'A client', 'USD', '2026-03-01', '2026-03-31', 2000, 2000, '2026-03-20T10:00:00Z'),
               (${ISSUED}, ${companyId}, 'INV-2', 'issued', 'other', 'agency', null, null,
                'A client', 'USD', '2026-03-01', '2026-03-31', 3000, 3000, null)`);
    });
  }, 120_000);
  afterAll(() => drop());

  it('dates a paid invoice by its journal, leaves an unpaid one undated, and the income report counts it in that month', async () => {
    await migrateDatabase(database);
    const rows = await queryRows<{ id: string; paid_on: string | null }>(
      database.db,
      sql`select id, paid_on::text from invoices order by number`,
    );
    expect(rows).toEqual([
      { id: PAID, paid_on: '2026-03-07' },
      { id: ISSUED, paid_on: null },
    ]);
    const income = await incomeByMonth(
      database.db as unknown as Tx,
      { companyId },
      {
        from: '2026-02-01',
        to: '2026-04-30',
        currency: 'USD',
        filter: {},
      },
    );
    expect(income.map((month) => [month.month, month.otherIncome])).toEqual([
      ['2026-02', 0],
      ['2026-03', 2000],
      ['2026-04', 0],
    ]);
  });
});
