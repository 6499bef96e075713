import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-in-words.ts';

describe('amountInWords', () => {
  it.each([
    [125050, 'USD', 'One thousand two hundred and fifty US dollars and fifty cents'],
    [100, 'USD', 'One US dollar'],
    [5, 'USD', 'Five cents'],
    [1, 'USD', 'One cent'],
    [0, 'USD', 'Zero US dollars'],
    [-250, 'USD', 'Minus two US dollars and fifty cents'],
    [1999, 'USD', 'Nineteen US dollars and ninety-nine cents'],
    [100500, 'USD', 'One thousand and five US dollars'],
    [10000000, 'USD', 'One hundred thousand US dollars'],
    [100100000, 'USD', 'One million one thousand US dollars'],
    [4200000021, 'USD', 'Forty-two million US dollars and twenty-one cents'],
    [
      99999999999,
      'USD',
      'Nine hundred and ninety-nine million nine hundred and ninety-nine thousand nine hundred and ' +
        'ninety-nine US dollars and ninety-nine cents',
    ],
    [300000000000000, 'USD', 'Three trillion US dollars'],
    [100, 'ZAR', 'One rand'],
    [350075, 'ZAR', 'Three thousand five hundred rand and seventy-five cents'],
    [200, 'ZWG', 'Two Zimbabwe gold'],
    [1210, 'EUR', 'Twelve euros and ten cents'],
    [101, 'GBP', 'One pound and one penny'],
    [7005, 'GBP', 'Seventy pounds and five pence'],
    [1250, 'KES', 'Twelve KES and fifty cents'],
  ])('%i %s → %s', (amount, currency, words) => {
    expect(amountInWords(amount, currency)).toBe(words);
  });

  it('refuses amounts that are not safe integers of minor units', () => {
    expect(() => amountInWords(12.5, 'USD')).toThrow(RangeError);
    expect(() => amountInWords(Number.MAX_SAFE_INTEGER + 1, 'USD')).toThrow(RangeError);
  });

  it('names the largest safe amount without running out of scales', () => {
    expect(amountInWords(Number.MAX_SAFE_INTEGER, 'USD')).toMatch(/^Ninety trillion seventy-one billion /);
  });
});
