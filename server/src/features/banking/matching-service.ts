import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  formatMoney,
  type AutoMatchReport,
  type BankChargeInput,
  type BankLineQuery,
  type BankLineView,
  type BankMatchView,
  type LedgerEntry,
  type MatchInput,
  type MatchRule,
  type MatchSuggestion,
  type PageQuery,
  type ReceiptFromLineInput,
  type ReturnedPayoutInput,
} from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { isUuid, transact, type Ctx } from '../../db/scope.ts';
import { chunksOf } from '../../lib/chunks.ts';
import { isUniqueViolation, sqlState } from '../../lib/db-errors.ts';
import { conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { assertRole } from '../../lib/roles.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import { ledgerAccount, postJournal, postReversal } from '../ledger/index.ts';
import { postPayments } from '../payments/index.ts';
import { decide, rankCandidates, windowOf, type CandidateEntry } from './match-rules.ts';
import * as repo from './matching-repo.ts';
import { findBankAccount, type BankAccountRow } from './repo.ts';

type Page<T> = { items: T[]; total: number; totalIsLowerBound?: boolean };

export const READERS = ['admin', 'accountant'] as const;
export const WRITERS = ['accountant'] as const;

const ACCOUNT_NOT_FOUND = () => notFound('Bank account not found');
const LINE_NOT_FOUND = () => notFound('Statement line not found');
const MATCH_NOT_FOUND = () => notFound('Match not found');
/** Someone else's match landed between our read and our write. */
export const MATCHED_MEANWHILE = () =>
  conflict('ALREADY_MATCHED', 'This line was matched by someone else a moment ago. Refresh to see it.');
const LINE_ALREADY_MATCHED = () =>
  conflict(
    'ALREADY_MATCHED',
    'This statement line is already matched. Unmatch it first to match it differently.',
  );

/** The bank account's ledger account: `<book>:bank` in its currency. */
export const ledgerOf = (account: BankAccountRow): repo.LedgerOf => ({
  account: account.book === 'trust' ? ledgerAccount.trustBank : ledgerAccount.businessBank,
  currency: account.currency,
});

export async function loadAccount(tx: Tx, ctx: Ctx, id: string): Promise<BankAccountRow> {
  const account = await findBankAccount(tx, ctx, id);
  if (!account) throw ACCOUNT_NOT_FOUND();
  return account;
}

/** A line of the company with its account; another company's line is simply not found. */
export async function loadLine(tx: Tx, ctx: Ctx, id: string) {
  if (!isUuid(id)) throw LINE_NOT_FOUND();
  const [line] = await repo.linesByIds(tx, ctx, [id]);
  if (!line) throw LINE_NOT_FOUND();
  const account = await findBankAccount(tx, ctx, line.bankAccountId);
  if (!account) throw LINE_NOT_FOUND();
  return { line, account };
}

/** The unknown-money actions work on one unmatched line going the right way. */
export function assertUnmatchedLine(line: repo.LineRow, direction: 'credit' | 'debit', action: string): void {
  if (line.matchId !== null) throw LINE_ALREADY_MATCHED();
  if (direction === 'credit' && line.amountCents <= 0) {
    throw unprocessable(
      'WRONG_DIRECTION',
      `Only money coming in (a credit) can be ${action}; this line is a debit.`,
    );
  }
  if (direction === 'debit' && line.amountCents >= 0) {
    throw unprocessable(
      'WRONG_DIRECTION',
      `Only money going out (a debit) can be ${action}; this line is a credit.`,
    );
  }
}

export function assertTrustAccount(account: BankAccountRow, action: string): void {
  if (account.book !== 'trust') {
    throw unprocessable(
      'WRONG_BOOK',
      `Only a line of a trust bank account can be ${action}; ${account.name} is a business account.`,
    );
  }
}

const toIsoTime = (value: Date | string) => new Date(value).toISOString();

/**
 * Writes a match of lines and entries. Lines are claimed only while still unmatched and an entry
 * can be in one match only (unique), so of two accountants matching the same money at once one
 * wins and the other is told, whichever of the two they collide on.
 */
export async function writeMatch(
  tx: Tx,
  ctx: Ctx,
  account: BankAccountRow,
  lineIds: string[],
  seqs: number[],
  rule: MatchRule,
): Promise<string> {
  const match = await repo.insertMatch(tx, ctx, { bankAccountId: account.id, rule, matchedBy: ctx.userId });
  if ((await repo.claimLines(tx, ctx, match.id, lineIds)) !== lineIds.length) throw MATCHED_MEANWHILE();
  try {
    await repo.insertMatchEntries(tx, ctx, match.id, seqs);
  } catch (error) {
    if (isUniqueViolation(error)) throw MATCHED_MEANWHILE();
    throw error;
  }
  return match.id;
}

/** Runs a matching write; a unique violation or deadlock with another accountant's match is a 409. */
export async function matchingTransaction<T>(ctx: Ctx, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await transact(ctx, work);
  } catch (error) {
    // Two multi-line matches taking the same lines in another order: PostgreSQL breaks the tie.
    if (isUniqueViolation(error) || sqlState(error) === '40P01') throw MATCHED_MEANWHILE();
    throw error;
  }
}

