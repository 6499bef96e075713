import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { LedgerEntry } from '@lintel/contracts';
import { queryRows, type Tx } from '../../db/client.ts';
import type { Ctx } from '../../db/scope.ts';
import { bankLines, bankMatchEntries, bankMatches, suspenseItems } from '../../db/schema/index.ts';
import { inCompany } from '../../db/scope.ts';
import { chunksOf } from '../../lib/chunks.ts';
import { selectCountedPage, type CountedPage } from '../../lib/list-query.ts';
import type { CandidateEntry } from './match-rules.ts';

type Scope = Pick<Ctx, 'companyId'>;

/** A bank account's ledger account: `<book>:bank` in its currency. */
export interface LedgerOf {
  account: string;
  currency: string;
}

type EntryRow = {
  seq: string | number;
  journal_id: string;
  entry_date: string;
  kind: string;
  description: string;
  reference: string | null;
  amount_cents: string | number;
  match_id: string | null;
  receipt_number: string | null;
  tenant_name: string | null;
  payout_reference: string | null;
};

const toCandidate = (row: EntryRow): CandidateEntry => ({
  seq: Number(row.seq),
  journalId: row.journal_id,
  date: row.entry_date,
  kind: row.kind,
  description: row.description,
  reference: row.reference,
  amount: Number(row.amount_cents),
  matchId: row.match_id,
  receiptNumber: row.receipt_number,
  tenantName: row.tenant_name,
  payoutReference: row.payout_reference,
});

export const toLedgerEntry = (entry: CandidateEntry): LedgerEntry => ({
  seq: entry.seq,
  journalId: entry.journalId,
  date: entry.date,
  kind: entry.kind,
  description: entry.description,
  reference: entry.reference,
  amount: entry.amount,
  matchId: entry.matchId,
});

type Pointers = Pick<EntryRow, 'receipt_number' | 'tenant_name' | 'payout_reference'>;

/**
 * Bank ledger lines with what points at them from outside the ledger: the payment's receipt
 * number and tenant, the payout's reference. `where` is on `l` (ledger_lines) and `me` (its match).
 * Those pointers are looked up only for the entries `pointed` keeps: the rules read them of an
 * entry of the line's own amount alone, and a window of a thousand entries costs two probes each.
 */
async function selectEntries(
  tx: Tx,
  scope: Scope,
  where: SQL,
  tail: SQL = sql``,
  pointed: (amount: number) => boolean = () => true,
): Promise<CandidateEntry[]> {
  const rows = await queryRows<Omit<EntryRow, keyof Pointers>>(
    tx,
    sql`select l.seq, l.journal_id, l.entry_date::text as entry_date, l.kind, l.description, l.reference,
        l.amount_cents, me.match_id
      from ledger_lines l
      left join bank_match_entries me on me.ledger_seq = l.seq
      where l.company_id = ${scope.companyId} and ${where} ${tail}`,
  );
  const asked = rows.filter((row) => pointed(Number(row.amount_cents)));
  const pointers = new Map<number, Pointers>();
  for (const chunk of chunksOf(asked, 1000)) {
    const found = await queryRows<Pointers & { seq: string | number }>(
      tx,
      sql`select l.seq, p.receipt_number, coalesce(tn.name, p.payer_name) as tenant_name,
          po.reference as payout_reference
        from ledger_lines l
        left join payments p on p.company_id = l.company_id and p.journal_id = l.journal_id
        left join tenants tn on tn.id = p.tenant_id
        left join payouts po on po.company_id = l.company_id and po.journal_id = l.journal_id
        where l.company_id = ${scope.companyId} and l.seq in (${sql.join(
          chunk.map((row) => sql`${row.seq}`),
          sql`, `,
        )})`,
    );
    for (const row of found) pointers.set(Number(row.seq), row);
  }
  const none: Pointers = { receipt_number: null, tenant_name: null, payout_reference: null };
  return rows.map((row) => toCandidate({ ...row, ...(pointers.get(Number(row.seq)) ?? none) }));
}

const ofLedger = (ledger: LedgerOf) => sql`l.account = ${ledger.account} and l.currency = ${ledger.currency}`;

