import type { BANK_DATE_FORMATS, BankFileFormat } from '@lintel/contracts';

type BankDateFormat = (typeof BANK_DATE_FORMATS)[number];
import { XMLValidator } from 'fast-xml-parser';
import { unprocessable } from '../../../lib/errors.ts';

/** One movement as a statement file gives it, before it is checked against the bank account. */
export interface ParsedLine {
  /** 1-based: the CSV row (header = 1), or the OFX/camt entry number. */
  line: number;
  date: string;
  description: string;
  reference: string | null;
  counterparty: string | null;
  /** Credits (money in) positive, in cents. */
  amount: number;
  /** The bank's balance after this line, where the file gives one. */
  balance: number | null;
  bankTransactionId: string | null;
}

export interface StatementProblem {
  line: number;
  message: string;
}

/** What a statement file says, read by a real parser; the import service checks it. */
export interface ParsedStatement {
  format: BankFileFormat;
  /** The file's currency; null where the format does not say (CSV). */
  currency: string | null;
  /** Where the file's currency is stated (the line the mismatch is reported on; 0 = the file). */
  currencyLine: number;
  /** Amounts in other currencies than the statement's, by line (camt states one per entry). */
  lineCurrencies: { line: number; currency: string }[];
  lines: ParsedLine[];
  /** The opening and closing the file states, where it does. */
  opening: number | null;
  closing: number | null;
  /** Values that could not be read: the line is left out of `lines`. */
  problems: StatementProblem[];
}

/** A file that cannot be read at all: 422 that says what and where, nothing written. */
export const statementInvalid = (message: string) => unprocessable('STATEMENT_INVALID', message);

/**
 * A decimal text to integer cents, exactly (no floating point): "1,234.56", "-12.5", "+3",
 * "(40.00)" (accountants' negative), "1.234,56" with `decimalComma`. Null when it is not a number
 * or has more than two decimals.
 */
export function parseCents(text: string, decimalComma = false): number | null {
  let value = text.trim().replace(/[\s\u00a0']/g, '');
  if (value === '') return null;
  let negative = false;
  if (value.startsWith('(') && value.endsWith(')')) {
    negative = true;
    value = value.slice(1, -1);
  }
  if (value.startsWith('-') || value.startsWith('+')) {
    negative = negative !== value.startsWith('-');
    value = value.slice(1);
  } else if (value.endsWith('-')) {
    // Some banks write debits as "12.00-".
    negative = !negative;
    value = value.slice(0, -1);
  }
  const [group, decimal] = decimalComma ? ['.', ','] : [',', '.'];
  const parts = value.split(group).join('').split(decimal);
  if (parts.length > 2) return null;
  const [whole = '', fraction = ''] = parts;
  if (!/^\d+$/.test(whole) || !/^\d{0,2}$/.test(fraction)) return null;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return negative && cents !== 0 ? -cents : cents;
}

/** Decimal text whose separator is whichever one it has ("50.00", "50,00"): OFX and camt. */
export const parseFileCents = (text: string) => parseCents(text, text.includes(',') && !text.includes('.'));

const isRealDate = (year: number, month: number, day: number) => {
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
};

const iso = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** A date in one of the bank layouts to YYYY-MM-DD; null when it is not a real date in it. */
export function parseBankDate(text: string, format: BankDateFormat): string | null {
  const value = text.trim();
  const separator = format.charAt(format.search(/[^A-Z]/));
  const parts = value.split(separator);
  const order = format.split(separator);
  if (parts.length !== 3 || order.length !== 3) return null;
  const field: Record<string, number> = {};
  for (const [index, name] of order.entries()) {
    const part = parts[index]!;
    const width = name.length;
    if (!/^\d+$/.test(part) || part.length > width || (name === 'YYYY' && part.length !== 4)) return null;
    field[name] = Number(part);
  }
  const year = field.YYYY!;
  const month = field.MM!;
  const day = field.DD!;
  return isRealDate(year, month, day) ? iso(year, month, day) : null;
}

/** "20261104", "20261104120000[0:GMT]" (OFX) or "2026-11-04", "2026-11-04T10:00:00" (camt). */
export function parseIsoishDate(text: string): string | null {
  const value = text.trim();
  const digits = value.slice(0, 8);
  if (/^\d{8}/.test(value)) {
    const [year, month, day] = [
      Number(digits.slice(0, 4)),
      Number(digits.slice(4, 6)),
      Number(digits.slice(6, 8)),
    ];
    return isRealDate(year, month, day) ? iso(year, month, day) : null;
  }
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) {
    const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
    return isRealDate(year, month, day) ? iso(year, month, day) : null;
  }
  return null;
}

/** Text of a value the parser gave (string, number or nothing), trimmed; '' for nothing. */
export const textOf = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/** A parser's value that may be one or many: always a list. */
export const listOf = <T>(value: T | T[] | undefined | null): T[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

/** Text for a message: a value cut short so a long cell does not flood it. */
export const quoted = (value: string) => `“${value.length > 40 ? `${value.slice(0, 40)}…` : value}”`;

/** UTF-8 text of a file (a byte order mark dropped); anything else is not a statement we read. */
export function decodeText(data: Buffer, what: string): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    // OFX 1.x files are often Windows-1252 (CHARSET:1252); Latin-1 reads them well enough.
    text = data.toString('latin1');
  }
  if (text.includes('\u0000')) throw statementInvalid(`This file is not ${what}: it is not text.`);
  return text.replace(/^\uFEFF/, '');
}

/**
 * XML checked by fast-xml-parser's validator before it is read: a 422 that says what and where
 * (its line and column). A file cut short leaves elements open, which the validator reports at
 * line 1: the message says so, at the file's last line.
 */
export function assertWellFormedXml(text: string, what: string): void {
  const checked = XMLValidator.validate(text);
  if (checked === true) return;
  const { msg, line, col } = checked.err;
  if (msg.startsWith("Invalid '[")) {
    const lines = text.split(/\r\n|\r|\n/);
    throw statementInvalid(
      `The ${what} file could not be read: it ends (line ${lines.length}, column ${(lines.at(-1) ?? '').length + 1}) before its elements are closed. It may have been cut short: download it again.`,
    );
  }
  throw statementInvalid(
    `The ${what} file could not be read: ${msg.replace(/\.$/, '')} (line ${line}, column ${col}).`,
  );
}
