import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyInput } from '../test/harness.ts';
import { openDatabaseMigratedTo } from '../test/migration-database.ts';
import { queryRows, type Database } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { companies } from './schema/index.ts';

/*
 * Migration 0011 moves books kept in the old, one-book model (the agency's commission, VAT and the
 * agents' shares inside trust) to the two books. Books are written the old way into a database
 * migrated up to 0010, then migrated: owners' and deposits' lines must be untouched, and both
 * books must balance with the agency's money due to it from trust. On PostgreSQL (DATABASE_URL)
 * it runs in a database of its own on that server, as the migration's ALTERs behave differently.
 */

const BEFORE_TWO_BOOKS = 10;
const P = randomUUID();
const LEASE = randomUUID();
const AGENT = randomUUID();

type Line = [account: string, amount: number];
interface OldJournal {
  id: string;
  kind: string;
  date: string;
  reverses?: string;
  lines: Line[];
}

const rent = (id: string, date: string): OldJournal => ({
  id,
  kind: 'payment_rent',
  date,
  lines: [
    ['trust:bank', 100000],
    [`property:${P}`, -88500],
    [`agent:${AGENT}`, -6000],
    ['agency:revenue', -4000],
    ['agency:vat', -1500],
  ],
});
const bounced = rent(randomUUID(), '2026-02-05');
const OLD_BOOKS: OldJournal[] = [
  rent(randomUUID(), '2026-01-05'),
  {
    id: randomUUID(),
    kind: 'payment_deposit',
    date: '2026-01-05',
    lines: [
      ['trust:bank', 50000],
      [`deposits:${LEASE}`, -50000],
    ],
  },
  {
    id: randomUUID(),
    kind: 'payout',
    date: '2026-02-01',
    lines: [
      [`agent:${AGENT}`, 6000],
      ['trust:bank', -6000],
    ],
  },
  bounced,
  {
    id: randomUUID(),
    kind: 'payment_rent_reversal',
    date: '2026-02-09',
    reverses: bounced.id,
    lines: bounced.lines.map(([account, amount]) => [account, -amount]),
  },
  {
    id: randomUUID(),
    kind: 'payout',
    date: '2026-02-10',
    lines: [
      [`property:${P}`, 50000],
      ['trust:bank', -50000],
    ],
  },
];

describe('migration 0011: one book to two', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let companyId: string;

  const all = <T extends Record<string, unknown>>(query: SQL) => queryRows<T>(database.db, query);

  beforeAll(async () => {
    ({ database, drop } = await openDatabaseMigratedTo(BEFORE_TWO_BOOKS));
    const [company] = await database.db
      .insert(companies)
      .values(companyInput('Old Books Realty'))
      .returning();
    companyId = company!.id;
    for (const journal of OLD_BOOKS) {
      const description = `${journal.kind} ${journal.date}`;
      // One transaction per journal: the balance check runs at its commit.
      await database.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into journals (id, company_id, kind, description, reference, entry_date, reverses_id)
              values (${journal.id}, ${companyId}, ${journal.kind}, ${description}, null, ${journal.date},
                      ${journal.reverses ?? null})`,
        );
        for (const [account, amount] of journal.lines) {
          await tx.execute(
            sql`insert into ledger_lines (company_id, journal_id, account, currency, amount_cents, entry_date, kind, description)
                values (${companyId}, ${journal.id}, ${account}, 'USD', ${amount}, ${journal.date}, ${journal.kind},
                        ${description})`,
          );
        }
      });
    }
  }, 120_000);
  afterAll(() => drop());

  const clientLines = () =>
    all<{ seq: string; account: string; amount_cents: string; journal_id: string }>(
      sql`select seq, account, amount_cents, journal_id from ledger_lines
          where account like 'property:%' or account like 'deposits:%' order by seq`,
    );
  const balances = async () =>
    Object.fromEntries(
      (
        await all<{ book: string; account: string; balance: string }>(
          sql`select book, account, sum(amount_cents) as balance from ledger_lines group by book, account`,
        )
      ).map((row) => [`${row.book} ${row.account}`, Number(row.balance)]),
    );

  it("leaves owners' and deposits' lines as they were, and puts the agency's money in the business book", async () => {
    const before = await clientLines();
    await migrateDatabase(database);
    expect(await clientLines()).toEqual(before);
    expect(await balances()).toEqual({
      // Trust: 100,000 + 50,000 − 6,000 − 50,000 in the bank; the agent's 60.00 already left.
      'trust trust:bank': 94000,
      [`trust property:${P}`]: -38500,
      [`trust deposits:${LEASE}`]: -50000,
      'trust trust:due-to-agency': -5500,
      // Business: commission 100.00 earned (the agent's 60.00 an expense), VAT 15.00 owed, and
      // the 55.00 still in trust due to it; the agent was paid in full.
      'business business:commission-income': -10000,
      'business business:agents-commission': 6000,
      'business business:vat-payable': -1500,
      'business business:due-from-trust': 5500,
      [`business agent:${AGENT}`]: 0,
    });
  }, 120_000);

  it('balances every journal in its own book, links each business journal to its trust journal', async () => {
    const unbalanced = await all(
      sql`select journal_id from ledger_lines group by journal_id, currency having sum(amount_cents) <> 0`,
    );
    expect(unbalanced).toEqual([]);
    const business = await all<{ id: string; linked_id: string; reverses_id: string | null; kind: string }>(
      sql`select id, linked_id, reverses_id, kind from journals where book = 'business' order by entry_date, kind`,
    );
    // Both rents, the agent's payout and the reversal; not the deposit or the owner's payout.
    expect(business.map((journal) => journal.kind)).toEqual([
      'payment_rent',
      'payout',
      'payment_rent',
      'payment_rent_reversal',
    ]);
    const linkedTo = new Set(business.map((journal) => journal.linked_id));
    const trustIds = OLD_BOOKS.filter((journal) =>
      journal.lines.some(([account]) => /^(agent|agency):/.test(account)),
    );
    expect(linkedTo).toEqual(new Set(trustIds.map((journal) => journal.id)));
    const reversal = business.find((journal) => journal.kind === 'payment_rent_reversal')!;
    const reversed = business.find((journal) => journal.id === reversal.reverses_id);
    expect(reversed?.linked_id).toBe(bounced.id);
  });

  it('refuses afterwards what the old model allowed: agency accounts inside trust', async () => {
    const id = randomUUID();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into journals (id, company_id, kind, description, entry_date) values (${id}, ${companyId}, 'test', 'old way', '2026-03-01')`,
        );
        await tx.execute(
          sql`insert into ledger_lines (company_id, journal_id, account, currency, amount_cents, entry_date, kind, description)
              values (${companyId}, ${id}, 'trust:bank', 'USD', 100, '2026-03-01', 'test', 'old way'),
                     (${companyId}, ${id}, 'agency:revenue', 'USD', -100, '2026-03-01', 'test', 'old way')`,
        );
      }),
    ).rejects.toThrow();
  });
});