export async function matchView(tx: Tx, ctx: Ctx, matchId: string): Promise<BankMatchView> {
  const match = await repo.findMatch(tx, ctx, matchId);
  if (!match) throw MATCH_NOT_FOUND();
  const entries = await repo.entriesOfMatches(tx, ctx, [matchId]);
  return {
    _id: match.id,
    bankAccountId: match.bankAccountId,
    rule: match.rule as MatchRule,
    lineIds: await repo.lineIdsOfMatch(tx, ctx, matchId),
    entries: entries.map(repo.toLedgerEntry),
    matchedByName: await repo.userName(tx, ctx, match.matchedBy),
    createdAt: toIsoTime(match.createdAt),
  };
}

async function lineViews(tx: Tx, ctx: Ctx, lines: repo.LineWithState[]): Promise<BankLineView[]> {
  const matchIds = [...new Set(lines.flatMap((line) => line.matchId ?? []))];
  const entries = await repo.entriesOfMatches(tx, ctx, matchIds);
  return lines.map((line) => ({
    _id: line.id,
    bankAccountId: line.bankAccountId,
    statementId: line.statementId,
    date: line.lineDate,
    description: line.description,
    reference: line.reference,
    counterparty: line.counterparty,
    amount: line.amountCents,
    balance: line.balanceCents,
    bankTransactionId: line.bankTransactionId,
    matchId: line.matchId,
    rule: (line.rule as MatchRule | null) ?? null,
    entries: line.matchId
      ? entries.filter((entry) => entry.matchId === line.matchId).map(repo.toLedgerEntry)
      : [],
    suspenseItemId: line.suspenseItemId,
  }));
}

export async function lineView(tx: Tx, ctx: Ctx, lineId: string): Promise<BankLineView> {
  const lines = await repo.linesByIds(tx, ctx, [lineId]);
  const [view] = await lineViews(tx, ctx, lines);
  if (!view) throw LINE_NOT_FOUND();
  return view;
}

// ---------------------------------------------------------------- reads

export const listLines = (
  ctx: Ctx,
  bankAccountId: string,
  query: z.output<typeof BankLineQuery>,
): Promise<Page<BankLineView>> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, READERS);
    const account = await loadAccount(tx, ctx, bankAccountId);
    const page = await repo.linesPage(tx, ctx, account.id, query);
    return { ...page, items: await lineViews(tx, ctx, page.items) };
  });

export const listUnmatchedEntries = (
  ctx: Ctx,
  bankAccountId: string,
  query: PageQuery & { from?: string; to?: string },
): Promise<Page<LedgerEntry>> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, READERS);
    const account = await loadAccount(tx, ctx, bankAccountId);
    return repo.unmatchedEntriesPage(tx, ctx, ledgerOf(account), query);
  });

