import { CsvError, parse } from 'csv-parse/sync';
import { IMPORT_MAX_ROWS, type ImportKind } from '@lintel/contracts';
import { badRequest, unprocessable } from '../../lib/errors.ts';
import { unguardCell } from '../../lib/documents/index.ts';
import { TEMPLATES, columnNames } from './templates.ts';

/** One data row: its row number in the file (the header is row 1) and its cells by column name. */
export interface CsvRow {
  row: number;
  cells: Record<string, string>;
  /** Values beyond the header's columns, which belong to no column. */
  extra: string[];
}

const NOT_TEXT =
  'This file is not a CSV text file. Save it from your spreadsheet as “CSV UTF-8 (comma delimited)” and try again.';

const PARSE_FAILURES: Partial<Record<string, string>> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted value is never closed',
  CSV_INVALID_CLOSING_QUOTE: 'a quote inside a value is not doubled ("")',
  INVALID_OPENING_QUOTE: 'a quote starts in the middle of a value',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'text follows a closing quote',
};

/** Spreadsheets write "Tenant Email", "tenant-email" or "tenant_email": all name one column. */
const normalHeading = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** Text from bytes: UTF-8 only (with or without a byte order mark); anything else is refused. */
function decode(data: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw badRequest('NOT_CSV', NOT_TEXT);
  }
  if (text.includes('\u0000')) throw badRequest('NOT_CSV', NOT_TEXT);
  return text;
}

/** Spreadsheets in some locales separate values with semicolons (or tabs): the header row tells. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  const counts = [',', ';', '\t'].map((delimiter) => ({
    delimiter,
    count: firstLine.split(delimiter).length - 1,
  }));
  return counts.reduce((best, each) => (each.count > best.count ? each : best)).delimiter;
}

function parseRecords(text: string): string[][] {
  try {
    return parse(text, {
      bom: true,
      delimiter: delimiterOf(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      // A hand-typed 5" pipe is a value with a quote in it, not broken CSV.
      relax_quotes: true,
      skip_empty_lines: false,
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = typeof error.lines === 'number' ? ` near line ${error.lines}` : '';
    const reason = PARSE_FAILURES[error.code] ?? 'it is not valid CSV';
    throw badRequest('CSV_UNREADABLE', `The file could not be read${line}: ${reason}.`);
  }
}

const isBlank = (values: string[]) => values.every((value) => value.trim() === '');

/**
 * Reads an uploaded CSV with a real parser (quoted values with commas, quotes and line breaks; a
 * byte order mark; CRLF or LF), checks the header against the kind's template and returns the data
 * rows. Blank lines are skipped but still counted, so row numbers match the spreadsheet's.
 */
export function readCsv(kind: ImportKind, data: Buffer): CsvRow[] {
  const records = parseRecords(decode(data));
  const headerIndex = records.findIndex((values) => !isBlank(values));
  if (headerIndex < 0) {
    throw badRequest(
      'EMPTY_FILE',
      'The file is empty. Start from the template: a header row, then one row per record.',
    );
  }
  const headings = records[headerIndex]!.map(normalHeading);
  const expected = columnNames(kind);
  const expectedText = expected.join(', ');
  const unnamed = headings.findIndex((heading) => heading === '');
  if (unnamed >= 0) {
    throw badRequest(
      'BAD_HEADER',
      `Column ${unnamed + 1} of the header row has no name. The columns are: ${expectedText}.`,
    );
  }
  const unknown = headings.filter((heading) => !expected.includes(heading));
  if (unknown.length > 0) {
    // A file of another kind (or not a CSV at all) can have any number of any "headings".
    const named = unknown
      .slice(0, 5)
      .map((heading) => (heading.length > 40 ? `${heading.slice(0, 40)}…` : heading));
    const more = unknown.length > 5 ? ` and ${unknown.length - 5} more` : '';
    throw badRequest(
      'BAD_HEADER',
      `Unknown column${unknown.length > 1 ? 's' : ''}: ${named.join(', ')}${more}. The columns are: ${expectedText}.`,
    );
  }
  const repeated = headings.filter((heading, index) => headings.indexOf(heading) !== index);
  if (repeated.length > 0) {
    throw badRequest('BAD_HEADER', `Column ${repeated[0]} appears more than once in the header row.`);
  }
  const missing = TEMPLATES[kind]
    .filter((each) => each.required && !headings.includes(each.name))
    .map((each) => each.name);
  if (missing.length > 0) {
    throw badRequest(
      'BAD_HEADER',
      `Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}. The columns are: ${expectedText}.`,
    );
  }
  const rows: CsvRow[] = [];
  for (let index = headerIndex + 1; index < records.length; index += 1) {
    const values = records[index]!;
    if (isBlank(values)) continue;
    if (rows.length === IMPORT_MAX_ROWS) {
      throw unprocessable(
        'TOO_MANY_ROWS',
        `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split it into smaller files and import each.`,
      );
    }
    const cells: Record<string, string> = {};
    headings.forEach((heading, column) => {
      cells[heading] = unguardCell(values[column] ?? '').trim();
    });
    rows.push({
      row: index + 1,
      cells,
      extra: values.slice(headings.length).filter((value) => value.trim() !== ''),
    });
  }
  return rows;
}
