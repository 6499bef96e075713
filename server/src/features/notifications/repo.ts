import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { invoices, leases, notifications, properties, tenants, users } from '../../db/schema/index.ts';
import { inCompany, type Ctx } from '../../db/scope.ts';

export type NotificationRow = typeof notifications.$inferSelect;
type Scope = Pick<Ctx, 'companyId'>;

/** The user's newest first, after `afterSeq` when given. */
export const latestNotifications = (tx: Tx, scope: Scope, userId: string, limit: number, afterSeq = 0) =>
  tx
    .select()
    .from(notifications)
    .where(inCompany(notifications, scope, eq(notifications.userId, userId), gt(notifications.seq, afterSeq)))
    .orderBy(desc(notifications.seq))
    .limit(limit);

/**
 * The user's rows past `afterSeq` raised in the last `withinMinutes`, oldest first. Seqs are
 * taken at insert but become visible at commit, so a smaller seq can show up after a bigger one:
 * the stream re-reads the whole window and skips what it has sent.
 */
export const recentNotifications = (
  tx: Tx,
  scope: Scope,
  userId: string,
  afterSeq: number,
  withinMinutes: number,
) =>
  tx
    .select()
    .from(notifications)
    .where(
      inCompany(
        notifications,
        scope,
        eq(notifications.userId, userId),
        gt(notifications.seq, afterSeq),
        sql`${notifications.createdAt} > now() - make_interval(mins => ${withinMinutes})`,
      ),
    )
    .orderBy(notifications.seq);

/** The seq a fresh stream starts after: nothing older is news. */
export async function lastSeqOf(tx: Tx, scope: Scope, userId: string): Promise<number> {
  const [row] = await tx
    .select({ seq: sql<string | null>`max(${notifications.seq})` })
    .from(notifications)
    .where(inCompany(notifications, scope, eq(notifications.userId, userId)));
  return Number(row?.seq ?? 0);
}

/** Every company's active leases ending between today and `until`, with who should hear of it. */
export const leasesEndingBetween = (tx: Tx, today: string, until: string) =>
  tx
    .select({
      id: leases.id,
      companyId: leases.companyId,
      endDate: leases.endDate,
      propertyName: properties.name,
      tenantName: tenants.name,
      agentId: properties.agentId,
      agentEmail: users.email,
      agentFirstName: users.firstName,
      isAgentActive: users.isActive,
    })
    .from(leases)
    .innerJoin(properties, eq(properties.id, leases.propertyId))
    .innerJoin(tenants, eq(tenants.id, leases.tenantId))
    .leftJoin(users, eq(users.id, properties.agentId))
    .where(and(eq(leases.status, 'active'), sql`${leases.endDate} >= ${today}`, lte(leases.endDate, until)));

/** Every company's issued invoices whose due date has passed. */
export const invoicesPastDue = (tx: Tx, today: string) =>
  tx
    .select({
      id: invoices.id,
      companyId: invoices.companyId,
      number: invoices.number,
      clientName: invoices.clientName,
      dueDate: invoices.dueDate,
    })
    .from(invoices)
    .where(and(eq(invoices.status, 'issued'), sql`${invoices.dueDate} < ${today}`));

/** The active users of a company with one of the roles, with what an email to them needs. */
export const activeUsersWithRole = (
  tx: Tx,
  scope: Scope,
  roles: readonly (typeof users.$inferSelect)['role'][],
) =>
  tx
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(
      and(eq(users.companyId, scope.companyId), eq(users.isActive, true), inArray(users.role, [...roles])),
    );
