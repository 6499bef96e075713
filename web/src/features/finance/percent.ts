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

/** 1250 → "12.5", 1000 → "10", 5 → "0.05": a form's text for a rate in basis points. */
export function formatPercent(bp: number): string {
  const fraction = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${Math.floor(bp / 100)}.${fraction}` : String(Math.floor(bp / 100));
}
