import { and, count, eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { ImportReport, type ImportKind } from '@lintel/contracts';
import { journals, leases, owners, payments, properties, tenants } from '../db/schema/index.ts';
import { queryRows } from '../db/client.ts';
import { systemTransact } from '../db/scope.ts';
import { expectStatus, type SignedIn, type TestApp } from './harness.ts';
import { multipartFile } from './multipart.ts';

/** Test helpers of the data sync tests: upload, export, and counting what a company holds. */
export function dataSync(t: TestApp) {
  const upload = (user: SignedIn, kind: string, csv: string | Buffer, query = 'dryRun=true') => {
    const body = multipartFile(`${kind}.csv`, 'text/csv', Buffer.isBuffer(csv) ? csv : Buffer.from(csv));
    return t.app.inject({
      method: 'POST',
      url: `/api/data-sync/import/${kind}${query ? `?${query}` : ''}`,
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
  };
  const dryRun = async (user: SignedIn, kind: ImportKind, csv: string | Buffer) =>
    ImportReport.parse(expectStatus(await upload(user, kind, csv, 'dryRun=true'), 200).data);
  const apply = async (user: SignedIn, kind: ImportKind, csv: string | Buffer) =>
    ImportReport.parse(expectStatus(await upload(user, kind, csv, 'dryRun=false'), 200).data);

  /** The export zip's files, as text. */
  const exportFiles = async (user: SignedIn): Promise<Record<string, string>> => {
    const response = await t.app.inject({ method: 'GET', url: '/api/data-sync/export', headers: user.auth });
    if (response.statusCode !== 200) throw new Error(`export: ${response.statusCode} ${response.body}`);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    return Object.fromEntries(Object.entries(files).map(([name, data]) => [name, strFromU8(data)]));
  };

  /** How many records of each kind a company has, straight from the tables. */
  const counts = (companyId: string) =>
    systemTransact(t.database.db, async (tx) => {
      const total = async (table: typeof owners | typeof tenants | typeof properties | typeof leases) =>
        (await tx.select({ n: count() }).from(table).where(eq(table.companyId, companyId)))[0]!.n;
      const [journalCount] = await tx
        .select({ n: count() })
        .from(journals)
        .where(and(eq(journals.companyId, companyId), eq(journals.kind, 'opening_balance')));
      const [paymentCount] = await tx
        .select({ n: count() })
        .from(payments)
        .where(eq(payments.companyId, companyId));
      return {
        owners: await total(owners),
        tenants: await total(tenants),
        properties: await total(properties),
        leases: await total(leases),
        payments: paymentCount!.n,
        openingBalances: journalCount!.n,
      };
    });

  /** Every ledger line of a company sums to zero per currency: the books balance. */
  const ledgerTotals = (companyId: string) =>
    systemTransact(t.database.db, async (tx) =>
      (
        await queryRows<{ currency: string; total: string }>(
          tx,
          sql`select currency, sum(amount_cents)::bigint as total from ledger_lines where company_id = ${companyId} group by currency order by currency`,
        )
      ).map((row) => ({ currency: row.currency, total: Number(row.total) })),
    );

  return { upload, dryRun, apply, exportFiles, counts, ledgerTotals };
}

/** A CSV from rows of cells, quoted where needed, as a spreadsheet saves it. */
export function csvOf(rows: string[][]): string {
  const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return `${rows.map((cells) => cells.map(quote).join(',')).join('\r\n')}\r\n`;
}
