import { and, desc, eq, getTableColumns, ilike, inArray, like, sql } from 'drizzle-orm';
import type { MailOptOutCategory, MailQuery } from '@lintel/contracts';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { inCompany, type Ctx } from '../../db/scope.ts';
import { mailMessages, mailOptOuts } from '../../db/schema/index.ts';
import { containsPattern, selectCountedPage } from '../../lib/list-query.ts';

export type MailRow = typeof mailMessages.$inferSelect;
type Scope = Pick<Ctx, 'companyId'>;

export async function hasOptedOut(
  tx: Tx,
  companyId: string,
  email: string,
  category: MailOptOutCategory,
): Promise<boolean> {
  const rows = await tx
    .select({ email: mailOptOuts.email })
    .from(mailOptOuts)
    .where(
      inCompany(
        mailOptOuts,
        { companyId },
        and(eq(mailOptOuts.email, email.toLowerCase()), eq(mailOptOuts.category, category)),
      ),
    );
  return rows.length > 0;
}

/** Which of these addresses opted out of a category of the company's mail. */
export async function optedOutAmong(
  tx: Tx,
  scope: Scope,
  emails: string[],
  category: MailOptOutCategory,
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await tx
    .select({ email: mailOptOuts.email })
    .from(mailOptOuts)
    .where(
      inCompany(
        mailOptOuts,
        scope,
        eq(mailOptOuts.category, category),
        inArray(
          mailOptOuts.email,
          emails.map((email) => email.toLowerCase()),
        ),
      ),
    );
  return new Set(rows.map((row) => row.email));
}

/** The company's messages whose cause starts so (`owner-statement:2026-10:`), newest first. */
export const messagesByCause = (tx: Tx, scope: Scope, keyPrefix: string) =>
  tx
    .select({
      id: mailMessages.id,
      dedupeKey: mailMessages.dedupeKey,
      state: mailMessages.state,
      createdAt: mailMessages.createdAt,
      sentAt: mailMessages.sentAt,
    })
    .from(mailMessages)
    .where(
      inCompany(
        mailMessages,
        scope,
        like(mailMessages.dedupeKey, `${keyPrefix.replace(/[%_\\]/g, '\\$&')}%`),
      ),
    )
    .orderBy(desc(mailMessages.createdAt));

export async function insertOptOut(
  tx: Tx,
  claim: { companyId: string; email: string; category: MailOptOutCategory },
): Promise<void> {
  await tx
    .insert(mailOptOuts)
    .values({ companyId: claim.companyId, email: claim.email.toLowerCase(), category: claim.category })
    .onConflictDoNothing();
}

/** Queued unless one with the same key exists: then nothing is written and undefined comes back. */
export async function insertMessage(
  tx: Tx,
  values: typeof mailMessages.$inferInsert,
): Promise<MailRow | undefined> {
  const [row] = await tx
    .insert(mailMessages)
    .values(values)
    .onConflictDoNothing({ target: mailMessages.dedupeKey })
    .returning();
  return row;
}

/**
 * Takes up to `limit` messages that are due, or whose sender's claim ran out (a process that died
 * mid-send), and marks them as being sent until `claimSeconds` from now. SKIP LOCKED lets several
 * senders claim at once without waiting on, or taking, each other's rows.
 */
export const claimDue = (db: Db, limit: number, claimSeconds: number) =>
  queryRows<{ id: string }>(
    db,
    sql`update mail_messages
        set state = 'sending', attempts = attempts + 1,
            claimed_until = now() + make_interval(secs => ${claimSeconds})
        where id in (
          select id from mail_messages
          where (state = 'queued' and next_attempt_at <= now()) or (state = 'sending' and claimed_until < now())
          order by next_attempt_at
          limit ${limit}
          for update skip locked)
        returning id`,
  ).then((rows) => rows.map((row) => row.id));

export async function findMessage(db: Db | Tx, id: string): Promise<MailRow | undefined> {
  const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
  return row;
}

export async function markSent(db: Db, id: string, serverReply: string): Promise<void> {
  await db
    .update(mailMessages)
    .set({ state: 'sent', sentAt: sql`now()`, serverReply, lastError: null, claimedUntil: null })
    .where(eq(mailMessages.id, id));
}

/** Another try later, or, with `retryInSeconds` null, failed for good. */
export async function markNotSent(
  db: Db,
  id: string,
  error: string,
  retryInSeconds: number | null,
): Promise<void> {
  await db
    .update(mailMessages)
    .set(
      retryInSeconds === null
        ? { state: 'failed', lastError: error, claimedUntil: null }
        : {
            state: 'queued',
            lastError: error,
            claimedUntil: null,
            nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
          },
    )
    .where(eq(mailMessages.id, id));
}

/** Claimed but not tried (the sender is stopping): back in the queue, the claim's attempt undone. */
export async function release(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailMessages)
    .set({ state: 'queued', claimedUntil: null, attempts: sql`${mailMessages.attempts} - 1` })
    .where(and(inArray(mailMessages.id, ids), eq(mailMessages.state, 'sending')));
}

export async function listMessages(tx: Tx, ctx: Scope, query: MailQuery) {
  const pattern = containsPattern(query.q);
  const where = inCompany(
    mailMessages,
    ctx,
    query.kind ? eq(mailMessages.kind, query.kind) : undefined,
    query.state ? eq(mailMessages.state, query.state) : undefined,
    pattern ? ilike(mailMessages.recipient, pattern) : undefined,
  );
  const matching = tx
    .select({ one: sql`1` })
    .from(mailMessages)
    .where(where);
  return selectCountedPage(tx, query, matching, ({ counted, limit, offset }) =>
    tx
      .select({ ...getTableColumns(mailMessages), counted })
      .from(mailMessages)
      .where(where)
      .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
      .limit(limit)
      .offset(offset),
  );
}

export async function findCompanyMessage(tx: Tx, ctx: Scope, id: string): Promise<MailRow | undefined> {
  const [row] = await tx
    .select()
    .from(mailMessages)
    .where(inCompany(mailMessages, ctx, eq(mailMessages.id, id)));
  return row;
}

/** Back in the queue from the start: due now, attempts from zero, the same Message-ID. */
export async function requeue(tx: Tx, ctx: Scope, id: string): Promise<MailRow | undefined> {
  const [row] = await tx
    .update(mailMessages)
    .set({ state: 'queued', attempts: 0, nextAttemptAt: sql`now()`, claimedUntil: null, lastError: null })
    .where(inCompany(mailMessages, ctx, eq(mailMessages.id, id), sql`${mailMessages.state} <> 'sending'`))
    .returning();
  return row;
}
