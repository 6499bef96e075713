type UnitNames = { one: string; many: string };

const CURRENCY_NAMES: Record<string, { major: UnitNames; minor: UnitNames }> = {
  USD: { major: { one: 'US dollar', many: 'US dollars' }, minor: { one: 'cent', many: 'cents' } },
  ZAR: { major: { one: 'rand', many: 'rand' }, minor: { one: 'cent', many: 'cents' } },
  ZWG: { major: { one: 'Zimbabwe gold', many: 'Zimbabwe gold' }, minor: { one: 'cent', many: 'cents' } },
  EUR: { major: { one: 'euro', many: 'euros' }, minor: { one: 'cent', many: 'cents' } },
  GBP: { major: { one: 'pound', many: 'pounds' }, minor: { one: 'penny', many: 'pence' } },
};

// prettier-ignore
const UNITS = [
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
  'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
// Safe integers of minor units stay below 10^14 major units, so trillions are the largest scale.
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion'];

const wordAt = (words: string[], index: number) => words[index] ?? '';

/** 0–99 → "forty-two". */
function underHundredInWords(n: number): string {
  if (n < 20) return wordAt(UNITS, n);
  const ones = n % 10;
  return ones === 0 ? wordAt(TENS, n / 10) : `${wordAt(TENS, (n - ones) / 10)}-${wordAt(UNITS, ones)}`;
}

/** 1–999 → "two hundred and fifty" (British usage: "and" before the tens). */
function underThousandInWords(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 0) return underHundredInWords(rest);
  const head = `${wordAt(UNITS, hundreds)} hundred`;
  return rest === 0 ? head : `${head} and ${underHundredInWords(rest)}`;
}

/** A non-negative safe integer in words: 1005 → "one thousand and five". */
function integerInWords(n: number): string {
  if (n === 0) return 'zero';
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  const parts: string[] = [];
  for (let scale = groups.length - 1; scale >= 0; scale--) {
    const group = groups[scale] ?? 0;
    if (group === 0) continue;
    // "one thousand and five": a last group under a hundred after larger groups takes "and".
    const joiner = scale === 0 && group < 100 && parts.length > 0 ? 'and ' : '';
    parts.push(`${joiner}${underThousandInWords(group)}${scale > 0 ? ` ${wordAt(SCALES, scale)}` : ''}`);
  }
  return parts.join(' ');
}

const counted = (n: number, names: UnitNames) => `${integerInWords(n)} ${n === 1 ? names.one : names.many}`;

/**
 * Integer minor units in English words, as written on receipts and cheques:
 * 125050 USD → "One thousand two hundred and fifty US dollars and fifty cents".
 * Currencies without a known name use their code: 1250 KES → "Twelve KES and fifty cents".
 */
export function amountInWords(amountMinor: number, currency: string): string {
  if (!Number.isSafeInteger(amountMinor)) {
    throw new RangeError('amountInWords takes a safe integer of minor units');
  }
  const names = CURRENCY_NAMES[currency] ?? {
    major: { one: currency, many: currency },
    minor: { one: 'cent', many: 'cents' },
  };
  const magnitude = Math.abs(amountMinor);
  const major = Math.floor(magnitude / 100);
  const minor = magnitude % 100;
  const words =
    major > 0 && minor > 0
      ? `${counted(major, names.major)} and ${counted(minor, names.minor)}`
      : minor > 0
        ? counted(minor, names.minor)
        : counted(major, names.major);
  const signed = amountMinor < 0 ? `minus ${words}` : words;
  return `${signed.charAt(0).toUpperCase()}${signed.slice(1)}`;
}
