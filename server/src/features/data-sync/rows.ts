import type { z } from 'zod';
import { IsoDate, parseMajorUnits, type ImportProblem } from '@lintel/contracts';
import { AppError } from '../../lib/errors.ts';
import type { CsvRow } from './read-csv.ts';

/** "id_number" → "Id number": a column named the way a person reads it. */
const labelOf = (column: string) => {
  const words = column.replace(/_/g, ' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
};

/** Contract messages are sentences ("Enter a valid email address"); zod's defaults follow a label. */
const sentence = (column: string, message: string) =>
  /^[a-z]/.test(message) ? `${labelOf(column)} ${message}` : message;

/** Every problem of a file, in row order, and which columns of which rows have one. */
export class Problems {
  readonly list: ImportProblem[] = [];
  private readonly columns = new Map<number, Set<string>>();

  add(row: CsvRow, column: string, message: string, value = row.cells[column] ?? '') {
    this.list.push({ row: row.row, column, value, message: sentence(column, message) });
    const columns = this.columns.get(row.row) ?? new Set<string>();
    this.columns.set(row.row, columns.add(column));
  }

  has(row: CsvRow, column?: string) {
    const columns = this.columns.get(row.row);
    return column === undefined ? columns !== undefined : (columns?.has(column) ?? false);
  }

  /** How many rows have at least one problem. */
  get rowCount() {
    return this.columns.size;
  }
}

/**
 * Stands in for a reference that could not be resolved (already reported), so the contract's
 * schema checks the row's other values without a second message about the same cell.
 */
export const UNRESOLVED_ID = '00000000-0000-4000-8000-000000000000';

/** Lower-case, single-spaced: how names and addresses are compared. */
export const normal = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** A choice as people type it ("Bank transfer", "under maintenance") → its code. */
const choiceCode = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * Reads one row's cells as typed values. A value that cannot be read, or a required one that is
 * missing, is reported against its column and comes back undefined; an empty optional cell null.
 */
export function cellsOf(row: CsvRow, problems: Problems) {
  const text = (column: string) => row.cells[column] ?? '';
  const required = (column: string, what: string) => {
    if (text(column) !== '') return true;
    problems.add(row, column, `Enter the ${what}.`);
    return false;
  };
  return {
    text,
    /** Null when empty. */
    optional: (column: string) => text(column) || null,
    required: (column: string, what: string) => (required(column, what) ? text(column) : undefined),
    /** Decimal major units ("1250.50") → minor units. */
    money(column: string, options: { what: string } | { empty: number }) {
      if (text(column) === '') {
        if ('empty' in options) return options.empty;
        required(column, options.what);
        return undefined;
      }
      const parsed = parseMajorUnits(text(column));
      if ('error' in parsed) {
        problems.add(row, column, parsed.error);
        return undefined;
      }
      return parsed.cents;
    },
    /**
     * A percentage ("12.5") → basis points. Two decimal places of a percent are basis points
     * just as two of a currency unit are cents, so the money parser reads it exactly.
     */
    percent(column: string) {
      if (text(column) === '') return null;
      const parsed = parseMajorUnits(text(column).replace(/%$/, ''));
      if ('error' in parsed || parsed.cents > 10000) {
        problems.add(row, column, 'Enter a percentage from 0 to 100, such as 10 or 12.5.');
        return undefined;
      }
      return parsed.cents;
    },
    wholeNumber(column: string) {
      if (text(column) === '') return null;
      if (!/^\d{1,9}$/.test(text(column))) {
        problems.add(row, column, 'Enter a whole number such as 3');
        return undefined;
      }
      return Number(text(column));
    },
    date(column: string, what: string) {
      if (!required(column, what)) return undefined;
      const parsed = IsoDate.safeParse(text(column));
      if (!parsed.success) {
        problems.add(row, column, `Enter the ${what} as YYYY-MM-DD, e.g. 2026-03-01.`);
        return undefined;
      }
      return parsed.data;
    },
    choice<T extends string>(
      column: string,
      choices: readonly T[],
      options: { what: string } | { empty: T },
    ) {
      if (text(column) === '') {
        if ('empty' in options) return options.empty;
        required(column, options.what);
        return undefined;
      }
      const code = choiceCode(text(column));
      if ((choices as readonly string[]).includes(code)) return code as T;
      problems.add(row, column, `Use one of: ${choices.join(', ')}.`);
      return undefined;
    },
  };
}

/**
 * Checks a row's values with the contract's own input schema (the one the editor uses), each
 * issue reported against the column it came from (`columns`: field path → column), unless that
 * column's cell was already reported as unreadable.
 */
export function checkInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  columns: Record<string, string>,
  row: CsvRow,
  problems: Problems,
): z.output<S> | undefined {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    const column = columns[path] ?? columns[String(issue.path[0])] ?? path;
    if (!problems.has(row, column)) problems.add(row, column, issue.message);
  }
  return undefined;
}

/** The message of a rule another feature would refuse the row with (found in the dry run), if any. */
export function refusal(rule: () => void): string | undefined {
  try {
    rule();
    return undefined;
  } catch (error) {
    if (error instanceof AppError || error instanceof RangeError) return error.message;
    throw error;
  }
}
