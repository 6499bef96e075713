import { describe, expect, it } from 'vitest';
import {
  containsName,
  containsReference,
  decide,
  depositSlip,
  rankCandidates,
  scoreEntry,
  type CandidateEntry,
  type LineFacts,
} from './match-rules.ts';

const line = (overrides: Partial<LineFacts> = {}): LineFacts => ({
  date: '2026-11-10',
  amount: 100000,
  reference: null,
  description: 'Credit',
  counterparty: null,
  ...overrides,
});

let nextSeq = 1;
const entry = (overrides: Partial<CandidateEntry> = {}): CandidateEntry => ({
  seq: nextSeq++,
  journalId: 'j',
  date: '2026-11-10',
  kind: 'payment_rent',
  description: 'Rent',
  reference: null,
  amount: 100000,
  matchId: null,
  receiptNumber: null,
  tenantName: null,
  payoutReference: null,
  ...overrides,
});

describe('reference search', () => {
  it('finds a reference whatever its separators, but not inside a longer number or word', () => {
    expect(containsReference('RENT RCT000012 NOV', 'RCT-000012')).toBe(true);
    expect(containsReference('ref: rct-000012/nov', 'RCT-000012')).toBe(true);
    expect(containsReference('RCT-0000123', 'RCT-000012')).toBe(false);
    expect(containsReference('XRCT-000012', 'RCT-000012')).toBe(false);
    expect(containsReference('anything 12 here', '12')).toBe(false); // too short to mean anything
    expect(containsReference('anything', null)).toBe(false);
  });

  it('finds a name by its words in any order', () => {
    expect(containsName('EFT FROM MOYO TENDAI', 'Tendai Moyo')).toBe(true);
    expect(containsName('EFT FROM T MOYO', 'Tendai Moyo')).toBe(false);
    expect(containsName('anything', null)).toBe(false);
  });
});

describe('scoring', () => {
  it('ranks receipt number, payout and transfer references, reference, tenant name, then amount and date', () => {
    expect(
      scoreEntry(line({ reference: 'RCT-000001' }), entry({ receiptNumber: 'RCT-000001' })),
    ).toMatchObject({
      rule: 'receipt_number',
      confidence: 100,
    });
    expect(
      scoreEntry(
        line({ amount: -5000, description: 'PAYMENT PO-77 OWNER' }),
        entry({ amount: -5000, kind: 'payout', reference: 'PO-77', payoutReference: 'PO-77' }),
      ),
    ).toMatchObject({ rule: 'payout_reference', confidence: 95 });
    expect(
      scoreEntry(line({ reference: 'FT-000004' }), entry({ kind: 'fee_transfer', reference: 'FT-000004' })),
    ).toMatchObject({ rule: 'transfer_reference', confidence: 95 });
    expect(scoreEntry(line({ description: 'EFT INV 4471' }), entry({ reference: 'INV 4471' }))).toMatchObject(
      {
        rule: 'reference',
        confidence: 90,
      },
    );
    expect(
      scoreEntry(line({ counterparty: 'MOYO T TENDAI' }), entry({ tenantName: 'Tendai Moyo' })),
    ).toMatchObject({ rule: 'tenant_name', confidence: 80 });
    expect(scoreEntry(line(), entry())).toMatchObject({ rule: 'amount_date', confidence: 50 });
    expect(scoreEntry(line(), entry({ date: '2026-11-13' }))).toMatchObject({
      rule: 'amount_date',
      confidence: 47,
    });
  });

  it('keeps to the amount and the window, best first', () => {
    const inWindow = entry({ date: '2026-11-15' });
    const outside = entry({ date: '2026-11-16', receiptNumber: 'RCT-9' });
    const otherAmount = entry({ amount: 99999 });
    const matched = entry({ matchId: 'm' });
    const named = entry({ date: '2026-11-06', tenantName: 'Ann Lee' });
    const ranked = rankCandidates(
      line({ counterparty: 'ANN LEE' }),
      [inWindow, outside, otherAmount, matched, named],
      5,
    );
    expect(ranked.map((candidate) => candidate.entries[0]!.seq)).toEqual([named.seq, inWindow.seq]);
  });
});

describe('auto-match decision', () => {
  it('takes a strong candidate alone at its score, never one of two equals, never amount and date alone', () => {
    const a = entry({ tenantName: 'Ann Lee' });
    const b = entry({ tenantName: 'Ann Lee' });
    const facts = line({ counterparty: 'Ann Lee' });
    expect(decide(rankCandidates(facts, [a], 5))).toMatchObject({ kind: 'match' });
    expect(decide(rankCandidates(facts, [a, b], 5))).toEqual({ kind: 'ambiguous' });
    expect(decide(rankCandidates(line(), [entry()], 5))).toEqual({ kind: 'none' });
    // A strong one beside a weak one is not ambiguous.
    expect(decide(rankCandidates(facts, [a, entry()], 5))).toMatchObject({ kind: 'match' });
  });
});

describe('deposit slips', () => {
  it('suggests the one set of same-day receipts that makes the line, and nothing when two sets do', () => {
    const receipts = [30000, 45000, 25000, 10000].map((amount) => entry({ amount, date: '2026-11-09' }));
    const slip = depositSlip(line({ amount: 75000 }), receipts, 5);
    expect(slip?.map((one) => one.amount).sort()).toEqual([30000, 45000]);
    // 55000 = 30000+25000 = 45000+10000: two sets, no guess.
    expect(depositSlip(line({ amount: 55000 }), receipts, 5)).toBeUndefined();
    const ranked = rankCandidates(line({ amount: 75000 }), receipts, 5);
    expect(ranked.at(-1)).toMatchObject({ rule: 'amount_date', confidence: 40 });
    expect(decide(ranked)).toEqual({ kind: 'none' });
  });
});
