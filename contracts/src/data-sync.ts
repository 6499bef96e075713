import { z } from 'zod';
import { call, envelope } from './common.ts';

/**
 * Data sync (issue 8): CSV import with a dry run and an all-or-nothing apply, and a zip export in
 * the same templates. Amounts in files are decimal major units ("1250.50") beside a currency code;
 * dates are YYYY-MM-DD.
 */
export const IMPORT_KINDS = [
  'owners',
  'tenants',
  'properties',
  'leases',
  'payments',
  'opening-balances',
] as const;
export const ImportKind = z.enum(IMPORT_KINDS);
export type ImportKind = z.infer<typeof ImportKind>;

export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  owners: 'Owners',
  tenants: 'Tenants',
  properties: 'Properties',
  leases: 'Leases',
  payments: 'Historical payments',
  'opening-balances': 'Opening balances',
};

/** Largest CSV accepted by an import. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;

export const ImportKindParams = z.object({ kind: ImportKind });

export const ImportQuery = z.object({
  /** Anything but "false" is a dry run: nothing is written unless asked for plainly. */
  dryRun: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value !== 'false'),
});
export type ImportQuery = z.infer<typeof ImportQuery>;

export const ImportProblem = z.object({
  /** The line's row number in the file, the header being row 1. */
  row: z.number().int(),
  column: z.string(),
  value: z.string(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof ImportProblem>;

export const ImportReport = z.object({
  kind: ImportKind,
  dryRun: z.boolean(),
  /** Data rows read (the header not counted). */
  rows: z.number().int(),
  /** Rows that would be (dry run) or were written. */
  created: z.number().int(),
  /** Rows already in the company (same natural key): never written twice. */
  unchanged: z.number().int(),
  problems: z.array(ImportProblem),
  /** True only when the rows were written: not a dry run and no problems. */
  applied: z.boolean(),
});
export type ImportReport = z.infer<typeof ImportReport>;

/** Apply refused because the file has problems: nothing was written. */
export const IMPORT_HAS_PROBLEMS = 'IMPORT_HAS_PROBLEMS';

const tag = 'data-sync';

export const dataSyncApi = {
  template: call('GET', '/data-sync/templates/:kind', {
    summary: 'The CSV template of an import kind: its header row (accountant, admin)',
    tag,
    params: ImportKindParams,
    reply: z.string(),
    produces: 'text/csv',
  }),
  import: call('POST', '/data-sync/import/:kind', {
    summary:
      'Import a CSV (multipart, field "file"): dryRun=true checks every row and writes nothing; dryRun=false writes all rows in one transaction or none (accountant)',
    tag,
    params: ImportKindParams,
    query: ImportQuery,
    reply: envelope(ImportReport),
  }),
  export: call('GET', '/data-sync/export', {
    summary: 'Everything the company owns as a zip of CSVs in the import templates (accountant, admin)',
    tag,
    reply: z.string(),
    produces: 'application/zip',
  }),
};
