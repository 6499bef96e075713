import type { Payment } from '@lintel/contracts';
import type { Sql } from './database.ts';

const receiptSequence = (receiptNumber: string) => Number(/(\d+)$/.exec(receiptNumber)?.[1]);

const listed = (values: string[], most = 5) =>
  `${values.slice(0, most).join(', ')}${values.length > most ? ` … (${values.length})` : ''}`;

/**
 * What the database holds for the company against what the clients were told, read straight from
 * the tables (past the API). `acknowledged` maps each Idempotency-Key answered 201 to its payment.
 * Returns the problems found, so a failure lists them all.
 */
export async function checkBooks(
  sql: Sql,
  companyId: string,
  acknowledged: Map<string, Payment>,
): Promise<{ problems: string[]; stored: number }> {
  const problems: string[] = [];
  const stored = await sql<{ id: string; receipt: string; amount: number }>(
    `select id::text, receipt_number as receipt, amount_cents::int as amount from payments where company_id = $1`,
    [companyId],
  );
  const storedById = new Map(stored.map((row) => [row.id, row]));
  const acknowledgedIds = new Map([...acknowledged].map(([key, payment]) => [payment._id, key]));

  const lost = [...acknowledged].filter(([, payment]) => !storedById.has(payment._id));
  if (lost.length) problems.push(`acknowledged but not stored: keys ${listed(lost.map(([key]) => key))}`);
  const unacknowledged = stored.filter((row) => !acknowledgedIds.has(row.id));
  if (unacknowledged.length) {
    problems.push(
      `stored but never acknowledged (a double, or an answer lost): ${listed(unacknowledged.map((row) => row.receipt))}`,
    );
  }
  const changed = [...acknowledged].filter(([, payment]) => {
    const row = storedById.get(payment._id);
    return row && row.amount !== payment.amount;
  });
  if (changed.length)
    problems.push(`stored with another amount: keys ${listed(changed.map(([key]) => key))}`);

  const keys = await sql<{ key: string; paymentId: string | null }>(
    `select key, payment_id::text as "paymentId" from idempotency_keys where company_id = $1`,
    [companyId],
  );
  const keyed = new Map(keys.map((row) => [row.key, row.paymentId]));
  const misKeyed = [...acknowledged].filter(([key, payment]) => keyed.get(key) !== payment._id);
  if (misKeyed.length)
    problems.push(`idempotency key not pointing at its payment: ${listed(misKeyed.map(([key]) => key))}`);
  const dangling = keys.filter((row) => row.paymentId === null);
  if (dangling.length)
    problems.push(`idempotency keys without a payment: ${listed(dangling.map((row) => row.key))}`);

  const receipts = stored.map((row) => receiptSequence(row.receipt)).sort((a, b) => a - b);
  const duplicates = receipts.filter((value, index) => receipts[index - 1] === value);
  if (duplicates.length) problems.push(`receipt numbers used twice: ${listed(duplicates.map(String))}`);
  if (receipts.length && (receipts[0] !== 1 || receipts.at(-1) !== receipts.length)) {
    problems.push(`receipt numbers not 1…${receipts.length}: ${receipts[0]}…${receipts.at(-1)}`);
  }

  const unbalanced = await sql<{ id: string }>(
    `select j.id::text from journals j left join ledger_lines l on l.journal_id = j.id
     where j.company_id = $1 group by j.id, l.currency
     having count(l.seq) = 0 or sum(l.amount_cents) <> 0`,
    [companyId],
  );
  if (unbalanced.length)
    problems.push(`journals that do not sum to zero: ${listed(unbalanced.map((row) => row.id))}`);
  const orphans = await sql<{ id: string }>(
    // A payment names its event's journal (trust); the business book's half links to that one.
    `select j.id::text from journals j where j.company_id = $1 and j.kind like 'payment_%'
     and not exists (select 1 from payments p where p.journal_id = coalesce(j.linked_id, j.id))`,
    [companyId],
  );
  if (orphans.length)
    problems.push(`payment journals without a payment: ${listed(orphans.map((row) => row.id))}`);

  const audits = await sql<{ id: string; entries: number }>(
    `select entity_id::text as id, count(*)::int as entries from audit_log
     where company_id = $1 and entity = 'payment' and action = 'payment.recorded' group by entity_id`,
    [companyId],
  );
  const auditEntries = new Map(audits.map((row) => [row.id, row.entries]));
  const unaudited = stored.filter((row) => auditEntries.get(row.id) !== 1);
  if (unaudited.length) {
    problems.push(`payments without exactly one audit entry: ${listed(unaudited.map((row) => row.receipt))}`);
  }
  return { problems, stored: stored.length };
}
