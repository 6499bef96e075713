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
