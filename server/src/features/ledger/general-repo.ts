import type { Book } from '@lintel/contracts';
import { and, asc, desc, eq, exists, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { journals, leases, ledgerLines, properties, tenants, users } from '../../db/schema/index.ts';
import { inCompany, type Ctx } from '../../db/scope.ts';
import { chunksOf } from '../../lib/chunks.ts';

type Scope = Pick<Ctx, 'companyId'>;

/** The general ledger's read side: journals with their lines, accounts' names, the export. */
export interface JournalFilter {
  book?: Book | undefined;
  from?: string | undefined;
  to?: string | undefined;
  account?: string | undefined;
  currency?: string | undefined;
  /** A condition on `journals.kind` (see `sourceCondition` in general.ts). */
  kind?: SQL | undefined;
}

function journalConditions(scope: Scope, filter: JournalFilter) {
  const lineFilter = [
    filter.account ? eq(ledgerLines.account, filter.account) : undefined,
    filter.currency ? eq(ledgerLines.currency, filter.currency) : undefined,
  ].filter((each): each is SQL => each !== undefined);
  return inCompany(
    journals,
    scope,
    filter.book ? eq(journals.book, filter.book) : undefined,
    filter.from ? gte(journals.entryDate, filter.from) : undefined,
    filter.to ? lte(journals.entryDate, filter.to) : undefined,
    filter.kind,
    lineFilter.length > 0
      ? exists(
          sql`(select 1 from ${ledgerLines} where ${and(
            eq(ledgerLines.journalId, journals.id),
            eq(ledgerLines.companyId, journals.companyId),
            ...lineFilter,
          )})`,
        )
      : undefined,
  );
}

/** One page of journals, newest first (entry date, then when posted), and how many match. */
export async function journalPage(
  tx: Tx,
  scope: Scope,
  filter: JournalFilter,
  page: { offset: number; limit: number },
) {
  const where = journalConditions(scope, filter);
  const rows = await tx
    .select()
    .from(journals)
    .where(where)
    .orderBy(desc(journals.entryDate), desc(journals.createdAt), asc(journals.book), desc(journals.id))
    .offset(page.offset)
    .limit(page.limit);
  const [count] = await tx
    .select({ total: sql<string>`count(*)` })
    .from(journals)
    .where(where);
  return { rows, total: Number(count!.total) };
}

/** The journal itself and every journal of the same event in the other book. */
export async function journalWithLinked(tx: Tx, scope: Scope, id: string) {
  const [journal] = await tx
    .select()
    .from(journals)
    .where(inCompany(journals, scope, eq(journals.id, id)));
  if (!journal) return undefined;
  const eventId = journal.linkedId ?? journal.id;
  const linked = await tx
    .select({ id: journals.id })
    .from(journals)
    .where(
      inCompany(
        journals,
        scope,
        sql`(${journals.id} = ${eventId} or ${journals.linkedId} = ${eventId})`,
        sql`${journals.id} <> ${journal.id}`,
      ),
    )
    .orderBy(asc(journals.book));
  return { journal, linkedIds: linked.map((row) => row.id) };
}

/** Every line of the journals named, in posting order. */
export async function linesOfJournals(tx: Tx, scope: Scope, journalIds: string[]) {
  const rows = [];
  for (const chunk of chunksOf(journalIds, 1000)) {
    rows.push(
      ...(await tx
        .select({
          journalId: ledgerLines.journalId,
          account: ledgerLines.account,
          book: ledgerLines.book,
          currency: ledgerLines.currency,
          amountCents: ledgerLines.amountCents,
        })
        .from(ledgerLines)
        .where(inCompany(ledgerLines, scope, inArray(ledgerLines.journalId, chunk)))
        .orderBy(asc(ledgerLines.seq))),
    );
  }
  return rows;
}

/** Does any line name this account? */
export async function accountHasLines(tx: Tx, scope: Scope, account: string) {
  const [row] = await tx
    .select({ seq: ledgerLines.seq })
    .from(ledgerLines)
    .where(inCompany(ledgerLines, scope, eq(ledgerLines.account, account)))
    .limit(1);
  return row !== undefined;
}

/** The last line posted so far: an export reads what was posted up to it. */
export async function lastLinePosted(tx: Tx, scope: Scope): Promise<number> {
  const [row] = await tx
    .select({ seq: sql<number | null>`max(${ledgerLines.seq})`.mapWith(Number) })
    .from(ledgerLines)
    .where(inCompany(ledgerLines, scope));
  return row?.seq ?? 0;
}

/** Lines per slice of the export: a few tens of milliseconds of PGlite's time. */
export const EXPORT_SLICE = 2_000;

/**
 * A slice of the general ledger's lines in a period (both books or one, every currency or one),
 * posted up to `upToSeq`, with their journal's details (copied onto each line): the next
 * `linesPerSlice` after `after` in the account index's order, so each slice is a short walk of
 * that index wherever it starts.
 */
export const exportLines = (
  tx: Tx,
  scope: Scope,
  filter: {
    book?: Book | undefined;
    from?: string | undefined;
    to?: string | undefined;
    currency?: string | undefined;
  },
  upToSeq: number,
  after: { account: string; currency: string; entryDate: string; seq: number } | undefined,
  linesPerSlice = EXPORT_SLICE,
) =>
  tx
    .select({
      seq: ledgerLines.seq,
      journalId: ledgerLines.journalId,
      book: ledgerLines.book,
      entryDate: ledgerLines.entryDate,
      kind: ledgerLines.kind,
      description: ledgerLines.description,
      reference: ledgerLines.reference,
      account: ledgerLines.account,
      currency: ledgerLines.currency,
      amountCents: ledgerLines.amountCents,
    })
    .from(ledgerLines)
    .where(
      inCompany(
        ledgerLines,
        scope,
        lte(ledgerLines.seq, upToSeq),
        after
          ? sql`(${ledgerLines.account}, ${ledgerLines.currency}, ${ledgerLines.entryDate}, ${ledgerLines.seq})
              > (${after.account}, ${after.currency}, ${after.entryDate}, ${after.seq})`
          : undefined,
        filter.book ? eq(ledgerLines.book, filter.book) : undefined,
        filter.from ? gte(ledgerLines.entryDate, filter.from) : undefined,
        filter.to ? lte(ledgerLines.entryDate, filter.to) : undefined,
        filter.currency ? eq(ledgerLines.currency, filter.currency) : undefined,
      ),
    )
    .orderBy(
      asc(ledgerLines.account),
      asc(ledgerLines.currency),
      asc(ledgerLines.entryDate),
      asc(ledgerLines.seq),
    )
    .limit(linesPerSlice);

/** Names for the holder accounts: properties, leases (tenant and property) and agents. */
export async function holderNames(
  tx: Tx,
  scope: Scope,
  ids: { propertyIds: string[]; leaseIds: string[]; userIds: string[] },
) {
  const property = ids.propertyIds.length
    ? await tx
        .select({ id: properties.id, name: properties.name })
        .from(properties)
        .where(inCompany(properties, scope, inArray(properties.id, ids.propertyIds)))
    : [];
  const lease = ids.leaseIds.length
    ? await tx
        .select({ id: leases.id, tenantName: tenants.name, propertyName: properties.name })
        .from(leases)
        .innerJoin(tenants, eq(tenants.id, leases.tenantId))
        .innerJoin(properties, eq(properties.id, leases.propertyId))
        .where(inCompany(leases, scope, inArray(leases.id, ids.leaseIds)))
    : [];
  const user = ids.userIds.length
    ? await tx
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(and(eq(users.companyId, scope.companyId), inArray(users.id, ids.userIds)))
    : [];
  return { property, lease, user };
}