export const suggestions = (ctx: Ctx, lineId: string): Promise<MatchSuggestion[]> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, READERS);
    const { line, account } = await loadLine(tx, ctx, lineId);
    if (line.matchId !== null) return [];
    const window = windowOf(line.lineDate, account.matchWindowDays);
    const entries = await repo.candidateEntries(tx, ctx, ledgerOf(account), {
      ...window,
      amounts: new Set([line.amountCents]),
    });
    return rankCandidates(factsOf(line), entries, account.matchWindowDays).map((candidate) => ({
      entries: candidate.entries.map(repo.toLedgerEntry),
      rule: candidate.rule,
      confidence: candidate.confidence,
      reason: candidate.reason,
    }));
  });

const factsOf = (line: repo.LineRow) => ({
  date: line.lineDate,
  amount: line.amountCents,
  reference: line.reference,
  description: line.description,
  counterparty: line.counterparty,
});

// ---------------------------------------------------------------- matching

/**
 * Matches every unmatched line that one entry fits clearly: the best candidate strong enough and
 * alone at its score. Lines go in statement order; an entry taken by one line is no candidate for
 * a later one. All of it one transaction, written in multi-row statements.
 */
export const autoMatch = (ctx: Ctx, bankAccountId: string): Promise<AutoMatchReport> =>
  matchingTransaction(ctx, async (tx) => {
    assertRole(ctx, WRITERS);
    const account = await loadAccount(tx, ctx, bankAccountId);
    const lines = await repo.unmatchedLines(tx, ctx, account.id);
    const report: AutoMatchReport = { matched: 0, ambiguous: 0, byRule: {} };
    if (lines.length === 0) return report;
    const dates = lines.map((line) => line.lineDate).sort();
    const from = windowOf(dates[0]!, account.matchWindowDays).from;
    const to = windowOf(dates.at(-1)!, account.matchWindowDays).to;
    const entries = await repo.candidateEntries(tx, ctx, ledgerOf(account), {
      from,
      to,
      amounts: new Set(lines.map((line) => line.amountCents)),
    });
    // Entries by amount, each list in date order (the query's): a line looks only at its window.
    const byAmount = new Map<number, CandidateEntry[]>();
    for (const entry of entries) {
      const list = byAmount.get(entry.amount);
      if (list) list.push(entry);
      else byAmount.set(entry.amount, [entry]);
    }
    const taken = new Set<number>();
    const matches: { id: string; lineId: string; seq: number; rule: MatchRule }[] = [];
    for (const line of lines) {
      const window = windowOf(line.lineDate, account.matchWindowDays);
      const candidates = inWindow(byAmount.get(line.amountCents) ?? [], window).filter(
        (entry) => !taken.has(entry.seq),
      );
      const decision = decide(
        rankCandidates(factsOf(line), candidates, account.matchWindowDays, { depositSlips: false }),
      );
      if (decision.kind === 'ambiguous') report.ambiguous += 1;
      if (decision.kind !== 'match') continue;
      const entry = decision.candidate.entries[0]!;
      taken.add(entry.seq);
      matches.push({ id: randomUUID(), lineId: line.id, seq: entry.seq, rule: decision.candidate.rule });
      report.byRule[decision.candidate.rule] = (report.byRule[decision.candidate.rule] ?? 0) + 1;
    }
    report.matched = matches.length;
    for (const chunk of chunksOf(matches, 1000)) {
      await tx.execute(sql`insert into bank_matches (id, company_id, bank_account_id, rule, matched_by)
        values ${sql.join(
          chunk.map(
            (match) => sql`(${match.id}, ${ctx.companyId}, ${account.id}, ${match.rule}, ${ctx.userId})`,
          ),
          sql`, `,
        )}`);
      const claimed = await tx.execute(sql`update bank_lines bl set match_id = v.match_id::uuid
        from (values ${sql.join(
          chunk.map((match) => sql`(${match.lineId}, ${match.id})`),
          sql`, `,
        )}) as v(line_id, match_id)
        where bl.id = v.line_id::uuid and bl.company_id = ${ctx.companyId} and bl.match_id is null`);
      if (rowCount(claimed) !== chunk.length) throw MATCHED_MEANWHILE();
      await tx.execute(sql`insert into bank_match_entries (company_id, match_id, ledger_seq)
        values ${sql.join(
          chunk.map((match) => sql`(${ctx.companyId}, ${match.id}, ${match.seq})`),
          sql`, `,
        )}`);
    }
    await recordAudit(tx, auditActor(ctx), {
      action: 'bank.auto_matched',
      entity: 'bank_account',
      entityId: account.id,
      after: report,
    });
    return report;
  });

