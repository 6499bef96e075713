import {
  BOOKS,
  formatMajorUnits,
  type Book,
  type ChartAccount,
  type Journal,
  type JournalDetail,
  type JournalSource,
  type StatementQuery,
} from '@lintel/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { JournalQuery, LedgerExportQuery } from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { journals } from '../../db/schema/index.ts';
import { isUuid, readInSlices, transact, type Ctx } from '../../db/scope.ts';
import { inTurns } from '../../lib/chunks.ts';
import { toCsv } from '../../lib/documents/csv.ts';
import { notFound } from '../../lib/errors.ts';
import type { FileReply } from '../../lib/http.ts';
import { assertRole } from '../../lib/roles.ts';
import { FIXED_ACCOUNTS, bookOf, typeOf } from './accounts.ts';
import { accountLabels } from './labels.ts';
import * as generalRepo from './general-repo.ts';
import * as repo from './repo.ts';
import { statement, type StatementLines } from './service.ts';

type Scope = Pick<Ctx, 'companyId'>;

/** Who reads the general ledger: as the trial balance. */
const BOOKKEEPERS = ['admin', 'accountant'] as const;

const JOURNAL_NOT_FOUND = () => notFound('Journal not found');
const ACCOUNT_NOT_FOUND = () => notFound('Account not found');

/**
 * Where a journal came from, by its kind: the one mapping (the list's filter renders the same
 * rules in SQL). The first rule that matches wins: a reversal of a payment is a reversal.
 */
const SOURCE_RULES: { source: JournalSource; exact?: string[]; prefix?: string[]; suffix?: string[] }[] = [
  { source: 'reversal', suffix: ['_reversal'] },
  { source: 'opening', exact: ['opening_balance'], prefix: ['opening'] },
  { source: 'payment', prefix: ['payment'] },
  { source: 'payout', exact: ['payout'], prefix: ['payout_'] },
  { source: 'levy', prefix: ['levy'] },
  { source: 'expense', exact: ['expense'], prefix: ['expense_'] },
  { source: 'transfer', exact: ['fee_transfer'], prefix: ['transfer'], suffix: ['_transfer'] },
  { source: 'invoice', prefix: ['invoice'] },
  { source: 'deposit', prefix: ['deposit'] },
];

export function sourceOf(kind: string): JournalSource {
  const rule = SOURCE_RULES.find(
    (each) =>
      each.exact?.includes(kind) ||
      each.prefix?.some((prefix) => kind.startsWith(prefix)) ||
      each.suffix?.some((suffix) => kind.endsWith(suffix)),
  );
  return rule?.source ?? 'other';
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** `sourceOf(journals.kind) = source`, in SQL, from the same rules. */
export function sourceCondition(source: JournalSource): SQL {
  const whens = SOURCE_RULES.map((rule) => {
    const tests = [
      ...(rule.exact ?? []).map((kind) => sql`${journals.kind} = ${kind}`),
      ...(rule.prefix ?? []).map((prefix) => sql`${journals.kind} like ${`${likeEscape(prefix)}%`}`),
      ...(rule.suffix ?? []).map((suffix) => sql`${journals.kind} like ${`%${likeEscape(suffix)}`}`),
    ];
    return sql`when ${sql.join(tests, sql` or `)} then ${rule.source}`;
  });
  return sql`(case ${sql.join(whens, sql` `)} else 'other' end) = ${source}`;
}

type JournalRow = Awaited<ReturnType<typeof generalRepo.journalPage>>['rows'][number];

async function withLines(tx: Tx, scope: Scope, rows: JournalRow[]): Promise<Journal[]> {
  const lines = await generalRepo.linesOfJournals(
    tx,
    scope,
    rows.map((row) => row.id),
  );
  const labels = await accountLabels(
    tx,
    scope,
    lines.map((line) => line.account),
  );
  const byJournal = new Map<string, Journal['lines']>();
  for (const line of lines) {
    const list = byJournal.get(line.journalId) ?? [];
    list.push({
      account: line.account,
      label: labels.get(line.account) ?? line.account,
      book: line.book,
      currency: line.currency,
      amount: line.amountCents,
    });
    byJournal.set(line.journalId, list);
  }
  return rows.map((row) => ({
    _id: row.id,
    book: row.book,
    kind: row.kind,
    source: sourceOf(row.kind),
    description: row.description,
    reference: row.reference,
    entryDate: row.entryDate,
    linkedId: row.linkedId,
    reversesId: row.reversesId,
    postedBy: row.postedBy,
    lines: byJournal.get(row.id) ?? [],
  }));
}

export const listJournals = (ctx: Ctx, query: z.output<typeof JournalQuery>) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, BOOKKEEPERS);
    const { rows, total } = await generalRepo.journalPage(
      tx,
      ctx,
      {
        book: query.book,
        from: query.from,
        to: query.to,
        account: query.account,
        currency: query.currency,
        kind: query.source ? sourceCondition(query.source) : undefined,
      },
      { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
    );
    return { items: await withLines(tx, ctx, rows), total };
  });

