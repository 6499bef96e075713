import { describe, expect, it } from 'vitest';
import {
  formatMajorUnits,
  formatMoney,
  MajorUnitsText,
  MAX_AMOUNT,
  MONEY_DECIMALS_MESSAGE,
  MONEY_FORMAT_MESSAGE,
  MONEY_TOO_LARGE_MESSAGE,
  parseMajorUnits,
} from './money.ts';

describe('formatMoney', () => {
  it.each([
    [123456, 'USD', '$1,234.56'],
    [-5, 'USD', '-$0.05'],
    [0, 'USD', '$0.00'],
    [100, 'USD', '$1.00'],
    [999999999999999, 'USD', '$9,999,999,999,999.99'],
  ])('shows %i %s as %j', (amount, currency, text) => {
    expect(formatMoney(amount, currency)).toBe(text);
  });
});

describe('parseMajorUnits', () => {
  it.each([
    ['1250.50', 125050],
    ['1250.5', 125050],
    ['1250', 125000],
    ['1250.', 125000],
    ['0.01', 1],
    ['0.1', 10],
    ['1,250.99', 125099],
    [' 42 ', 4200],
    ['', 0],
    ['9999999999.99', 999999999999],
    ['0009999999999.99', 999999999999],
  ])('reads %j as %i cents, exactly', (text, cents) => {
    expect(parseMajorUnits(text)).toEqual({ cents });
  });

  it('refuses more than two decimals', () => {
    expect(parseMajorUnits('10.005')).toEqual({ error: MONEY_DECIMALS_MESSAGE });
  });

  it.each(['-5', 'abc', '1e3', '12.3.4', '.5'])('refuses %j', (text) => {
    expect(parseMajorUnits(text)).toEqual({ error: MONEY_FORMAT_MESSAGE });
  });

  // Larger amounts would let sums (balances, reports) pass Number.MAX_SAFE_INTEGER.
  it.each(['10000000000', '10000000000.00', '99999999999999999999'])('refuses %j as too large', (text) => {
    expect(parseMajorUnits(text)).toEqual({ error: MONEY_TOO_LARGE_MESSAGE });
  });

  it('round-trips through the form text', () => {
    for (const cents of [0, 1, 10, 99, 100, 125050, MAX_AMOUNT]) {
      expect(parseMajorUnits(formatMajorUnits(cents))).toEqual({ cents });
    }
    expect(formatMajorUnits(125005)).toBe('1250.05');
  });

  it('gives the form schema integer cents or the message', () => {
    expect(MajorUnitsText.parse('0.29')).toBe(29);
    const result = MajorUnitsText.safeParse('1.234');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MONEY_DECIMALS_MESSAGE);
  });
});
