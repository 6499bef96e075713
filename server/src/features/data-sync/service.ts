import { strToU8, zipSync } from 'fflate';
import {
  IMPORT_HAS_PROBLEMS,
  IMPORT_KINDS,
  type ImportKind,
  type ImportProblem,
  type ImportReport,
} from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { transact, type Ctx } from '../../db/scope.ts';
import { csvColumns, type CsvTable } from '../../lib/documents/csv.ts';
import { toCsv } from '../../lib/documents/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { FileReply } from '../../lib/http.ts';
import { assertRole } from '../../lib/roles.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import { expenseRecords, payoutRecords } from '../accounts/index.ts';
import { findCompany } from '../companies/index.ts';
import { loadFinanceSettings } from '../finance/index.ts';
import { invoiceRecords } from '../invoices/index.ts';
import { todayIso } from '../leases/index.ts';
import { levyRecords } from '../levies/index.ts';
import { maintenanceRecords } from '../maintenance/index.ts';
import { taskRecords } from '../tasks/index.ts';
import type { Importer } from './importer.ts';
import { leasesImporter } from './kinds/leases.ts';
import { openingBalancesImporter } from './kinds/opening-balances.ts';
import { ownersImporter } from './kinds/owners.ts';
import { paymentsImporter } from './kinds/payments.ts';
import { propertiesImporter } from './kinds/properties.ts';
import { tenantsImporter } from './kinds/tenants.ts';
import { readCsv } from './read-csv.ts';
import { exportReadme } from './readme.ts';
import * as repo from './repo.ts';
import { Problems } from './rows.ts';
import { columnNames, fileNameOf, RECORDS_FOLDER } from './templates.ts';

const IMPORTERS: Record<ImportKind, Importer<unknown, unknown>> = {
  owners: ownersImporter,
  tenants: tenantsImporter,
  properties: propertiesImporter,
  leases: leasesImporter,
  payments: paymentsImporter,
  'opening-balances': openingBalancesImporter,
};

// PRODUCT.md: data sync is read by admins and edited (imported) by accountants.
const READERS = ['admin', 'accountant'] as const;
const IMPORTING_ROLES = ['accountant'] as const;

/** A report lists this many problems; a file with more is mostly wrong and gets a summary line. */
const LISTED_PROBLEMS = 1000;
/** A refused apply names this many in its error details; the dry run's report has them all. */
const DETAILED_PROBLEMS = 100;

/** The rest of what the company holds: in the export for the records, re-created by no import. */
const RECORDS: Record<string, (tx: Tx, ctx: Ctx) => Promise<CsvTable>> = {
  payouts: payoutRecords,
  expenses: expenseRecords,
  levies: levyRecords,
  invoices: invoiceRecords,
  maintenance: maintenanceRecords,
  tasks: taskRecords,
};

/** Checked before the upload is read: a role that may not import is refused at once. */
export function assertMayImport(ctx: Ctx): void {
  assertRole(ctx, IMPORTING_ROLES);
}

export function template(ctx: Ctx, kind: ImportKind): FileReply {
  assertRole(ctx, READERS);
  return {
    body: toCsv(csvColumns(...columnNames(kind)), []),
    contentType: 'text/csv; charset=utf-8',
    filename: `lintel-${kind}-template.csv`,
  };
}

function listed(problems: Problems): ImportProblem[] {
  if (problems.list.length <= LISTED_PROBLEMS) return problems.list;
  const rest = problems.list.length - LISTED_PROBLEMS;
  const next = problems.list[LISTED_PROBLEMS]!;
  return [
    ...problems.list.slice(0, LISTED_PROBLEMS),
    {
      row: next.row,
      column: '',
      value: '',
      message: `${rest.toLocaleString('en-US')} more problems from this row on are not listed. Fix these first, then check the file again.`,
    },
  ];
}

const rowsText = (count: number) => `${count.toLocaleString('en-US')} row${count === 1 ? '' : 's'}`;

