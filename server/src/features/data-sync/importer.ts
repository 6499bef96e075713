import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../db/scope.ts';
import type { CsvRow } from './read-csv.ts';
import type { Problems } from './rows.ts';

/** A row of a template, by column name; empty cells are empty strings. */
export type TemplateRow = Record<string, string>;

/** How one kind of record is imported and exported. */
export interface Importer<Context, Item> {
  /** Reads, once, what rows are matched against and refer to (the rows tell what to look up). */
  load(tx: Tx, ctx: Ctx, rows: CsvRow[]): Promise<Context>;
  /**
   * One row, in file order: the record to write, 'unchanged' when the company already has it,
   * or undefined when the row has problems (added to `problems`).
   */
  check(row: CsvRow, problems: Problems, context: Context): Item | 'unchanged' | undefined;
  /** Writes every checked record, inside the import's one transaction. */
  write(tx: Tx, ctx: Ctx, items: Item[], context: Context): Promise<void>;
  /** The company's records as template rows, so the export imports back as they are. */
  exportRows(tx: Tx, ctx: Ctx): Promise<TemplateRow[]>;
}

/** Lets a table of importers of different types be used through one signature. */
export const importer = <Context, Item>(definition: Importer<Context, Item>) =>
  definition as unknown as Importer<unknown, unknown>;
