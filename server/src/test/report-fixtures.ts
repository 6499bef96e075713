import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { addDays, LevyCharge, Property, Report, type MonthlyIncome } from '@lintel/contracts';
import { queryRows } from '../db/client.ts';
import { todayIso } from '../features/leases/index.ts';
import { addMonths } from '../features/reports/index.ts';
import { addMember, createOwnerRecord, expectStatus, type SignedIn, type TestApp } from './harness.ts';
import {
  caller,
  createLetProperty,
  createOwnerOfUser,
  recordPayment,
  rentBody,
  type Company,
} from './money-fixtures.ts';

/** GET a report as JSON, parsed by the contract. */
export async function readReport(
  t: Pick<TestApp, 'app'>,
  user: SignedIn,
  kind: string,
  query: Record<string, string> = {},
) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/reports/${kind}?${new URLSearchParams(query)}`,
    headers: user.auth,
  });
  return Report.parse(expectStatus(response, 200).data);
}

/** The sum of a company's ledger lines in a currency that match `where` (debit-positive). */
export async function ledgerSum(
  t: Pick<TestApp, 'database'>,
  companyId: string,
  currency: string,
  where: SQL,
) {
  const [row] = await queryRows<{ total: string }>(
    t.database.db,
    sql`select coalesce(sum(amount_cents), 0) as total from ledger_lines
      where company_id = ${companyId} and currency = ${currency} and ${where}`,
  );
  return Number(row!.total);
}

/** What the matching lines hold for others: the negated (credit) sum, zero as 0. */
export const creditSum = async (...args: Parameters<typeof ledgerSum>) => 0 - (await ledgerSum(...args));

const LEVY_JOURNALS = sql`journal_id in (select e.journal_id from expenses e join levy_charges lc on lc.expense_id = e.id)`;

/** The journals of 'other' payments that settle an invoice of `kind`, and their reversals. */
const receiptJournals = (kind: 'agency' | 'on_behalf') => sql`journal_id in (
  select pay.journal_id from payments pay join invoices i on i.payment_id = pay.id
    where i.status = 'paid' and i.kind = ${kind}
  union all
  select pay.reversal_journal_id from payments pay join invoices i on i.payment_id = pay.id
    where i.status = 'paid' and i.kind = ${kind} and pay.reversal_journal_id is not null)`;

/**
 * One month of the income report worked out from the ledger alone (`month` is YYYY-MM): money
 * into the trust bank by the receipt's kind, the business book's fee income of paid invoices,
 * and the invoices only to tell an invoice's receipt from an owner's top-up.
 */
export async function incomeFromLedger(
  t: Pick<TestApp, 'database'>,
  companyId: string,
  currency: string,
  month: string,
): Promise<MonthlyIncome> {
  const inMonth = sql`to_char(entry_date, 'YYYY-MM') = ${month}`;
  const sum = (where: SQL) => ledgerSum(t, companyId, currency, sql`${inMonth} and ${where}`);
  const received = (kind: string) =>
    sql`account = 'trust:bank' and kind in (${`payment_${kind}`}, ${`payment_${kind}_reversal`})`;
  const rent = await sum(received('rent'));
  const otherIncome =
    0 -
    (await sum(sql`account = 'business:fee-income' and kind like 'invoice\_payment%'`)) +
    (await sum(sql`${received('other')} and ${receiptJournals('on_behalf')}`));
  return {
    month,
    collected: rent + otherIncome,
    rent,
    deposits: await sum(received('deposit')),
    ownerTopUps: await sum(
      sql`${received('other')} and not ${receiptJournals('on_behalf')} and not ${receiptJournals('agency')}`,
    ),
    otherIncome,
    commission: 0 - (await sum(sql`account = 'business:commission-income' and kind like 'payment\_rent%'`)),
    vat: 0 - (await sum(sql`account = 'business:vat-payable' and kind like 'payment\_rent%'`)),
    levies: await sum(sql`account like 'property:%' and kind = 'expense' and ${LEVY_JOURNALS}`),
    expenses: await sum(sql`account like 'property:%' and kind = 'expense' and not ${LEVY_JOURNALS}`),
  };
}

/** Day `day` of the month `monthsFromNow` months from today's (back when negative). */
export const dayOfMonth = (monthsFromNow: number, day: number, today = todayIso()) =>
  addDays(addMonths(today, monthsFromNow), day - 1);

/**
 * Books for report and dashboard tests, relative to today. In USD unless said:
 * - P1 (the owner record bound to `co.owner`, agent `co.agent`, house): a lease from the first
 *   of the month two months back, rent 1,000.00, deposit 500.00 paid; rent paid in that month;
 *   last month's rent paid and reversed today; 300.00 paid today; a 50.00 repair last month;
 *   a 70.00 monthly levy from two months back, the first two months paid today.
 * - P2 (another owner, no agent, apartment): available at 800.00 a month.
 * - P3 (a third owner, a second agent): let from last month at 500.00, last month's rent paid.
 * - P4 (P3's owner, `co.agent`): let in ZWG, 700.00 paid last month.
 * - P5: inactive; P6: under maintenance (P2's owner).
 */
export async function buildBooks(t: TestApp, co: Company) {
  const call = caller(t);
  const today = todayIso();
  const ownOwnerId = await createOwnerOfUser(t, co, `Olive Own ${randomUUID().slice(0, 4)}`);
  const secondAgent = await addMember(t.app, co.admin, 'agent', 'Second Agent');
  const otherOwnerId = await createOwnerRecord(t.database, co.companyId, { name: 'Oscar Other' });
  const thirdOwnerId = await createOwnerRecord(t.database, co.companyId, { name: 'Thandi Third' });

  const p1 = await createLetProperty(t, co, {
    ownerId: ownOwnerId,
    rent: 100000,
    deposit: 50000,
    startDate: addMonths(today, -2),
    endDate: addDays(addMonths(today, 12), -1),
  });
  await recordPayment(t, co.accountant, {
    type: 'deposit',
    leaseId: p1.lease._id,
    amount: 50000,
    currency: 'USD',
    method: 'cash',
    paymentDate: dayOfMonth(-2, 1),
  });
  await recordPayment(t, co.accountant, rentBody(p1.lease, 100000, { paymentDate: dayOfMonth(-2, 3) }));
  const bounced = await recordPayment(
    t,
    co.accountant,
    rentBody(p1.lease, 100000, { paymentDate: dayOfMonth(-1, 2) }),
  );
  expectStatus(
    await call(co.accountant, 'POST', `/api/payments/${bounced._id}/reverse`, { reason: 'Bounced' }),
    200,
  );
  await recordPayment(t, co.agent, rentBody(p1.lease, 30000, { paymentDate: today }));
  expectStatus(
    await call(co.accountant, 'POST', '/api/expenses', {
      propertyId: p1.property._id,
      supplier: 'Pipe Fixers',
      description: 'Burst geyser',
      amount: 5000,
      currency: 'USD',
      method: 'bank_transfer',
      expenseDate: dayOfMonth(-1, 15),
    }),
    201,
  );
  expectStatus(
    await call(co.accountant, 'POST', '/api/levies', {
      propertyId: p1.property._id,
      bodyCorporate: 'Ledger Lane Body Corporate',
      amount: 7000,
      currency: 'USD',
      startDate: addMonths(today, -2),
    }),
    201,
  );
  const levies = LevyCharge.array().parse(
    expectStatus(await call(co.accountant, 'GET', '/api/levies/due'), 200).data,
  );
  const unpaidEarlier = levies.filter((levy) => levy.status === 'overdue').map((levy) => levy._id);
  expectStatus(await call(co.accountant, 'POST', '/api/levies/pay', { chargeIds: unpaidEarlier }), 200);

  const createProperty = async (body: Record<string, unknown>) =>
    Property.parse(
      expectStatus(
        await call(co.admin, 'POST', '/api/properties', {
          name: `Flat ${randomUUID().slice(0, 6)}`,
          address: '2 Ledger Lane',
          currency: 'USD',
          ...body,
        }),
        201,
      ).data,
    );
  const p2 = await createProperty({ type: 'apartment', ownerId: otherOwnerId, rentAmount: 80000 });
  const p3 = await createLetProperty(t, co, {
    ownerId: thirdOwnerId,
    agent: secondAgent,
    rent: 50000,
    startDate: addMonths(today, -1),
    endDate: addDays(addMonths(today, 11), -1),
  });
  await recordPayment(t, co.accountant, rentBody(p3.lease, 50000, { paymentDate: dayOfMonth(-1, 4) }));
  const p4 = await createLetProperty(t, co, {
    ownerId: thirdOwnerId,
    currency: 'ZWG',
    rent: 70000,
    startDate: addMonths(today, -1),
    endDate: addDays(addMonths(today, 11), -1),
  });
  await recordPayment(t, co.accountant, rentBody(p4.lease, 70000, { paymentDate: dayOfMonth(-1, 5) }));
  const p5 = await createProperty({
    type: 'office',
    ownerId: otherOwnerId,
    status: 'inactive',
    rentAmount: 0,
  });
  const p6 = await createProperty({
    type: 'apartment',
    ownerId: otherOwnerId,
    status: 'under_maintenance',
    rentAmount: 60000,
  });
  return { today, ownOwnerId, otherOwnerId, thirdOwnerId, secondAgent, p1, p2, p3, p4, p5, p6 };
}

export type Books = Awaited<ReturnType<typeof buildBooks>>;

/** A CSV file's cells (RFC 4180: quoted cells may hold commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}
