import { addDays, type MatchRule } from '@lintel/contracts';

/**
 * Candidate scoring for statement matching (issue 17), free of the database so it can be tested
 * alone. A line's candidates are unmatched entries of its bank account with the same amount, dated
 * within the account's match window; each is scored by the strongest thing that ties it to the
 * line, and auto-match takes the best only when it is strong and alone at its score.
 */

/** What matching knows of a statement line. */
export interface LineFacts {
  date: string;
  amount: number;
  reference: string | null;
  description: string;
  counterparty: string | null;
}

/** A ledger entry of the bank account, with what points at it from outside the ledger. */
export interface CandidateEntry {
  seq: number;
  journalId: string;
  date: string;
  kind: string;
  description: string;
  reference: string | null;
  amount: number;
  matchId: string | null;
  /** The payment's receipt number, when the entry is a payment's bank line. */
  receiptNumber: string | null;
  /** The tenant (or payer) of the payment. */
  tenantName: string | null;
  /** The payout's reference, when the entry is a payout's bank line. */
  payoutReference: string | null;
}

export interface ScoredCandidate {
  entries: CandidateEntry[];
  rule: MatchRule;
  confidence: number;
  reason: string;
}

/** Auto-match takes nothing below this: amount and date alone are a suggestion, never a match. */
export const AUTO_MATCH_CONFIDENCE = 80;
/** Deposit-slip search: at most this many receipts of one day (2^10 subsets). */
export const DEPOSIT_SLIP_MAX_ENTRIES = 10;

const FEE_TRANSFER_KIND = 'fee_transfer';
const CONFIDENCE: Record<
  'receipt_number' | 'payout_reference' | 'transfer_reference' | 'reference' | 'tenant_name',
  number
> = {
  receipt_number: 100,
  payout_reference: 95,
  transfer_reference: 95,
  reference: 90,
  tenant_name: 80,
};
const AMOUNT_DATE_CONFIDENCE = 50;
const DEPOSIT_SLIP_CONFIDENCE = 40;
/** Shorter references ("1", "AB") are found in any text by chance. */
const MIN_REFERENCE_LENGTH = 4;

/**
 * Bank text made comparable: upper case, separators inside a reference dropped (RCT-000123 and
 * RCT000123 read alike), anything else a space.
 */
