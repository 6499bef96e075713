import { z } from 'zod';

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

/** 125050 → "1250.50": the form's text for an amount in minor units. */
export function formatMajorUnits(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** The form's money field: text as typed in, integer minor units out. An empty field is 0. */
export const MoneyText = z.string().transform((text, ctx) => {
  const parsed = parseMajorUnits(text);
  if ('error' in parsed) {
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }
  return parsed.cents;
});
