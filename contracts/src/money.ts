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

/**
 * One formatter per locale and currency: building an Intl.NumberFormat costs far more than using
 * one, and a statement or a home formats hundreds of amounts in the same few currencies.
 */
const currencyFormats = new Map<string, Intl.NumberFormat>();

function currencyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale} ${currency}`;
  let format = currencyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    currencyFormats.set(key, format);
  }
  return format;
}

/** Formats minor units through a decimal string, so no float ever carries the amount. */
export function formatMoney(amountMinor: number, currency: string, locale = 'en-US'): string {
  const magnitude = Math.abs(amountMinor);
  const decimal = `${amountMinor < 0 ? '-' : ''}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
  return currencyFormat(locale, currency).format(decimal as `${number}`);
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

/**
 * `unitPrice` × `quantityMilli` / 1000 (a quantity in thousandths: 1500 = 1.5), rounded half-up to
 * the minor unit: an invoice line's amount. BigInt keeps the product exact.
 */
export function priceTimesQuantity(unitPrice: number, quantityMilli: number): number {
  if (
    !Number.isSafeInteger(unitPrice) ||
    unitPrice < 0 ||
    !Number.isSafeInteger(quantityMilli) ||
    quantityMilli < 0
  ) {
    throw new RangeError('priceTimesQuantity takes non-negative minor units and thousandths');
  }
  const result = Number((BigInt(unitPrice) * BigInt(quantityMilli) + 500n) / 1000n);
  if (!Number.isSafeInteger(result)) throw new RangeError('The amount is too large');
  return result;
}

/** Up to 3 whole digits and 2 decimals: 0 to 100.00 percent is 0 to 10000 basis points. */
const PERCENT = /^(\d{1,3})(?:\.(\d*))?$/;

export const PERCENT_FORMAT_MESSAGE = 'Enter a percentage such as 10 or 12.5';
export const PERCENT_DECIMALS_MESSAGE = 'Use at most 2 decimal places';
export const PERCENT_RANGE_MESSAGE = 'Enter a percentage from 0 to 100';

/**
 * "12.5" → 1250 basis points. The digits are joined as text, never multiplied as floats, so a
 * rate typed as 0.1 stays exactly 10 basis points. A trailing % is allowed; an empty field is not.
 */
export function parsePercent(text: string): { bp: number } | { error: string } {
  const compact = text.replace(/[\s%]/g, '');
  const match = PERCENT.exec(compact);
  if (!match) return { error: PERCENT_FORMAT_MESSAGE };
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > 2) return { error: PERCENT_DECIMALS_MESSAGE };
  const bp = Number(`${whole}${fraction.padEnd(2, '0')}`);
  if (bp > 10000) return { error: PERCENT_RANGE_MESSAGE };
  return { bp };
}

/** 1250 → "12.5", 1000 → "10", 5 → "0.05", -300 → "-3": a form's text for a rate, exact. */
export function formatBasisPoints(bp: number): string {
  const magnitude = Math.abs(bp);
  const fraction = String(magnitude % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  const whole = Math.floor(magnitude / 100);
  return `${bp < 0 ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * 1250 → "12.5%": a rate in basis points as people read it, with at most `decimals` decimals
 * (2 shows every basis point; 1 rounds half-up, away from zero: 6667 → "66.7%").
 */
export function formatPercent(bp: number, decimals: 1 | 2 = 2): string {
  const magnitude = decimals === 2 ? Math.abs(bp) : Math.floor((Math.abs(bp) + 5) / 10) * 10;
  return `${formatBasisPoints(bp < 0 ? -magnitude : magnitude)}%`;
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