/**
 * Imports a CSV of one kind. Every row is checked against the company's records and the rows
 * before it; a dry run stops there and writes nothing. An apply writes every row in this one
 * transaction, or none: a file with any problem is refused whole.
 */
export async function importFile(
  ctx: Ctx,
  kind: ImportKind,
  upload: { data: Buffer; fileName: string },
  dryRun: boolean,
): Promise<ImportReport> {
  assertMayImport(ctx);
  const rows = readCsv(kind, upload.data);
  return transact(ctx, async (tx) => {
    await repo.lockCompanyImports(tx, ctx);
    const importer = IMPORTERS[kind];
    const context = await importer.load(tx, ctx, rows);
    const problems = new Problems();
    const items: unknown[] = [];
    let unchanged = 0;
    for (const row of rows) {
      if (row.extra.length > 0) {
        problems.add(
          row,
          '',
          `This row has ${row.extra.length} more value${row.extra.length === 1 ? '' : 's'} than the header row has columns.`,
          row.extra.join(', '),
        );
      }
      const checked = importer.check(row, problems, context);
      if (problems.has(row)) continue;
      if (checked === 'unchanged') unchanged += 1;
      else if (checked !== undefined) items.push(checked);
      else throw new Error(`Row ${row.row} of a ${kind} import was neither accepted nor reported`);
    }
    const report: ImportReport = {
      kind,
      dryRun,
      rows: rows.length,
      created: items.length,
      unchanged,
      problems: listed(problems),
      applied: false,
    };
    if (dryRun) return report;
    if (problems.rowCount > 0) {
      throw new AppError(
        422,
        IMPORT_HAS_PROBLEMS,
        `${rowsText(problems.rowCount)} ${problems.rowCount === 1 ? 'has' : 'have'} problems; nothing was imported.`,
        problems.list.slice(0, DETAILED_PROBLEMS).map((problem) => ({
          path: `row ${problem.row}${problem.column ? ` · ${problem.column}` : ''}`,
          message: problem.message,
        })),
      );
    }
    if (items.length > 0) await importer.write(tx, ctx, items, context);
    // One entry for the whole file: thousands of rows are one act of one person.
    await recordAudit(tx, auditActor(ctx), {
      action: 'data_sync.imported',
      entity: 'data_sync',
      entityId: null,
      after: { kind, fileName: upload.fileName, rows: rows.length, created: items.length, unchanged },
    });
    return { ...report, applied: true };
  });
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'company';

/** Everything the company owns, as a zip of CSVs in the import templates, read from one snapshot. */
export const exportCompany = (ctx: Ctx): Promise<FileReply> =>
  transact(
    ctx,
    async (tx) => {
      assertRole(ctx, READERS);
      const company = await findCompany(tx, ctx.companyId);
      const files: Record<string, Uint8Array> = {};
      const counts: Partial<Record<ImportKind, number>> = {};
      for (const kind of IMPORT_KINDS) {
        const rows = await IMPORTERS[kind].exportRows(tx, ctx);
        counts[kind] = rows.length;
        files[fileNameOf(kind)] = strToU8(toCsv(csvColumns(...columnNames(kind)), rows));
      }
      const records: Record<string, number> = {};
      for (const [name, read] of Object.entries(RECORDS)) {
        const table = await read(tx, ctx);
        records[name] = table.rows.length;
        files[`${RECORDS_FOLDER}/${name}.csv`] = strToU8(toCsv(table.columns, table.rows));
      }
      const today = todayIso();
      files['README.txt'] = strToU8(
        exportReadme({
          companyName: company?.name ?? '',
          date: today,
          counts: counts as Record<ImportKind, number>,
          records,
          settings: await loadFinanceSettings(tx, ctx),
        }),
      );
      return {
        body: Buffer.from(zipSync(files)),
        contentType: 'application/zip',
        filename: `lintel-export-${slug(company?.name ?? '')}-${today}.zip`,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
