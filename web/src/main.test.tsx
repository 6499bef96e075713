import { describe, expect, it } from 'vitest';
import { formatMoney } from '@lintel/contracts';

describe('shared contracts in the browser build', () => {
  it('formats minor units with the currency', () => {
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(-5, 'USD')).toBe('-$0.05');
  });
});
