import { AutoMatchReport, BankAccountView, StatementImportReport, addDays } from '@lintel/contracts';
import { createLetProperty } from './lib/api.ts';
import type { Benchmark, Check } from './lib/benchmark.ts';

/**
 * Issue 17: a busy company's year — 20,000 rent receipts in the trust ledger — and a bank statement
 * of 10,000 of them (every other one; the rest are not yet on the statement) imported as CSV and
 * auto-matched. Every receipt has the same few amounts on the same few days, so only the reference
 * tells the right entry from thirty others: the matcher must not guess.
 */
const RECEIPTS = 20_000;
const ON_STATEMENT_EVERY = 2;
const LINES = RECEIPTS / ON_STATEMENT_EVERY;
const DAYS = 365;
const today = new Date().toISOString().slice(0, 10);
const FROM = addDays(today, -DAYS);
const reference = (n: number) => `BENCH-${String(n).padStart(6, '0')}`;
const amountOf = (n: number) => 100000 + (n % 7) * 5000;
const dateOf = (n: number) => addDays(FROM, Math.floor(((n - 1) * DAYS) / RECEIPTS));

const SEED = `
with journal as (
  insert into journals (company_id, kind, description, reference, entry_date, posted_by)
  select $1::uuid, 'payment_rent', 'Rent from Bench Tenant ' || n, 'BENCH-' || lpad(n::text, 6, '0'),
         $2::date + ((n - 1) * $3::int / $4::int), $5::uuid
  from generate_series(1, $4::int) as n
  returning id, entry_date, kind, description, reference
)
insert into ledger_lines (company_id, journal_id, account, currency, amount_cents, entry_date, kind, description, reference)
select $1::uuid, journal.id, line.account, 'USD', line.sign * (100000 + (substr(journal.reference, 7)::int % 7) * 5000),
       journal.entry_date, journal.kind, journal.description, journal.reference
from journal cross join (values ('trust:bank', 1), ($6::text, -1)) as line(account, sign)`;

const decimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

function statementCsv(): string {
  const rows = ['Date,Description,Reference,Amount,Balance'];
  let balance = 0;
  for (let n = ON_STATEMENT_EVERY; n <= RECEIPTS; n += ON_STATEMENT_EVERY) {
    balance += amountOf(n);
    rows.push(
      `${dateOf(n)},EFT CREDIT BENCH TENANT,${reference(n)},${decimal(amountOf(n))},${decimal(balance)}`,
    );
  }
  return `${rows.join('\n')}\n`;
}

const MAPPING = {
  date: 'Date',
  description: 'Description',
  reference: 'Reference',
  amount: 'Amount',
  balance: 'Balance',
  dateFormat: 'YYYY-MM-DD',
};

export const bankImportBenchmark: Benchmark = {
  name: 'bank statement import',
  async run(target) {
    const { accountant, property } = await createLetProperty(target, 'Bank import');
    await target.withSql(async (sql) => {
      await sql(SEED, [
        accountant.companyId,
        FROM,
        DAYS,
        RECEIPTS,
        accountant.session.user._id,
        `property:${property._id}`,
      ]);
      await sql('vacuum (analyze) ledger_lines');
    });
    const account = BankAccountView.parse(
      await accountant.expect(201, 'POST', '/api/banking/accounts', {
        book: 'trust',
        currency: 'USD',
        name: 'Bench trust',
        bankName: 'Bench Bank',
        accountNumber: '0001',
      }),
    );
    const csv = statementCsv();
    const form = new FormData();
    form.set('mapping', JSON.stringify(MAPPING));
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
    const importStart = performance.now();
    const response = await fetch(
      `${target.baseUrl()}/api/banking/accounts/${account._id}/statements?dryRun=false&format=csv`,
      { method: 'POST', headers: { authorization: accountant.authorization }, body: form },
    );
    const body = (await response.json()) as { data?: unknown };
    const importSeconds = (performance.now() - importStart) / 1000;
    if (response.status !== 200) throw new Error(`import: ${response.status} ${JSON.stringify(body)}`);
    const imported = StatementImportReport.parse(body.data);

    const matchStart = performance.now();
    const matched = AutoMatchReport.parse(
      await accountant.expect(200, 'POST', `/api/banking/accounts/${account._id}/auto-match`),
    );
    const matchSeconds = (performance.now() - matchStart) / 1000;

    const checks: Check[] = [
      {
        name: 'every statement line imported',
        pass: imported.added === LINES && imported.problems.length === 0,
        detail: `${imported.added} added of ${LINES}, ${imported.problems.length} problems`,
      },
      {
        name: 'every line matched to its own receipt, none guessed',
        pass: matched.matched === LINES && matched.ambiguous === 0,
        detail: `${matched.matched} matched, ${matched.ambiguous} ambiguous, by rule ${JSON.stringify(matched.byRule)}`,
      },
    ];
    return {
      figures: [
        { name: 'ledger receipts in the year', value: RECEIPTS, unit: 'entries' },
        { name: 'statement lines', value: LINES, unit: 'lines' },
        { name: 'import time', value: Math.round(importSeconds * 10) / 10, unit: 's' },
        { name: 'auto-match time', value: Math.round(matchSeconds * 10) / 10, unit: 's' },
        { name: 'lines matched per second', value: Math.round(matched.matched / matchSeconds), unit: '/s' },
      ],
      checks,
      details: { csvBytes: csv.length },
    };
  },
};
