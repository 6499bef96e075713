import { z } from 'zod';

/** ISO 4217 code. Amounts travel as integer minor units (cents) beside it, never as floats. */
export const Currency = z.string().regex(/^[A-Z]{3}$/, 'Currency must be a three-letter code such as USD');
export type Currency = z.infer<typeof Currency>;

export const MinorUnits = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** Rates are integer basis points: 1000 = 10%. */
export const BasisPoints = z.number().int().min(0).max(10000);

/** Formats minor units through a decimal string, so no float ever carries the amount. */
export function formatMoney(amountMinor: number, currency: string, locale = 'en-US'): string {
  const magnitude = Math.abs(amountMinor);
  const decimal = `${amountMinor < 0 ? '-' : ''}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(decimal as `${number}`);
}

/** Up to 13 whole digits keeps every amount below Number.MAX_SAFE_INTEGER cents. */
const MAJOR_UNITS = /^(\d{1,13})(?:\.(\d*))?$/;

export const MONEY_FORMAT_MESSAGE = 'Enter an amount such as 1250 or 1250.50';
export const MONEY_DECIMALS_MESSAGE = 'Use at most 2 decimal places';

/**
 * "1,250.5" → 125050. Digits are joined as text, never multiplied as floats, so 0.1 + 0.2 trouble
 * cannot reach the amount. Thousands separators and spaces are allowed; nothing else is.
 */
export function parseMajorUnits(text: string): { cents: number } | { error: string } {
  const compact = text.replace(/[\s,]/g, '');
  const match = MAJOR_UNITS.exec(compact === '' ? '0' : compact);
  if (!match) return { error: MONEY_FORMAT_MESSAGE };
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > 2) return { error: MONEY_DECIMALS_MESSAGE };
  return { cents: Number(`${whole}${fraction.padEnd(2, '0')}`) };
}

/** 125050 → "1250.50": a form's text for an amount in minor units. */
export function formatMajorUnits(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A form's money field: text as typed in, integer minor units out. An empty field is 0. */
export const MajorUnitsText = z.string().transform((text, ctx) => {
  const parsed = parseMajorUnits(text);
  if ('error' in parsed) {
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }
  return parsed.cents;
});

/**
 * `amount` grown by `bp` basis points (500 = 5%), rounded half-up (away from zero) to the minor
 * unit. BigInt keeps large amounts exact: amount × (10000 + bp) can pass Number.MAX_SAFE_INTEGER.
 */
export function applyBasisPoints(amount: number, bp: number): number {
  if (!Number.isSafeInteger(amount) || !Number.isSafeInteger(bp)) {
    throw new RangeError('applyBasisPoints takes integer minor units and integer basis points');
  }
  const product = BigInt(Math.abs(amount)) * BigInt(10000 + bp);
  const magnitude = (product + 5000n) / 10000n;
  const result = Number(amount < 0 ? -magnitude : magnitude);
  if (!Number.isSafeInteger(result)) throw new RangeError('The amount is too large');
  return result;
}
