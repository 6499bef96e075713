import { addDays, formatCalendarDate, PERIOD_CLOSED, type Book } from '@lintel/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { periodLocks } from '../../db/schema/index.ts';
import { inCompany, type Ctx } from '../../db/scope.ts';
import { conflict } from '../../lib/errors.ts';
import type { LineRow } from './repo.ts';

type Scope = Pick<Ctx, 'companyId'>;

/** Where each book and currency of the company is closed: "trust|USD" → last closed day. */
export async function closedPeriods(tx: Tx, scope: Scope): Promise<Map<string, string>> {
  const rows = await tx
    .select({
      book: periodLocks.book,
      currency: periodLocks.currency,
      closedThrough: periodLocks.closedThrough,
    })
    .from(periodLocks)
    .where(inCompany(periodLocks, scope));
  return new Map(rows.map((row) => [`${row.book}|${row.currency}`, row.closedThrough]));
}

export const periodClosedMessage = (closedThrough: string) =>
  `The books are closed up to ${formatCalendarDate(closedThrough)} (reconciliation signed off): ` +
  `post this on or after ${formatCalendarDate(addDays(closedThrough, 1))}.`;

/**
 * Refuses journals dated in a closed period (a signed-off reconciliation closed it): every posting
 * passes here before it is written, so a back-dated payment, payout or import is a 409 and writes
 * nothing. Corrections post in the open period, as reversals do. One small read per call.
 */
export async function assertPeriodsOpen(
  tx: Tx,
  scope: Scope,
  entries: { journal: { book: Book; entryDate: string }; lines: LineRow[] }[],
): Promise<void> {
  const closed = await closedPeriods(tx, scope);
  if (closed.size === 0) return;
  for (const { journal, lines } of entries) {
    for (const line of lines) {
      const through = closed.get(`${journal.book}|${line.currency}`);
      if (through !== undefined && journal.entryDate <= through)
        throw conflict(PERIOD_CLOSED, periodClosedMessage(through));
    }
  }
}

/** Closes a book and currency through `date`, never moving an existing lock back (sign-off). */
export async function closePeriodThrough(tx: Tx, scope: Scope, book: Book, currency: string, date: string) {
  await tx
    .insert(periodLocks)
    .values({ companyId: scope.companyId, book, currency, closedThrough: date })
    .onConflictDoUpdate({
      target: [periodLocks.companyId, periodLocks.book, periodLocks.currency],
      set: {
        closedThrough: sql`greatest(${periodLocks.closedThrough}, excluded.closed_through)`,
        updatedAt: sql`now()`,
      },
    });
}

/** Sets a book and currency's lock to exactly `date`, or removes it (null): a reopen moves it back. */
export async function setPeriodLock(tx: Tx, scope: Scope, book: Book, currency: string, date: string | null) {
  const where = inCompany(
    periodLocks,
    scope,
    and(eq(periodLocks.book, book), eq(periodLocks.currency, currency)),
  );
  if (date === null) {
    await tx.delete(periodLocks).where(where);
    return;
  }
  await tx
    .insert(periodLocks)
    .values({ companyId: scope.companyId, book, currency, closedThrough: date })
    .onConflictDoUpdate({
      target: [periodLocks.companyId, periodLocks.book, periodLocks.currency],
      set: { closedThrough: date, updatedAt: sql`now()` },
    });
}
