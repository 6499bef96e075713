import { describe, expect, it } from 'vitest';
import { type RentSplit, SPLIT_EXCEEDS_AMOUNT, splitRent, type SplitRates } from './money.ts';

/** PRODUCT.md's example rates: 10% commission, 60% of it to the agent, 15% VAT on it. */
const standard: SplitRates = {
  commissionRateBp: 1000,
  agentShareBp: 6000,
  vatRateBp: 1500,
  vatRegistered: true,
  hasAgent: true,
};

const cases: Array<[string, number, SplitRates, RentSplit]> = [
  [
    "PRODUCT.md's example",
    100000,
    standard,
    { commission: 10000, agentShare: 6000, agencyShare: 4000, vat: 1500, owner: 88500 },
  ],
  // 10% of 1005 = 100.5 → 101; 60% of 101 = 60.6 → 61; 15% of 101 = 15.15 → 15.
  [
    'commission rounds half up',
    1005,
    standard,
    { commission: 101, agentShare: 61, agencyShare: 40, vat: 15, owner: 889 },
  ],
  // 10% of 250 = 25; 50% of 25 = 12.5 → 13; 10% of 25 = 2.5 → 3.
  [
    'agent share and VAT round half up',
    250,
    { ...standard, agentShareBp: 5000, vatRateBp: 1000 },
    { commission: 25, agentShare: 13, agencyShare: 12, vat: 3, owner: 222 },
  ],
  [
    'without an agent the agency keeps all of the commission',
    100000,
    { ...standard, hasAgent: false },
    { commission: 10000, agentShare: 0, agencyShare: 10000, vat: 1500, owner: 88500 },
  ],
  [
    'not VAT-registered: no VAT whatever the rate',
    100000,
    { ...standard, vatRegistered: false },
    { commission: 10000, agentShare: 6000, agencyShare: 4000, vat: 0, owner: 90000 },
  ],
  [
    'zero commission: the owner gets everything',
    123457,
    { ...standard, commissionRateBp: 0 },
    { commission: 0, agentShare: 0, agencyShare: 0, vat: 0, owner: 123457 },
  ],
  [
    "a property's own commission rate (7.5%)",
    200000,
    { ...standard, commissionRateBp: 750 },
    { commission: 15000, agentShare: 9000, agencyShare: 6000, vat: 2250, owner: 182750 },
  ],
  // 10% of 1 cent = 0.1 → 0: the owner keeps the cent.
  ['one cent', 1, standard, { commission: 0, agentShare: 0, agencyShare: 0, vat: 0, owner: 1 }],
  // 10% of 99,999,999,999 = 9,999,999,999.9 → 10,000,000,000; 60% → 6,000,000,000; 15% → 1,500,000,000.
  [
    '99,999,999,999 cents, exactly',
    99999999999,
    standard,
    {
      commission: 10000000000,
      agentShare: 6000000000,
      agencyShare: 4000000000,
      vat: 1500000000,
      owner: 88499999999,
    },
  ],
  [
    'commission plus VAT exactly 100%',
    1000,
    { ...standard, commissionRateBp: 8000, vatRateBp: 2500 },
    { commission: 800, agentShare: 480, agencyShare: 320, vat: 200, owner: 0 },
  ],
];

describe('splitRent', () => {
  it.each(cases)('%s', (_name, amount, rates, expected) => {
    const split = splitRent(amount, rates);
    expect(split).toEqual(expected);
    expect(split.agentShare + split.agencyShare).toBe(split.commission);
    expect(split.owner + split.commission + split.vat).toBe(amount);
  });

  it('refuses rates that would take more than the amount (100% commission plus VAT)', () => {
    expect(() => splitRent(100000, { ...standard, commissionRateBp: 10000 })).toThrow(SPLIT_EXCEEDS_AMOUNT);
  });
});
