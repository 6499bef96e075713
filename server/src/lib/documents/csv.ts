import { stringify } from 'csv-stringify/sync';

// A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;
// …except a plain number such as "-1250.00", which a spreadsheet reads as that number.
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

const guardCell = (value: string | number | null) =>
  typeof value === 'string' && FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;

/** A cell read back from a CSV this app wrote: without the apostrophe `toCsv` put before a formula start. */
export const unguardCell = (value: string) =>
  value.startsWith("'") && FORMULA_START.test(value.slice(1)) && !PLAIN_NUMBER.test(value.slice(1))
    ? value.slice(1)
    : value;

/**
 * Rows as CSV with a header row and CRLF line endings (RFC 4180). Text that a spreadsheet would
 * run as a formula gets a leading apostrophe; numbers are written as they are.
 */
export function toCsv(
  columns: Array<{ key: string; header: string }>,
  rows: Array<Record<string, string | number | null>>,
  /** Without it, rows to follow an earlier piece of the same file. */
  { header = true }: { header?: boolean } = {},
): string {
  const guarded = rows.map((record) =>
    Object.fromEntries(columns.map(({ key }) => [key, guardCell(record[key] ?? null)])),
  );
  return stringify(guarded, {
    header,
    columns,
    record_delimiter: 'windows',
    // csv-stringify quotes "\n" and "\r\n" in a value but not a lone "\r", which readers take as a line end.
    quoted_match: '\r',
  });
}

/** Rows with their columns, ready for `toCsv`: e.g. a feature's records in the company export. */
export interface CsvTable {
  columns: Array<{ key: string; header: string }>;
  rows: Array<Record<string, string | number | null>>;
}

/** Columns whose header is their key (snake_case, as the export's files use). */
export const csvColumns = (...keys: string[]) => keys.map((key) => ({ key, header: key }));