/** The entries of a date-ordered list dated within the window (ISO dates compare as strings). */
function inWindow(entries: CandidateEntry[], window: { from: string; to: string }): CandidateEntry[] {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (entries[middle]!.date < window.from) low = middle + 1;
    else high = middle;
  }
  const found: CandidateEntry[] = [];
  for (let at = low; at < entries.length && entries[at]!.date <= window.to; at += 1) found.push(entries[at]!);
  return found;
}

/** Rows an UPDATE touched: node-postgres says `rowCount`, PGlite `affectedRows`. */
function rowCount(result: unknown): number {
  const answer = result as { rowCount?: number | null; affectedRows?: number };
  return answer.rowCount ?? answer.affectedRows ?? 0;
}

const sameSet = <T>(a: T[], b: T[]) => a.length === b.length && a.every((value) => b.includes(value));

/**
 * Matches lines to entries by hand (one to many, many to one). Their sums must agree. Matching
 * exactly what is already matched returns that match; anything else already matched is a 409.
 */
export const matchByHand = (ctx: Ctx, input: z.output<typeof MatchInput>): Promise<BankMatchView> =>
  matchingTransaction(ctx, async (tx) => {
    assertRole(ctx, WRITERS);
    const lineIds = [...new Set(input.lineIds)];
    const seqs = [...new Set(input.entrySeqs)];
    if (!lineIds.every(isUuid)) throw LINE_NOT_FOUND();
    const lines = await repo.linesByIds(tx, ctx, lineIds);
    if (lines.length !== lineIds.length) throw LINE_NOT_FOUND();
    const accountIds = new Set(lines.map((line) => line.bankAccountId));
    if (accountIds.size > 1) {
      throw unprocessable(
        'MATCH_ACROSS_ACCOUNTS',
        'The lines are of different bank accounts: match each account on its own.',
      );
    }
    const account = await loadAccount(tx, ctx, lines[0]!.bankAccountId);
    const ledger = ledgerOf(account);
    const entries = await repo.entriesBySeqs(tx, ctx, ledger, seqs);
    const missing = seqs.filter((seq) => !entries.some((entry) => entry.seq === seq));
    if (missing.length > 0) {
      throw unprocessable(
        'ENTRY_NOT_OF_ACCOUNT',
        `Ledger entr${missing.length === 1 ? 'y' : 'ies'} ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not ${ledger.account} in ${ledger.currency}, the ledger of ${account.name}.`,
      );
    }
    // The same match asked for again (a retry, a double click): it stands.
    const existing = lines[0]!.matchId;
    if (existing && lines.every((line) => line.matchId === existing)) {
      if (
        sameSet(await repo.seqsOfMatch(tx, ctx, existing), seqs) &&
        sameSet(await repo.lineIdsOfMatch(tx, ctx, existing), lineIds)
      ) {
        return matchView(tx, ctx, existing);
      }
    }
    if (lines.some((line) => line.matchId !== null)) throw LINE_ALREADY_MATCHED();
    const taken = entries.filter((entry) => entry.matchId !== null);
    if (taken.length > 0) {
      throw conflict(
        'ALREADY_MATCHED',
        `Ledger entr${taken.length === 1 ? 'y' : 'ies'} ${taken.map((entry) => entry.seq).join(', ')} ${taken.length === 1 ? 'is' : 'are'} already matched to another statement line.`,
      );
    }
    const linesSum = lines.reduce((sum, line) => sum + line.amountCents, 0);
    const entriesSum = entries.reduce((sum, entry) => sum + entry.amount, 0);
    if (linesSum !== entriesSum) {
      throw unprocessable(
        'MATCH_AMOUNTS_DIFFER',
        `The lines add up to ${formatMoney(linesSum, account.currency)} and the entries to ${formatMoney(entriesSum, account.currency)}: a match must agree to the cent.`,
      );
    }
    const matchId = await writeMatch(tx, ctx, account, lineIds, seqs, 'manual');
    const view = await matchView(tx, ctx, matchId);
    await recordAudit(tx, auditActor(ctx), {
      action: 'bank.matched',
      entity: 'bank_match',
      entityId: matchId,
      after: view,
    });
    return view;
  });

