import { describe, expect, it } from 'vitest';
import {
  formatBasisPoints,
  formatMajorUnits,
  formatMoney,
  formatPercent,
  MajorUnitsText,
  MAX_AMOUNT,
  MONEY_DECIMALS_MESSAGE,
  MONEY_FORMAT_MESSAGE,
  MONEY_TOO_LARGE_MESSAGE,
  parseMajorUnits,
  parsePercent,
  PERCENT_DECIMALS_MESSAGE,
  PERCENT_FORMAT_MESSAGE,
  PERCENT_RANGE_MESSAGE,
  priceTimesQuantity,
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

describe('parsePercent', () => {
  it.each([
    ['10', 1000],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.1', 10],
    ['0.05', 5],
    ['0', 0],
    ['100', 10000],
    ['15 %', 1500],
    ['7.', 700],
  ])('reads %j as %i basis points', (text, bp) => {
    expect(parsePercent(text)).toEqual({ bp });
  });

  it.each([
    ['', PERCENT_FORMAT_MESSAGE],
    ['abc', PERCENT_FORMAT_MESSAGE],
    ['-5', PERCENT_FORMAT_MESSAGE],
    ['1,5', PERCENT_FORMAT_MESSAGE],
    ['12.345', PERCENT_DECIMALS_MESSAGE],
    ['100.01', PERCENT_RANGE_MESSAGE],
    ['250', PERCENT_RANGE_MESSAGE],
  ])('refuses %j', (text, error) => {
    expect(parsePercent(text)).toEqual({ error });
  });
});

describe('formatBasisPoints', () => {
  it.each([
    [1000, '10'],
    [1250, '12.5'],
    [1234, '12.34'],
    [5, '0.05'],
    [0, '0'],
    [10000, '100'],
    [-1250, '-12.5'],
    [-5, '-0.05'],
  ])('shows %i basis points as %j', (bp, text) => {
    expect(formatBasisPoints(bp)).toBe(text);
  });

  it('round-trips every rate with two decimals', () => {
    for (let bp = 0; bp <= 10000; bp += 1) {
      expect(parsePercent(formatBasisPoints(bp))).toEqual({ bp });
    }
  });
});

describe('formatPercent', () => {
  it('writes every basis point by default', () => {
    expect(formatPercent(1500)).toBe('15%');
    expect(formatPercent(1250)).toBe('12.5%');
    expect(formatPercent(1234)).toBe('12.34%');
    expect(formatPercent(-250)).toBe('-2.5%');
  });

  it('rounds half-up, away from zero, to one decimal when asked', () => {
    expect(formatPercent(7500, 1)).toBe('75%');
    expect(formatPercent(6667, 1)).toBe('66.7%');
    expect(formatPercent(6665, 1)).toBe('66.7%');
    expect(formatPercent(6664, 1)).toBe('66.6%');
    expect(formatPercent(9999, 1)).toBe('100%');
    expect(formatPercent(-6665, 1)).toBe('-66.7%');
  });
});

describe('priceTimesQuantity', () => {
  it('rounds half-up from thousandths', () => {
    expect(priceTimesQuantity(3333, 1500)).toBe(5000); // 49.995 → 50.00
    expect(priceTimesQuantity(100, 333)).toBe(33); // 0.333 → 0.33
    expect(priceTimesQuantity(1, 500)).toBe(1);
    expect(priceTimesQuantity(1, 499)).toBe(0);
  });

  it('stays exact beyond float precision and refuses what no number can hold', () => {
    expect(priceTimesQuantity(9_000_000_000_001, 1000)).toBe(9_000_000_000_001);
    expect(() => priceTimesQuantity(9_000_000_000_000, 1_000_000_000)).toThrow(RangeError);
    expect(() => priceTimesQuantity(-1, 1000)).toThrow(RangeError);
    expect(() => priceTimesQuantity(1.5, 1000)).toThrow(RangeError);
  });
});