export const getJournal = (ctx: Ctx, id: string): Promise<JournalDetail> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, BOOKKEEPERS);
    if (!isUuid(id)) throw JOURNAL_NOT_FOUND();
    const found = await generalRepo.journalWithLinked(tx, ctx, id);
    if (!found) throw JOURNAL_NOT_FOUND();
    const [journal] = await withLines(tx, ctx, [found.journal]);
    return { ...journal!, linkedJournalIds: found.linkedIds };
  });

const bookOrder = (account: string) => BOOKS.indexOf(bookOf(account));
const fixedOrder = (account: string) => {
  const index = FIXED_ACCOUNTS.indexOf(account);
  return index === -1 ? FIXED_ACCOUNTS.length : index;
};

/** Every fixed account and every account with lines, trust first, fixed accounts first. */
export const chartOfAccounts = (ctx: Ctx, currency: string | undefined): Promise<ChartAccount[]> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, BOOKKEEPERS);
    const balances = await repo.balances(tx, ctx, { currency });
    const accounts = new Set([...FIXED_ACCOUNTS, ...balances.map((row) => row.account)]);
    const labels = await accountLabels(tx, ctx, accounts);
    return [...accounts]
      .map((account) => ({
        account,
        label: labels.get(account) ?? account,
        book: bookOf(account),
        type: typeOf(account),
        balances: balances
          .filter((row) => row.account === account)
          .map((row) => ({ currency: row.currency, balance: row.balance })),
      }))
      .sort(
        (a, b) =>
          bookOrder(a.account) - bookOrder(b.account) ||
          fixedOrder(a.account) - fixedOrder(b.account) ||
          a.label.localeCompare(b.label) ||
          a.account.localeCompare(b.account),
      );
  });

const linesFor = (query: StatementQuery): StatementLines =>
  query.format === 'json' ? { page: query.page, pageSize: query.pageSize } : 'all';

const inSomeBook = (account: string) => {
  try {
    bookOf(account);
    return true;
  } catch {
    return false;
  }
};

/**
 * Any account's statement. Assets and expenses read debit-positive (money into the bank is money
 * in); holder, income and liability accounts credit-positive, as the holder sees them.
 */
export const accountStatement = (ctx: Ctx, account: string, query: StatementQuery) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, BOOKKEEPERS);
    if (!inSomeBook(account)) throw ACCOUNT_NOT_FOUND();
    if (!FIXED_ACCOUNTS.includes(account) && !(await generalRepo.accountHasLines(tx, ctx, account)))
      throw ACCOUNT_NOT_FOUND();
    const labels = await accountLabels(tx, ctx, [account]);
    const book = bookOf(account);
    const type = typeOf(account);
    return statement(
      tx,
      ctx,
      {
        accounts: [account],
        title: 'Account statement',
        subject: labels.get(account) ?? account,
        subjectDetail: `${account} · ${book === 'trust' ? 'Trust' : 'Business'} book · ${type}`,
        debitNormal: type === 'asset' || type === 'expense',
      },
      query,
      linesFor(query),
    );
  });

/** Text safe on one line of an hledger journal: no line breaks, no comment start, single spaces. */
const oneLine = (text: string) =>
  text
    .replace(/[\r\n\t\u2028\u2029]+/g, ' ')
    .replace(/;/g, ',')
    .replace(/\s{2,}/g, ' ')
    .trim();

/** An hledger transaction code goes between parentheses: none inside it. */
const code = (reference: string | null) => {
  const clean = reference === null ? '' : oneLine(reference).replace(/[()]/g, '');
  return clean ? ` (${clean})` : '';
};

/** An account name with single spaces only (two spaces end a name in hledger). */
const accountName = (account: string) => oneLine(account).replace(/\s/g, '_');

const decimal = (cents: number) => (cents < 0 ? `-${formatMajorUnits(-cents)}` : formatMajorUnits(cents));

type ExportLine = Awaited<ReturnType<typeof generalRepo.exportLines>>[number];

