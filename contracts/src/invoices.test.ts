import { describe, expect, it } from 'vitest';
import { computeInvoiceTotals, formatQuantity, InvoiceInput, parseQuantity } from './invoices.ts';

describe('computeInvoiceTotals', () => {
  it('rounds each line half-up from thousandths, then VAT half-up on the subtotal', () => {
    // 1.5 × 33.33 = 49.995 → 50.00; 0.333 × 1.00 = 0.333 → 0.33; VAT 15% of 50.33 = 7.5495 → 7.55.
    expect(
      computeInvoiceTotals(
        [
          { quantityMilli: 1500, unitPrice: 3333 },
          { quantityMilli: 333, unitPrice: 100 },
        ],
        1500,
      ),
    ).toEqual({ lineAmounts: [5000, 33], subtotal: 5033, vat: 755, total: 5788 });
  });

  it('charges nothing at a zero VAT rate and rounds exactly half up', () => {
    expect(computeInvoiceTotals([{ quantityMilli: 500, unitPrice: 1 }], 0)).toEqual({
      lineAmounts: [1],
      subtotal: 1,
      vat: 0,
      total: 1,
    });
    expect(computeInvoiceTotals([{ quantityMilli: 499, unitPrice: 1 }], 0).total).toBe(0);
  });

  it('stays exact beyond float precision and refuses totals past the safe range', () => {
    const big = 9_000_000_000_000; // 90 billion in minor units
    expect(computeInvoiceTotals([{ quantityMilli: 1000, unitPrice: big }], 1).vat).toBe(900_000_000);
    expect(() => computeInvoiceTotals([{ quantityMilli: 1_000_000_000, unitPrice: big }], 0)).toThrow(
      RangeError,
    );
  });
});

describe('quantities', () => {
  it('parses text and numbers with up to 3 decimals into thousandths', () => {
    expect(parseQuantity('2.5')).toEqual({ milli: 2500 });
    expect(parseQuantity(0.125)).toEqual({ milli: 125 });
    expect(parseQuantity('1,000')).toEqual({ milli: 1_000_000 });
    expect(parseQuantity('1.2345')).toHaveProperty('error');
    expect(parseQuantity('0')).toHaveProperty('error');
    expect(parseQuantity('-1')).toHaveProperty('error');
    expect(formatQuantity(2500)).toBe('2.5');
    expect(formatQuantity(3000)).toBe('3');
    expect(formatQuantity(125)).toBe('0.125');
  });

  it('the input needs a client and a due date not before the issue date', () => {
    const base = {
      clientType: 'other' as const,
      currency: 'USD',
      issueDate: '2026-11-01',
      dueDate: '2026-11-30',
      lines: [{ description: 'Work', quantity: 1, unitPrice: 100 }],
    };
    expect(InvoiceInput.safeParse({ ...base, clientName: 'Acme' }).success).toBe(true);
    expect(InvoiceInput.safeParse(base).success).toBe(false);
    expect(InvoiceInput.safeParse({ ...base, clientType: 'owner' }).success).toBe(false);
    expect(InvoiceInput.safeParse({ ...base, clientName: 'Acme', dueDate: '2026-10-01' }).success).toBe(
      false,
    );
  });
});
