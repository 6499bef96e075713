import { and, asc, count, desc, eq, getTableColumns, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { formatMajorUnits, type InvoiceClientType, type InvoiceStatus } from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { invoiceLines, invoices, owners, payments, tenants } from '../../db/schema/index.ts';
import { inCompany, type Ctx } from '../../db/scope.ts';
import { csvColumns, type CsvTable } from '../../lib/documents/csv.ts';
import { containsPattern, selectCountedPage, type CountedPage } from '../../lib/list-query.ts';
import { scopeCondition, type RowScope } from '../../lib/visibility.ts';

type Scope = Pick<Ctx, 'companyId'>;
export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type InvoiceView = { invoice: InvoiceRow; lines: InvoiceLineRow[] };
export type InvoiceValues = Omit<typeof invoices.$inferInsert, 'id' | 'companyId'>;
export type LineValues = Pick<
  InvoiceLineRow,
  'description' | 'quantityMilli' | 'unitPriceCents' | 'amountCents'
>;

async function linesOf(tx: Tx, scope: Scope, ids: string[]): Promise<Map<string, InvoiceLineRow[]>> {
  const byInvoice = new Map<string, InvoiceLineRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byInvoice;
  const rows = await tx
    .select()
    .from(invoiceLines)
    .where(inCompany(invoiceLines, scope, or(...ids.map((id) => eq(invoiceLines.invoiceId, id)))))
    .orderBy(asc(invoiceLines.position));
  for (const row of rows) byInvoice.get(row.invoiceId)?.push(row);
  return byInvoice;
}

export async function findInvoice(
  tx: Tx,
  scope: Scope,
  id: string,
  lock = false,
): Promise<InvoiceView | undefined> {
  const query = tx
    .select()
    .from(invoices)
    .where(inCompany(invoices, scope, eq(invoices.id, id)));
  const [invoice] = lock ? await query.for('update') : await query;
  if (!invoice) return undefined;
  return { invoice, lines: (await linesOf(tx, scope, [id])).get(id) ?? [] };
}

export async function insertInvoice(
  tx: Tx,
  scope: Scope,
  values: InvoiceValues,
  lines: LineValues[],
): Promise<string> {
  const [row] = await tx
    .insert(invoices)
    .values({ ...values, companyId: scope.companyId })
    .returning({ id: invoices.id });
  await replaceLines(tx, scope, row!.id, lines);
  return row!.id;
}

export async function replaceLines(tx: Tx, scope: Scope, invoiceId: string, lines: LineValues[]) {
  await tx.delete(invoiceLines).where(inCompany(invoiceLines, scope, eq(invoiceLines.invoiceId, invoiceId)));
  if (lines.length === 0) return;
  await tx
    .insert(invoiceLines)
    .values(lines.map((line, position) => ({ ...line, position, invoiceId, companyId: scope.companyId })));
}

/** Updates the invoice at `version` (when given); false when someone changed it first. */
export async function updateInvoice(
  tx: Tx,
  scope: Scope,
  id: string,
  values: Partial<InvoiceValues>,
  version?: number,
): Promise<boolean> {
  const updated = await tx
    .update(invoices)
    .set({ ...values, updatedAt: sql`now()`, version: sql`${invoices.version} + 1` })
    .where(
      inCompany(
        invoices,
        scope,
        eq(invoices.id, id),
        version === undefined ? undefined : eq(invoices.version, version),
      ),
    )
    .returning({ id: invoices.id });
  return updated.length === 1;
}

export interface InvoiceFilter {
  q?: string | undefined;
  status?: InvoiceStatus | undefined;
  overdueOn?: string | undefined;
  clientType?: InvoiceClientType | undefined;
  clientId?: string | undefined;
  /** The invoices the caller sees (lib/visibility.ts); unset, all of them. */
  rows?: RowScope | undefined;
}

/** The user of the owner an invoice is addressed to, once issued: an owner never sees drafts. */
const addressedOwnerUser = sql`(select ${owners.userId} from ${owners} where ${owners.id} = ${invoices.clientId}
  and ${invoices.clientType} = 'owner' and ${invoices.status} <> 'draft')`;

function where(scope: Scope, filter: InvoiceFilter): SQL | undefined {
  const pattern = containsPattern(filter.q);
  return inCompany(
    invoices,
    scope,
    pattern ? or(ilike(invoices.number, pattern), ilike(invoices.clientName, pattern)) : undefined,
    filter.status ? eq(invoices.status, filter.status) : undefined,
    filter.overdueOn ? and(eq(invoices.status, 'issued'), lt(invoices.dueDate, filter.overdueOn)) : undefined,
    filter.clientType ? eq(invoices.clientType, filter.clientType) : undefined,
    filter.clientId ? eq(invoices.clientId, filter.clientId) : undefined,
    filter.rows && scopeCondition(filter.rows, { ownerUser: addressedOwnerUser }),
  );
}

export const sortColumns = {
  number: invoices.number,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  total: invoices.totalCents,
  createdAt: invoices.createdAt,
};

export async function listInvoices(
  tx: Tx,
  scope: Scope,
  filter: InvoiceFilter,
  paging: { page: number; pageSize: number; sort: keyof typeof sortColumns; descending: boolean },
): Promise<CountedPage<InvoiceView>> {
  const condition = where(scope, filter);
  const order = paging.descending ? desc : asc;
  const matching = tx
    .select({ one: sql`1` })
    .from(invoices)
    .where(condition);
  const page = await selectCountedPage(tx, paging, matching, ({ counted, limit, offset }) =>
    tx
      .select({ ...getTableColumns(invoices), counted })
      .from(invoices)
      .where(condition)
      .orderBy(order(sortColumns[paging.sort]), desc(invoices.createdAt))
      .limit(limit)
      .offset(offset),
  );
  const lines = await linesOf(
    tx,
    scope,
    page.items.map((row) => row.id),
  );
  return { ...page, items: page.items.map((invoice) => ({ invoice, lines: lines.get(invoice.id) ?? [] })) };
}

/** A tenant as an invoice client (read-only: the tenants feature exports no finder yet). */
export const findTenantClient = async (tx: Tx, scope: Scope, id: string) =>
  (
    await tx
      .select({ name: tenants.name, email: tenants.email })
      .from(tenants)
      .where(inCompany(tenants, scope, eq(tenants.id, id)))
  )[0];

/** The payment an invoice is settled by (read-only: payments exports no finder yet). */
export const findPaymentForInvoice = async (tx: Tx, scope: Scope, id: string) =>
  (
    await tx
      .select({
        id: payments.id,
        type: payments.type,
        status: payments.status,
        currency: payments.currency,
        amountCents: payments.amountCents,
        propertyId: payments.propertyId,
        journalId: payments.journalId,
        receiptNumber: payments.receiptNumber,
        paymentDate: payments.paymentDate,
      })
      .from(payments)
      .where(inCompany(payments, scope, eq(payments.id, id)))
  )[0];

/** The invoice already settled by this payment, if any. */
export const findInvoiceByPayment = async (tx: Tx, scope: Scope, paymentId: string) =>
  (
    await tx
      .select({ id: invoices.id, number: invoices.number })
      .from(invoices)
      .where(inCompany(invoices, scope, eq(invoices.paymentId, paymentId)))
  )[0];

/** Issued invoices past their due date in a currency: how many and what they total. */
export async function overdueInvoiceTotals(
  tx: Tx,
  scope: Scope,
  query: { today: string; currency: string; rows: RowScope },
) {
  const [row] = await tx
    .select({ count: count(), amount: sql<string>`coalesce(sum(${invoices.totalCents}), 0)` })
    .from(invoices)
    .where(
      and(where(scope, { overdueOn: query.today, rows: query.rows }), eq(invoices.currency, query.currency)),
    );
  return { count: row?.count ?? 0, amount: Number(row?.amount ?? 0) };
}

/** Every invoice, drafts and void ones too, for the company export's records (not imported). */
export async function invoiceRecords(tx: Tx, scope: Scope): Promise<CsvTable> {
  const rows = await tx
    .select()
    .from(invoices)
    .where(inCompany(invoices, scope))
    .orderBy(asc(invoices.issueDate), asc(invoices.createdAt));
  return {
    columns: csvColumns(
      'number',
      'status',
      'kind',
      'client_type',
      'client_name',
      'client_email',
      'issue_date',
      'due_date',
      'currency',
      'subtotal',
      'vat',
      'total',
      'notes',
      'void_reason',
      'paid_from',
    ),
    rows: rows.map((invoice) => ({
      number: invoice.number,
      status: invoice.status,
      kind: invoice.kind,
      client_type: invoice.clientType,
      client_name: invoice.clientName,
      client_email: invoice.clientEmail,
      issue_date: invoice.issueDate,
      due_date: invoice.dueDate,
      currency: invoice.currency,
      subtotal: formatMajorUnits(invoice.subtotalCents),
      vat: formatMajorUnits(invoice.vatCents),
      total: formatMajorUnits(invoice.totalCents),
      notes: invoice.notes,
      void_reason: invoice.voidReason,
      paid_from: invoice.paidFrom,
    })),
  };
}