/** Lines grouped into their journals, in posting order (a journal's lines share a date). */
function journalsOf(lines: ExportLine[]) {
  const groups = new Map<string, ExportLine[]>();
  for (const line of lines) {
    const group = groups.get(line.journalId) ?? [];
    group.push(line);
    groups.set(line.journalId, group);
  }
  return [...groups.values()];
}

/** Journals or lines written per turn of the event loop. */
const WRITTEN_PER_TURN = 5_000;

/** The general ledger as an hledger journal: one transaction per journal, one posting per line. */
export async function hledgerJournal(lines: ExportLine[], heading: string): Promise<string> {
  const accounts = [...new Set(lines.map((line) => accountName(line.account)))].sort();
  const currencies = [...new Set(lines.map((line) => line.currency))].sort();
  const out = [`; ${oneLine(heading)}`, ''];
  for (const currency of currencies) out.push(`commodity ${currency} 1000.00`);
  for (const account of accounts) out.push(`account ${account}`);
  if (currencies.length + accounts.length > 0) out.push('');
  await inTurns(journalsOf(lines), WRITTEN_PER_TURN, (groups) => {
    for (const group of groups) {
      const first = group[0]!;
      out.push(`${first.entryDate}${code(first.reference)} ${oneLine(first.description) || first.kind}`);
      out.push(`    ; journal: ${first.journalId}, book: ${first.book}, kind: ${oneLine(first.kind)}`);
      for (const line of group) {
        out.push(`    ${accountName(line.account)}  ${line.currency} ${decimal(line.amountCents)}`);
      }
      out.push('');
    }
  });
  return out.join('\n');
}

const CSV_COLUMNS = [
  { key: 'date', header: 'Date' },
  { key: 'journalId', header: 'Journal' },
  { key: 'book', header: 'Book' },
  { key: 'reference', header: 'Reference' },
  { key: 'description', header: 'Description' },
  { key: 'account', header: 'Account' },
  { key: 'currency', header: 'Currency' },
  { key: 'debit', header: 'Debit' },
  { key: 'credit', header: 'Credit' },
];

export async function ledgerCsv(lines: ExportLine[]): Promise<string> {
  const pieces = [toCsv(CSV_COLUMNS, [])];
  await inTurns(lines, WRITTEN_PER_TURN, (slice) => {
    pieces.push(
      toCsv(
        CSV_COLUMNS,
        slice.map((line) => ({
          date: line.entryDate,
          journalId: line.journalId,
          book: line.book,
          reference: line.reference,
          description: line.description,
          account: line.account,
          currency: line.currency,
          debit: line.amountCents > 0 ? decimal(line.amountCents) : null,
          credit: line.amountCents < 0 ? decimal(-line.amountCents) : null,
        })),
        { header: false },
      ),
    );
  });
  return pieces.join('');
}

/** Posting order: by date, then as posted. */
const byPostingOrder = (a: ExportLine, b: ExportLine) =>
  a.entryDate === b.entryDate ? a.seq - b.seq : a.entryDate < b.entryDate ? -1 : 1;

/**
 * The whole general ledger (or one book, period, currency) as a CSV or hledger journal file, as it
 * stood when the download began. Read in slices, and written a piece at a time, so the embedded
 * database and the server's thread answer other people meanwhile.
 */
export async function exportLedger(
  ctx: Ctx,
  query: z.output<typeof LedgerExportQuery>,
  linesPerSlice = generalRepo.EXPORT_SLICE,
): Promise<FileReply> {
  assertRole(ctx, BOOKKEEPERS);
  const lines = await readInSlices(
    ctx,
    (tx) => generalRepo.lastLinePosted(tx, ctx),
    (tx, upToSeq, last: ExportLine | undefined) =>
      generalRepo.exportLines(tx, ctx, query, upToSeq, last, linesPerSlice),
  );
  lines.sort(byPostingOrder);
  const book: Book | 'general' = query.book ?? 'general';
  const stamp = query.to ?? new Date().toISOString().slice(0, 10);
  const base = `lintel-${book}-ledger-${stamp}`;
  if (query.format === 'ledger') {
    const heading = [
      `Lintel ${query.book ? `${query.book} book` : 'general ledger (trust and business books)'}`,
      query.currency ? `in ${query.currency}` : 'every currency',
      `from ${query.from ?? 'the start'} to ${query.to ?? 'today'}`,
    ].join(', ');
    return {
      body: await hledgerJournal(lines, heading),
      contentType: 'text/plain; charset=utf-8',
      filename: `${base}.journal`,
    };
  }
  return { body: await ledgerCsv(lines), contentType: 'text/csv; charset=utf-8', filename: `${base}.csv` };
}