/** Undoes a match: its lines and entries are unmatched again; what it posted stays posted. */
export const unmatch = (ctx: Ctx, matchId: string): Promise<{ _id: string }> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, WRITERS);
    if (!isUuid(matchId)) throw MATCH_NOT_FOUND();
    const before = await matchView(tx, ctx, matchId);
    await repo.deleteMatch(tx, ctx, matchId);
    await recordAudit(tx, auditActor(ctx), {
      action: 'bank.unmatched',
      entity: 'bank_match',
      entityId: matchId,
      before,
    });
    return { _id: matchId };
  });

// ---------------------------------------------------------------- unknown money

/** Matches one line to the bank entry an action just posted (its journal's bank line). */
export async function matchToJournal(
  tx: Tx,
  ctx: Ctx,
  account: BankAccountRow,
  line: repo.LineRow,
  journalId: string,
  rule: MatchRule,
): Promise<string> {
  const entry = await repo.bankEntryOfJournal(tx, ctx, ledgerOf(account), journalId);
  if (!entry || entry.amount !== line.amountCents) {
    throw new Error(`Journal ${journalId} has no ${ledgerOf(account).account} line of ${line.amountCents}`);
  }
  return writeMatch(tx, ctx, account, [line.id], [entry.seq], rule);
}

/** An unmatched trust credit becomes a payment on a lease, dated the line's day and matched to it. */
export const receiptFromLine = (
  ctx: Ctx,
  lineId: string,
  input: z.output<typeof ReceiptFromLineInput>,
): Promise<BankLineView> =>
  matchingTransaction(ctx, async (tx) => {
    assertRole(ctx, WRITERS);
    const { line, account } = await loadLine(tx, ctx, lineId);
    assertTrustAccount(account, 'receipted as a payment');
    assertUnmatchedLine(line, 'credit', 'receipted as a payment');
    const [paymentId] = await postPayments(tx, ctx, [
      {
        type: input.type,
        leaseId: input.leaseId,
        amount: line.amountCents,
        currency: account.currency,
        method: 'bank_transfer',
        paymentDate: line.lineDate,
        reference: line.reference?.slice(0, 200) ?? undefined,
        payerName: line.counterparty?.slice(0, 200) ?? undefined,
        notes: input.notes,
      },
    ]);
    const journalId = await repo.paymentJournalId(tx, ctx, paymentId!);
    const matchId = await matchToJournal(tx, ctx, account, line, journalId, 'receipt_from_line');
    const view = await lineView(tx, ctx, line.id);
    await recordAudit(tx, auditActor(ctx), {
      action: 'bank.receipted',
      entity: 'bank_line',
      entityId: line.id,
      after: { paymentId, matchId, line: view },
    });
    return view;
  });