/**
 * Unmatched entries of the account dated `from`..`to` (the candidates of a set of lines). What
 * points at an entry is read only when its amount is one of `amounts` (the lines'): any other is
 * a candidate only as one receipt of a deposit slip, which reads its amount, day and kind.
 */
export const candidateEntries = (
  tx: Tx,
  scope: Scope,
  ledger: LedgerOf,
  window: { from: string; to: string; amounts: ReadonlySet<number> },
) =>
  selectEntries(
    tx,
    scope,
    sql`${ofLedger(ledger)} and l.entry_date between ${window.from} and ${window.to} and me.match_id is null`,
    sql`order by l.entry_date, l.seq`,
    (amount) => window.amounts.has(amount),
  );

/** The entries named, if they are the account's (others are simply missing from the answer). */
export const entriesBySeqs = (tx: Tx, scope: Scope, ledger: LedgerOf, seqs: number[]) =>
  selectEntries(
    tx,
    scope,
    sql`${ofLedger(ledger)} and l.seq in (${sql.join(
      seqs.map((seq) => sql`${seq}`),
      sql`, `,
    )})`,
    sql`order by l.entry_date, l.seq`,
  );

/** The entries of these matches. */
export async function entriesOfMatches(tx: Tx, scope: Scope, matchIds: string[]): Promise<CandidateEntry[]> {
  if (matchIds.length === 0) return [];
  return selectEntries(
    tx,
    scope,
    sql`me.match_id in (${sql.join(
      matchIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
    sql`order by l.entry_date, l.seq`,
  );
}

/** The bank ledger line of an event's journals (the journal or the other book's half of it). */
export async function bankEntryOfJournal(
  tx: Tx,
  scope: Scope,
  ledger: LedgerOf,
  journalId: string,
): Promise<CandidateEntry | undefined> {
  const [entry] = await selectEntries(
    tx,
    scope,
    sql`${ofLedger(ledger)} and (l.journal_id = ${journalId}
      or l.journal_id in (select j.id from journals j where j.company_id = ${scope.companyId} and j.linked_id = ${journalId}))`,
    sql`order by l.seq limit 1`,
  );
  return entry;
}

/** One page of the account's unmatched entries, oldest first (the manual matching panel). */
export function unmatchedEntriesPage(
  tx: Tx,
  scope: Scope,
  ledger: LedgerOf,
  query: { page: number; pageSize: number; from?: string | undefined; to?: string | undefined },
): Promise<CountedPage<LedgerEntry>> {
  const where = sql`l.company_id = ${scope.companyId} and ${ofLedger(ledger)}
    and not exists (select 1 from bank_match_entries me where me.ledger_seq = l.seq)
    ${query.from ? sql`and l.entry_date >= ${query.from}` : sql``}
    ${query.to ? sql`and l.entry_date <= ${query.to}` : sql``}`;
  return selectCountedPage(
    tx,
    query,
    sql`select 1 from ledger_lines l where ${where}`,
    async ({ counted, limit, offset }) => {
      const rows = await queryRows<EntryRow & { counted: number | string }>(
        tx,
        sql`select l.seq, l.journal_id, l.entry_date::text as entry_date, l.kind, l.description, l.reference,
            l.amount_cents, null as match_id, null as receipt_number, null as tenant_name, null as payout_reference,
            ${counted} as counted
          from ledger_lines l where ${where}
          order by l.entry_date, l.seq limit ${limit} offset ${offset}`,
      );
      return rows.map((row) => ({ ...toLedgerEntry(toCandidate(row)), counted: row.counted }));
    },
  );
}

// ---------------------------------------------------------------- statement lines

export type LineRow = typeof bankLines.$inferSelect;

export type LineWithState = LineRow & { rule: string | null; suspenseItemId: string | null };

type LineSqlRow = {
  id: string;
  company_id: string;
  bank_account_id: string;
  statement_id: string;
  position: number;
  line_date: string;
  description: string;
  reference: string | null;
  counterparty: string | null;
  amount_cents: string | number;
  balance_cents: string | number;
  bank_transaction_id: string | null;
  identity: string;
  match_id: string | null;
  created_at: string | Date;
  rule: string | null;
  suspense_item_id: string | null;
};

const toLine = (row: LineSqlRow): LineWithState => ({
  id: row.id,
  companyId: row.company_id,
  bankAccountId: row.bank_account_id,
  statementId: row.statement_id,
  position: row.position,
  lineDate: row.line_date,
  description: row.description,
  reference: row.reference,
  counterparty: row.counterparty,
  amountCents: Number(row.amount_cents),
  balanceCents: Number(row.balance_cents),
  bankTransactionId: row.bank_transaction_id,
  identity: row.identity,
  matchId: row.match_id,
  createdAt: new Date(row.created_at),
  rule: row.rule,
  suspenseItemId: row.suspense_item_id,
});

const LINE_COLUMNS = sql`bl.id, bl.company_id, bl.bank_account_id, bl.statement_id, bl.position,
  bl.line_date::text as line_date, bl.description, bl.reference, bl.counterparty, bl.amount_cents, bl.balance_cents,
  bl.bank_transaction_id, bl.identity, bl.match_id, bl.created_at, m.rule, s.id as suspense_item_id`;
const LINE_JOINS = sql`left join bank_matches m on m.id = bl.match_id
  left join suspense_items s on s.bank_line_id = bl.id`;

/** A page of an account's lines: unmatched before matched, then in statement order. */
export function linesPage(
  tx: Tx,
  scope: Scope,
  bankAccountId: string,
  query: {
    page: number;
    pageSize: number;
    state: 'unmatched' | 'matched' | 'all';
    from?: string | undefined;
    to?: string | undefined;
    direction?: 'credit' | 'debit' | undefined;
  },
): Promise<CountedPage<LineWithState>> {
  const where = sql`bl.company_id = ${scope.companyId} and bl.bank_account_id = ${bankAccountId}
    ${query.state === 'unmatched' ? sql`and bl.match_id is null` : sql``}
    ${query.state === 'matched' ? sql`and bl.match_id is not null` : sql``}
    ${query.from ? sql`and bl.line_date >= ${query.from}` : sql``}
    ${query.to ? sql`and bl.line_date <= ${query.to}` : sql``}
    ${query.direction === 'credit' ? sql`and bl.amount_cents > 0` : sql``}
    ${query.direction === 'debit' ? sql`and bl.amount_cents < 0` : sql``}`;
  return selectCountedPage(
    tx,
    query,
    sql`select 1 from bank_lines bl where ${where}`,
    async ({ counted, limit, offset }) => {
      const rows = await queryRows<LineSqlRow & { counted: number | string }>(
        tx,
        sql`select ${LINE_COLUMNS}, ${counted} as counted from bank_lines bl ${LINE_JOINS}
          where ${where}
          order by (bl.match_id is not null), bl.line_date, bl.position, bl.id
          limit ${limit} offset ${offset}`,
      );
      return rows.map((row) => ({ ...toLine(row), counted: row.counted }));
    },
  );
}

/** Lines by id, with their match's rule and suspense item. */
export async function linesByIds(tx: Tx, scope: Scope, ids: string[]): Promise<LineWithState[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<LineSqlRow>(
    tx,
    sql`select ${LINE_COLUMNS} from bank_lines bl ${LINE_JOINS}
      where bl.company_id = ${scope.companyId} and bl.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by bl.line_date, bl.position`,
  );
  return rows.map(toLine);
}

/** Every unmatched line of an account, in statement order (auto-match). */
export const unmatchedLines = (tx: Tx, scope: Scope, bankAccountId: string) =>
  tx
    .select()
    .from(bankLines)
    .where(
      and(inCompany(bankLines, scope), eq(bankLines.bankAccountId, bankAccountId), isNull(bankLines.matchId)),
    )
    .orderBy(bankLines.lineDate, bankLines.position);

// ---------------------------------------------------------------- matches

export type MatchRow = typeof bankMatches.$inferSelect;

export async function findMatch(tx: Tx, scope: Scope, id: string): Promise<MatchRow | undefined> {
  const [row] = await tx
    .select()
    .from(bankMatches)
    .where(and(inCompany(bankMatches, scope), eq(bankMatches.id, id)));
  return row;
}

export async function insertMatch(
  tx: Tx,
  scope: Scope,
  values: { bankAccountId: string; rule: string; matchedBy: string | null },
): Promise<MatchRow> {
  const [row] = await tx
    .insert(bankMatches)
    .values({ companyId: scope.companyId, ...values })
    .returning();
  return row!;
}

/**
 * Puts lines in a match, only those still unmatched: with two accountants at once the second
 * waits on the first's row locks, then finds the lines taken. Returns how many it put.
 */
export async function claimLines(tx: Tx, scope: Scope, matchId: string, lineIds: string[]): Promise<number> {
  const rows = await tx
    .update(bankLines)
    .set({ matchId })
    .where(and(inCompany(bankLines, scope), inArray(bankLines.id, lineIds), isNull(bankLines.matchId)))
    .returning({ id: bankLines.id });
  return rows.length;
}

export async function insertMatchEntries(tx: Tx, scope: Scope, matchId: string, seqs: number[]) {
  await tx
    .insert(bankMatchEntries)
    .values(seqs.map((ledgerSeq) => ({ companyId: scope.companyId, matchId, ledgerSeq })));
}

export async function lineIdsOfMatch(tx: Tx, scope: Scope, matchId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: bankLines.id })
    .from(bankLines)
    .where(and(inCompany(bankLines, scope), eq(bankLines.matchId, matchId)))
    .orderBy(bankLines.lineDate, bankLines.position);
  return rows.map((row) => row.id);
}

export async function seqsOfMatch(tx: Tx, scope: Scope, matchId: string): Promise<number[]> {
  const rows = await tx
    .select({ seq: bankMatchEntries.ledgerSeq })
    .from(bankMatchEntries)
    .where(and(inCompany(bankMatchEntries, scope), eq(bankMatchEntries.matchId, matchId)));
  return rows.map((row) => Number(row.seq));
}

export async function deleteMatch(tx: Tx, scope: Scope, matchId: string) {
  await tx
    .update(bankLines)
    .set({ matchId: null })
    .where(and(inCompany(bankLines, scope), eq(bankLines.matchId, matchId)));
  await tx
    .delete(bankMatchEntries)
    .where(and(inCompany(bankMatchEntries, scope), eq(bankMatchEntries.matchId, matchId)));
  await tx.delete(bankMatches).where(and(inCompany(bankMatches, scope), eq(bankMatches.id, matchId)));
}

export async function userName(tx: Tx, scope: Scope, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await queryRows<{ name: string }>(
    tx,
    sql`select trim(u.first_name || ' ' || u.last_name) as name from users u where u.id = ${userId} and u.company_id = ${scope.companyId}`,
  );
  return row?.name ?? null;
}

/** The journal a payment posted. */
export async function paymentJournalId(tx: Tx, scope: Scope, paymentId: string): Promise<string> {
  const [row] = await queryRows<{ journal_id: string }>(
    tx,
    sql`select journal_id from payments where company_id = ${scope.companyId} and id = ${paymentId}`,
  );
  return row!.journal_id;
}

// ---------------------------------------------------------------- payouts

export interface PayoutRow {
  id: string;
  amount: number;
  currency: string;
  reference: string | null;
  journalId: string;
  accountType: string;
  returnedBy: string | null;
}

/**
 * A payout of the company, locked so two returns of it queue, with the journal that already
 * reversed it (a return) if any.
 */
export async function findPayoutForUpdate(tx: Tx, scope: Scope, id: string): Promise<PayoutRow | undefined> {
  // An advisory lock, not FOR UPDATE: the app role may read payouts but never update them.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`${scope.companyId}|payout-return|${id}`}, 0))`,
  );
  const [row] = await queryRows<{
    id: string;
    amount_cents: string | number;
    currency: string;
    reference: string | null;
    journal_id: string;
    account_type: string;
  }>(
    tx,
    sql`select po.id, po.amount_cents, po.currency, po.reference, po.journal_id, po.account_type
      from payouts po where po.company_id = ${scope.companyId} and po.id = ${id}`,
  );
  if (!row) return undefined;
  const [reversal] = await queryRows<{ id: string }>(
    tx,
    sql`select j.id from journals j where j.company_id = ${scope.companyId} and j.reverses_id = ${row.journal_id} limit 1`,
  );
  return {
    id: row.id,
    amount: Number(row.amount_cents),
    currency: row.currency,
    reference: row.reference,
    journalId: row.journal_id,
    accountType: row.account_type,
    returnedBy: reversal?.id ?? null,
  };
}

