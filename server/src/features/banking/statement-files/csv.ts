import { CsvError, parse } from 'csv-parse/sync';
import type { CsvStatementMapping } from '@lintel/contracts';
import {
  decodeText,
  parseBankDate,
  parseCents,
  quoted,
  statementInvalid,
  type ParsedLine,
  type ParsedStatement,
  type StatementProblem,
} from './common.ts';

const PARSE_FAILURES: Partial<Record<string, string>> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted value is never closed',
  CSV_INVALID_CLOSING_QUOTE: 'a quote inside a value is not doubled ("")',
  INVALID_OPENING_QUOTE: 'a quote starts in the middle of a value',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'text follows a closing quote',
};

/** Banks in some locales separate values with semicolons (or tabs): the first line tells. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  const counts = [',', ';', '\t'].map((delimiter) => ({
    delimiter,
    count: firstLine.split(delimiter).length - 1,
  }));
  return counts.reduce((best, each) => (each.count > best.count ? each : best)).delimiter;
}

function readRecords(data: Buffer): string[][] {
  const text = decodeText(data, 'a CSV statement');
  try {
    return parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = typeof error.lines === 'number' ? ` near line ${error.lines}` : '';
    const reason = PARSE_FAILURES[error.code] ?? 'it is not valid CSV';
    throw statementInvalid(`The CSV file could not be read${line}: ${reason}.`);
  }
}

const isBlank = (values: string[]) => values.every((value) => value.trim() === '');
const sameHeading = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const filled = (values: string[]) => values.filter((value) => value.trim() !== '').length;

/**
 * The file's column headings, for the mapping form: the first of its opening rows with the most
 * values (a bank's preamble, "Account,1234", is narrower than its header row).
 */
export function csvHeaders(data: Buffer): string[] {
  return headerRow(readRecords(data))
    .map((heading) => heading.trim())
    .filter((heading) => heading !== '');
}

function headerRow(records: string[][]): string[] {
  const opening = records.slice(0, 30);
  const widest = Math.max(0, ...opening.map(filled));
  if (widest === 0) throw statementInvalid('The CSV file is empty: it has no header row and no lines.');
  return opening.find((values) => filled(values) === widest)!;
}

/** A mapped column the file does not have: the mapping must be given again for this layout. */
export class MappingMismatch extends Error {
  constructor(
    readonly column: string,
    readonly headers: string[],
  ) {
    super(`The column ${quoted(column)} of the mapping is not in this file.`);
  }
}

/**
 * A bank's CSV read with its column mapping. The header row is the first row that has the mapped
 * date column (some banks put account details above it); line numbers count every row of the
 * file, the header's included, so they match the spreadsheet. A file listed newest first (dates
 * running backwards) is turned around, so balances carry from the oldest line.
 */
export function parseCsvStatement(data: Buffer, mapping: CsvStatementMapping): ParsedStatement {
  const records = readRecords(data);
  const headerIndex = records.findIndex((values) => values.some((value) => sameHeading(value, mapping.date)));
  if (headerIndex < 0) {
    throw new MappingMismatch(
      mapping.date,
      headerRow(records)
        .map((value) => value.trim())
        .filter(Boolean),
    );
  }
  const header = records[headerIndex]!;
  const columnOf = (name: string | undefined) => {
    if (name === undefined) return undefined;
    const index = header.findIndex((value) => sameHeading(value, name));
    if (index < 0) throw new MappingMismatch(name, header.map((value) => value.trim()).filter(Boolean));
    return index;
  };
  const columns = {
    date: columnOf(mapping.date)!,
    description: columnOf(mapping.description)!,
    reference: columnOf(mapping.reference),
    counterparty: columnOf(mapping.counterparty),
    amount: columnOf(mapping.amount),
    debit: columnOf(mapping.amount === undefined ? mapping.debit : undefined),
    credit: columnOf(mapping.amount === undefined ? mapping.credit : undefined),
    balance: columnOf(mapping.balance),
    bankTransactionId: columnOf(mapping.bankTransactionId),
  };
  const lines: ParsedLine[] = [];
  const problems: StatementProblem[] = [];
  for (let index = headerIndex + 1; index < records.length; index += 1) {
    const values = records[index]!;
    if (isBlank(values)) continue;
    const line = index + 1;
    const cell = (column: number | undefined) => (column === undefined ? '' : (values[column] ?? '').trim());
    const optional = (column: number | undefined) => cell(column) || null;
    const before = problems.length;
    const problem = (message: string) => problems.push({ line, message: `Line ${line}: ${message}` });

    const dateText = cell(columns.date);
    const date = dateText ? parseBankDate(dateText, mapping.dateFormat) : null;
    if (!dateText) problem(`the date (column ${quoted(mapping.date)}) is empty.`);
    else if (!date) problem(`the date ${quoted(dateText)} is not a date in the form ${mapping.dateFormat}.`);

    const money = (column: number | undefined, name: string) => {
      const text = cell(column);
      if (text === '') return null;
      const cents = parseCents(text, mapping.decimalComma);
      if (cents === null) problem(`the ${name} ${quoted(text)} is not an amount.`);
      return cents;
    };
    let amount: number | null = null;
    if (columns.amount !== undefined) {
      amount = money(columns.amount, 'amount');
      if (cell(columns.amount) === '') problem(`the amount (column ${quoted(mapping.amount!)}) is empty.`);
    } else {
      const debit = money(columns.debit, 'debit');
      const credit = money(columns.credit, 'credit');
      // A bank that writes debits as negative numbers still means money out.
      const out = debit === null ? null : Math.abs(debit);
      const into = credit === null ? null : Math.abs(credit);
      if (cell(columns.debit) === '' && cell(columns.credit) === '') {
        problem(`neither debit nor credit has an amount.`);
      } else if (out !== null && into !== null && out !== 0 && into !== 0) {
        problem(`both debit and credit have an amount; a line is one or the other.`);
      } else if (problems.length === before) {
        amount = (into ?? 0) - (out ?? 0);
      }
    }
    const balance = money(columns.balance, 'balance');
    const reference = optional(columns.reference);
    const counterparty = optional(columns.counterparty);
    const description = cell(columns.description) || reference || counterparty || '';
    if (description === '') problem(`the description (column ${quoted(mapping.description)}) is empty.`);
    if (problems.length > before || date === null || amount === null) continue;
    lines.push({
      line,
      date,
      description,
      reference,
      counterparty,
      amount,
      balance,
      bankTransactionId: optional(columns.bankTransactionId),
    });
  }
  if (lines.length > 1 && lines[0]!.date > lines.at(-1)!.date) lines.reverse();
  return {
    format: 'csv',
    currency: null,
    currencyLine: 0,
    lineCurrencies: [],
    lines,
    opening: null,
    closing: null,
    problems,
  };
}
