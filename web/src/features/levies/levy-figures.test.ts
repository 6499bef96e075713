import { describe, expect, it } from 'vitest';
import { shortLines, totalsByCurrency } from './levy-figures.ts';
import { makeLevyCharge } from './test/levy-fixtures.ts';

describe('levy figures', () => {
  it('totals per currency, never across currencies', () => {
    const totals = totalsByCurrency([
      { amount: 20000, currency: 'USD' },
      { amount: 5050, currency: 'ZWG' },
      { amount: 1, currency: 'USD' },
    ]);
    expect([...totals]).toEqual([
      ['USD', 20001],
      ['ZWG', 5050],
    ]);
  });

  it('counts what earlier charges on the same account use up', () => {
    const propertyId = 'p';
    const october = makeLevyCharge({ propertyId, period: '2026-10', amount: 30000, held: 50000 });
    const november = makeLevyCharge({ propertyId, period: '2026-11', amount: 30000, held: 50000 });
    const elsewhere = makeLevyCharge({ amount: 30000, held: 30000 });
    expect(shortLines([november, elsewhere, october])).toEqual([november]);
  });
});