// ---------------------------------------------------------------- suspense

export type SuspenseRow = typeof suspenseItems.$inferSelect;

export async function insertSuspenseItem(
  tx: Tx,
  values: typeof suspenseItems.$inferInsert,
): Promise<SuspenseRow> {
  const [row] = await tx.insert(suspenseItems).values(values).returning();
  return row!;
}

/**
 * Resolves an open item (allocated or refunded): only an open one changes, so of two accountants
 * resolving it at once the second finds it resolved. Undefined when it was not open.
 */
export async function resolveSuspenseItem(
  tx: Tx,
  scope: Scope,
  id: string,
  values: Partial<typeof suspenseItems.$inferInsert>,
): Promise<SuspenseRow | undefined> {
  const [row] = await tx
    .update(suspenseItems)
    .set({ ...values, version: sql`${suspenseItems.version} + 1` })
    .where(and(inCompany(suspenseItems, scope), eq(suspenseItems.id, id), eq(suspenseItems.state, 'open')))
    .returning();
  return row;
}

export async function findSuspenseItem(tx: Tx, scope: Scope, id: string): Promise<SuspenseRow | undefined> {
  const [row] = await tx
    .select()
    .from(suspenseItems)
    .where(and(inCompany(suspenseItems, scope), eq(suspenseItems.id, id)));
  return row;
}

