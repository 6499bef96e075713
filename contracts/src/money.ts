import { z } from 'zod';

/** ISO 4217 code. Amounts travel as integer minor units (cents) beside it, never as floats. */
export const Currency = z.string().regex(/^[A-Z]{3}$/, 'Currency must be a three-letter code such as USD');
export type Currency = z.infer<typeof Currency>;

/** Minor units as the API answers them (a sum may be larger than any one amount). */
export const MinorUnits = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * The most one amount may be: 9,999,999,999.99. Far above any rent or payment, and small enough
 * that balances, statements and reports adding up thousands of amounts stay exact integers
 * below Number.MAX_SAFE_INTEGER, so every sum the API answers with is a number it can send.
 */
export const MAX_AMOUNT = 999_999_999_999;
export const AMOUNT_TOO_LARGE = 'must be at most 9,999,999,999.99';

/** An amount a request carries: whole minor units, from 0 to MAX_AMOUNT. */
export const AmountInput = z.number().int().min(0).max(MAX_AMOUNT, AMOUNT_TOO_LARGE);

/** Rates are integer basis points: 1000 = 10%. */
export const BasisPoints = z.number().int().min(0).max(10000);

/** Formats minor units through a decimal string, so no float ever carries the amount. */
export function formatMoney(amountMinor: number, currency: string, locale = 'en-US'): string {
  const magnitude = Math.abs(amountMinor);
  const decimal = `${amountMinor < 0 ? '-' : ''}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(decimal as `${number}`);
}

const MAJOR_UNITS = /^(\d+)(?:\.(\d*))?$/;

export const MONEY_FORMAT_MESSAGE = 'Enter an amount such as 1250 or 1250.50';
export const MONEY_DECIMALS_MESSAGE = 'Use at most 2 decimal places';
export const MONEY_TOO_LARGE_MESSAGE = 'Enter at most 9,999,999,999.99';

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
  // Ten whole digits and two decimals stay within MAX_AMOUNT; counted as text, never as a float.
  if (whole.replace(/^0+/, '').length > 10) return { error: MONEY_TOO_LARGE_MESSAGE };
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

/** `amount` × `bp` / 10000, rounded half-up to the minor unit; exact for any safe integer. */
export function percentOf(amount: number, bp: number): number {
  if (!Number.isSafeInteger(amount) || amount < 0 || !Number.isSafeInteger(bp) || bp < 0) {
    throw new RangeError('percentOf takes non-negative integer minor units and basis points');
  }
  return Number((BigInt(amount) * BigInt(bp) + 5000n) / 10000n);
}

/** The rates a rent payment is split with; each payment keeps the ones it used. */
export interface SplitRates {
  commissionRateBp: number;
  agentShareBp: number;
  vatRateBp: number;
  vatRegistered: boolean;
  /** Without an agent on the property the agency keeps all of the commission. */
  hasAgent: boolean;
}

export interface RentSplit {
  commission: number;
  agentShare: number;
  agencyShare: number;
  vat: number;
  owner: number;
}

export const SPLIT_EXCEEDS_AMOUNT = 'Commission and VAT would be more than the amount received';

/**
 * PRODUCT.md's money rules: C = round(R × c), A = round(C × a), G = C − A, T = round(C × v) when
 * VAT-registered, O = R − C − T. The owner line absorbs the rounding, so the parts always tie to R.
 */
export function splitRent(amount: number, rates: SplitRates): RentSplit {
  const commission = percentOf(amount, rates.commissionRateBp);
  const agentShare = rates.hasAgent ? percentOf(commission, rates.agentShareBp) : 0;
  const vat = rates.vatRegistered ? percentOf(commission, rates.vatRateBp) : 0;
  const owner = amount - commission - vat;
  if (owner < 0) throw new RangeError(SPLIT_EXCEEDS_AMOUNT);
  return { commission, agentShare, agencyShare: commission - agentShare, vat, owner };
}