/**
 * An unmatched debit posted as bank charges, always the agency's cost: on a trust account trust
 * pays it out of what is due to the agency (never a client's money), and the business book
 * carries the expense against what trust owes it.
 */
export const postBankCharge = (
  ctx: Ctx,
  lineId: string,
  input: z.output<typeof BankChargeInput>,
): Promise<BankLineView> =>
  matchingTransaction(ctx, async (tx) => {
    assertRole(ctx, WRITERS);
    const { line, account } = await loadLine(tx, ctx, lineId);
    assertUnmatchedLine(line, 'debit', 'posted as bank charges');
    const charge = -line.amountCents;
    const currency = account.currency;
    const lines =
      account.book === 'trust'
        ? [
            { account: ledgerAccount.dueToAgency, currency, amountCents: charge },
            { account: ledgerAccount.trustBank, currency, amountCents: -charge },
            { account: ledgerAccount.bankCharges, currency, amountCents: charge },
            { account: ledgerAccount.dueFromTrust, currency, amountCents: -charge },
          ]
        : [
            { account: ledgerAccount.bankCharges, currency, amountCents: charge },
            { account: ledgerAccount.businessBank, currency, amountCents: -charge },
          ];
    const journalId = await postJournal(tx, ctx, {
      kind: 'bank_charge',
      description: input.description,
      reference: line.reference,
      entryDate: line.lineDate,
      postedBy: ctx.userId,
      lines,
    });
    const matchId = await matchToJournal(tx, ctx, account, line, journalId, 'bank_charge');
    const view = await lineView(tx, ctx, line.id);
    await recordAudit(tx, auditActor(ctx), {
      action: 'bank.charge_posted',
      entity: 'bank_line',
      entityId: line.id,
      after: { journalId, matchId, line: view },
    });
    return view;
  });

/**
 * A credit that is a payout coming back (the bank rejected it): the payout is reversed on the
 * line's day, so its owner or agent holds the money again, and the reversal matched to the line.
 */
export const returnPayout = (
  ctx: Ctx,
  lineId: string,
  input: z.output<typeof ReturnedPayoutInput>,
): Promise<BankLineView> =>
  matchingTransaction(ctx, async (tx) => {
    assertRole(ctx, WRITERS);
    const { line, account } = await loadLine(tx, ctx, lineId);
    assertUnmatchedLine(line, 'credit', 'a returned payout');
    const payout = isUuid(input.payoutId)
      ? await repo.findPayoutForUpdate(tx, ctx, input.payoutId)
      : undefined;
    if (!payout) throw unprocessable('INVALID_PAYOUT', 'The chosen payout is not a payout of this company.');
    const ledger = ledgerOf(account);
    const paidFrom = await repo.bankEntryOfJournal(tx, ctx, ledger, payout.journalId);
    if (!paidFrom) {
      throw unprocessable('PAYOUT_NOT_OF_ACCOUNT', `That payout did not leave from ${account.name}.`);
    }
    if (payout.amount !== line.amountCents) {
      throw unprocessable(
        'MATCH_AMOUNTS_DIFFER',
        `The line is ${formatMoney(line.amountCents, account.currency)} and the payout ${formatMoney(payout.amount, payout.currency)}: a returned payout comes back whole.`,
      );
    }
    if (payout.returnedBy)
      throw conflict('PAYOUT_ALREADY_RETURNED', 'This payout has already been returned and reversed.');
    const journalId = await postReversal(tx, ctx, payout.journalId, {
      description: `Payout returned by the bank${payout.reference ? ` (${payout.reference})` : ''}`,
      entryDate: line.lineDate,
      postedBy: ctx.userId,
    });
    const matchId = await matchToJournal(tx, ctx, account, line, journalId, 'returned_payout');
    const view = await lineView(tx, ctx, line.id);
    await recordAudit(tx, auditActor(ctx), {
      action: 'payout.returned',
      entity: 'payout',
      entityId: payout.id,
      after: { journalId, matchId, line: view },
    });
    return view;
  });