export function normalizeText(text: string): string {
  return text
    .toUpperCase()
    .replace(/[-_/.#]/g, '')
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';
const isLetter = (char: string | undefined) => char !== undefined && char >= 'A' && char <= 'Z';
/** Two characters run together into one token (both digits, or both letters). */
const sameClass = (a: string | undefined, b: string | undefined) =>
  (isDigit(a) && isDigit(b)) || (isLetter(a) && isLetter(b));

/**
 * Whether `text` holds `reference` as a token of its own: RCT-000012 is not in "RCT-0000123" (the
 * digits run on), but is in "REF RCT000012" and "RCT000012/NOV".
 */
export function containsReference(text: string, reference: string | null): boolean {
  if (!reference) return false;
  const needle = normalizeText(reference);
  if (needle.replace(/ /g, '').length < MIN_REFERENCE_LENGTH) return false;
  const haystack = normalizeText(text);
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    const before = haystack[at - 1];
    const after = haystack[at + needle.length];
    if (!sameClass(before, needle[0]) && !sameClass(after, needle.at(-1))) return true;
  }
  return false;
}

/** Every word of the name (two letters or more) is a word of the text, in any order. */
export function containsName(text: string, name: string | null): boolean {
  if (!name) return false;
  const words = normalizeText(name)
    .split(' ')
    .filter((word) => word.length >= 2);
  if (words.length === 0) return false;
  const textWords = new Set(normalizeText(text).split(' '));
  return words.every((word) => textWords.has(word));
}

/** Whole days from `a` to `b` (ISO dates). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

export const lineText = (line: LineFacts) =>
  [line.reference, line.description, line.counterparty].filter(Boolean).join(' | ');

/** Within the match window of the line's date (either side). */
export const withinWindow = (line: LineFacts, entryDate: string, windowDays: number) =>
  Math.abs(daysBetween(line.date, entryDate)) <= windowDays;

/** The first day and last day an entry may be dated to be a candidate for a line of `date`. */
export const windowOf = (date: string, windowDays: number) => ({
  from: addDays(date, -windowDays),
  to: addDays(date, windowDays),
});

/** How strongly one entry (same amount, in the window) is tied to the line, and why. */
export function scoreEntry(line: LineFacts, entry: CandidateEntry): ScoredCandidate {
  const text = lineText(line);
  const one = (rule: MatchRule, confidence: number, reason: string): ScoredCandidate => ({
    entries: [entry],
    rule,
    confidence,
    reason,
  });
  if (entry.receiptNumber && containsReference(text, entry.receiptNumber)) {
    return one(
      'receipt_number',
      CONFIDENCE.receipt_number,
      `The line quotes receipt ${entry.receiptNumber}.`,
    );
  }
  if (entry.payoutReference && containsReference(text, entry.payoutReference)) {
    return one(
      'payout_reference',
      CONFIDENCE.payout_reference,
      `The line quotes the payout's reference ${entry.payoutReference}.`,
    );
  }
  if (entry.kind === FEE_TRANSFER_KIND && containsReference(text, entry.reference)) {
    return one(
      'transfer_reference',
      CONFIDENCE.transfer_reference,
      `The line quotes fee transfer ${entry.reference}.`,
    );
  }
  if (containsReference(text, entry.reference)) {
    return one(
      'reference',
      CONFIDENCE.reference,
      `The line quotes the entry's reference ${entry.reference}.`,
    );
  }
  if (entry.tenantName && containsName(text, entry.tenantName)) {
    return one('tenant_name', CONFIDENCE.tenant_name, `The line names the tenant, ${entry.tenantName}.`);
  }
  const apart = Math.abs(daysBetween(line.date, entry.date));
  return one(
    'amount_date',
    Math.max(AMOUNT_DATE_CONFIDENCE - apart, 0),
    apart === 0
      ? 'Same amount on the same day; nothing else ties them.'
      : `Same amount, ${apart} day${apart === 1 ? '' : 's'} apart; nothing else ties them.`,
  );
}

/** Entries that may be the line: unmatched, same amount, in the window. */
export const fitsLine = (line: LineFacts, entry: CandidateEntry, windowDays: number) =>
  entry.matchId === null && entry.amount === line.amount && withinWindow(line, entry.date, windowDays);

/**
 * Receipts of one day that together make the line's amount (a deposit slip of several receipts),
 * when exactly one such set exists; otherwise nothing, never a guess between two sets.
 */
export function depositSlip(
  line: LineFacts,
  entries: CandidateEntry[],
  windowDays: number,
): CandidateEntry[] | undefined {
  if (line.amount <= 0) return undefined;
  const byDay = new Map<string, CandidateEntry[]>();
  for (const entry of entries) {
    if (entry.matchId !== null || entry.amount <= 0 || entry.amount >= line.amount) continue;
    if (!entry.kind.startsWith('payment_') || !withinWindow(line, entry.date, windowDays)) continue;
    byDay.set(entry.date, [...(byDay.get(entry.date) ?? []), entry]);
  }
  let found: CandidateEntry[] | undefined;
  let count = 0;
  for (const day of [...byDay.keys()].sort()) {
    const receipts = byDay.get(day)!;
    if (receipts.length < 2 || receipts.length > DEPOSIT_SLIP_MAX_ENTRIES) continue;
    for (let mask = 1; mask < 1 << receipts.length; mask += 1) {
      if ((mask & (mask - 1)) === 0) continue; // one receipt alone is an ordinary candidate
      let sum = 0;
      const set: CandidateEntry[] = [];
      receipts.forEach((receipt, index) => {
        if (mask & (1 << index)) {
          sum += receipt.amount;
          set.push(receipt);
        }
      });
      if (sum !== line.amount) continue;
      count += 1;
      if (count > 1) return undefined;
      found = set;
    }
  }
  return found;
}

/**
 * Every candidate for a line, best first (ties: nearest date, then oldest entry). Then the deposit
 * slip, if exactly one set of same-day receipts adds up to it.
 */
export function rankCandidates(
  line: LineFacts,
  entries: CandidateEntry[],
  windowDays: number,
  options: { depositSlips: boolean } = { depositSlips: true },
): ScoredCandidate[] {
  const singles = entries
    .filter((entry) => fitsLine(line, entry, windowDays))
    .map((entry) => scoreEntry(line, entry))
    .sort(
      (a, b) =>
        b.confidence - a.confidence ||
        Math.abs(daysBetween(line.date, a.entries[0]!.date)) -
          Math.abs(daysBetween(line.date, b.entries[0]!.date)) ||
        a.entries[0]!.seq - b.entries[0]!.seq,
    );
  const slip = options.depositSlips ? depositSlip(line, entries, windowDays) : undefined;
  if (!slip) return singles;
  return [
    ...singles,
    {
      entries: slip,
      rule: 'amount_date',
      confidence: DEPOSIT_SLIP_CONFIDENCE,
      reason: `${slip.length} receipts of ${slip[0]!.date} add up to the line (a deposit slip?).`,
    },
  ];
}

export type AutoDecision =
  { kind: 'match'; candidate: ScoredCandidate } | { kind: 'ambiguous' } | { kind: 'none' };

/**
 * What auto-match does with a line's ranked candidates: match the best when it is strong enough
 * and no other candidate has its score; two equally good ones are ambiguous, never a coin toss.
 */
export function decide(ranked: ScoredCandidate[]): AutoDecision {
  const [best, second] = ranked;
  if (!best || best.confidence < AUTO_MATCH_CONFIDENCE) return { kind: 'none' };
  if (second && second.confidence === best.confidence) return { kind: 'ambiguous' };
  return { kind: 'match', candidate: best };
}
