import { describe, expect, it } from 'vitest';
import {
  formatPercent,
  parsePercent,
  PERCENT_DECIMALS_MESSAGE,
  PERCENT_FORMAT_MESSAGE,
  PERCENT_RANGE_MESSAGE,
} from './percent.ts';

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

describe('formatPercent', () => {
  it.each([
    [1000, '10'],
    [1250, '12.5'],
    [1234, '12.34'],
    [5, '0.05'],
    [0, '0'],
    [10000, '100'],
  ])('shows %i basis points as %j', (bp, text) => {
    expect(formatPercent(bp)).toBe(text);
  });

  it('round-trips every rate with two decimals', () => {
    for (let bp = 0; bp <= 10000; bp += 1) {
      expect(parsePercent(formatPercent(bp))).toEqual({ bp });
    }
  });
});