export type SuspenseListRow = {
  id: string;
  bank_line_id: string;
  line_date: string;
  description: string;
  counterparty: string | null;
  currency: string;
  amount_cents: string | number;
  note: string;
  state: 'open' | 'allocated' | 'refunded';
  lease_id: string | null;
  payment_id: string | null;
  resolution: string | null;
  created_by_name: string | null;
  created_at: string | Date;
  resolved_at: string | Date | null;
};

const SUSPENSE_SELECT = sql`select s.id, s.bank_line_id, bl.line_date::text as line_date, bl.description, bl.counterparty,
    s.currency, s.amount_cents, s.note, s.state, s.lease_id, s.payment_id, s.resolution,
    trim(u.first_name || ' ' || u.last_name) as created_by_name, s.created_at, s.resolved_at`;
const SUSPENSE_FROM = sql`from suspense_items s join bank_lines bl on bl.id = s.bank_line_id
  left join users u on u.id = s.created_by`;

export async function suspenseView(tx: Tx, scope: Scope, id: string): Promise<SuspenseListRow | undefined> {
  const [row] = await queryRows<SuspenseListRow>(
    tx,
    sql`${SUSPENSE_SELECT} ${SUSPENSE_FROM} where s.company_id = ${scope.companyId} and s.id = ${id}`,
  );
  return row;
}

/** Suspense items, open first, then newest. */
export function suspensePage(
  tx: Tx,
  scope: Scope,
  query: { page: number; pageSize: number; state?: string | undefined },
): Promise<CountedPage<SuspenseListRow>> {
  const where = sql`s.company_id = ${scope.companyId} ${query.state ? sql`and s.state = ${query.state}` : sql``}`;
  return selectCountedPage(
    tx,
    query,
    sql`select 1 from suspense_items s where ${where}`,
    ({ counted, limit, offset }) =>
      queryRows<SuspenseListRow & { counted: number | string }>(
        tx,
        sql`${SUSPENSE_SELECT}, ${counted} as counted ${SUSPENSE_FROM} where ${where}
          order by (s.state <> 'open'), bl.line_date desc, s.created_at desc, s.id
          limit ${limit} offset ${offset}`,
      ),
  );
}
