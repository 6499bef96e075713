import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';
import { IMPORT_KINDS, TrialBalance } from '@lintel/contracts';
import { dataSync } from './data-sync-fixtures.ts';
import { expectStatus, type SignedIn, type TestApp } from './harness.ts';
import { caller } from './money-fixtures.ts';

/** A CSV's data rows as sorted lines: files compared whatever order their rows were written in. */
export function sortedRows(csv: string): string[] {
  const rows: string[][] = parse(csv, { bom: true });
  return rows.map((cells) => JSON.stringify(cells)).sort();
}

/**
 * Imports an export into another company, file by file in the import order, checking each file
 * applies without problems and creates one record per row. `edit` changes a file first (as a
 * person would, e.g. agents' emails).
 */
export async function importExport(
  t: TestApp,
  accountant: SignedIn,
  files: Record<string, string>,
  edit: (name: string, csv: string) => string = (_, csv) => csv,
) {
  const sync = dataSync(t);
  for (const kind of IMPORT_KINDS) {
    const csv = edit(`${kind}.csv`, files[`${kind}.csv`]!);
    const rows = sortedRows(csv).length - 1;
    const report = await sync.apply(accountant, kind, csv);
    expect({ kind, problems: report.problems }).toEqual({ kind, problems: [] });
    expect({ kind, created: report.created, unchanged: report.unchanged }).toEqual({
      kind,
      created: rows,
      unchanged: 0,
    });
  }
}

/** Ledger balances summed by kind of account (property:…, agent:…, deposits:…), whose ids differ between companies. */
export async function balancesByKind(t: TestApp, accountant: SignedIn, currency: string) {
  const response = await caller(t)(accountant, 'GET', `/api/ledger/trial-balance?currency=${currency}`);
  const balance = TrialBalance.parse(expectStatus(response, 200).data);
  const byKind: Record<string, number> = {};
  for (const { account, balance: amount } of balance.accounts) {
    const kind = /^(property|agent|deposits):/.test(account) ? account.split(':')[0]! : account;
    byKind[kind] = (byKind[kind] ?? 0) + amount;
  }
  return byKind;
}
