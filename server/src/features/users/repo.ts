import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { containsPattern } from '../../lib/list-query.ts';
import type { Role } from '@lintel/contracts';
import { inCompany, isUuid, type Ctx } from '../../db/scope.ts';
import type { Tx } from '../../db/client.ts';
import { invitations, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;

export async function findUserByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row;
}

export async function findUserById(tx: Tx, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId));
  return row;
}

/** A member of the company who may be named as a property's agent. */
export async function findAgent(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  userId: string,
): Promise<UserRow | undefined> {
  if (!isUuid(userId)) return undefined;
  const [row] = await tx
    .select()
    .from(users)
    .where(
      inCompany(
        users,
        ctx,
        eq(users.id, userId),
        inArray(users.role, ['agent', 'admin']),
        eq(users.isActive, true),
      ),
    );
  return row;
}

const fullName = sql`${users.firstName} || ' ' || ${users.lastName}`;

export const userSortColumns = {
  // Case-insensitive, so "agent person" and "Amara" sort as people expect on any collation.
  name: [sql`lower(${users.firstName})`, sql`lower(${users.lastName})`],
  email: [sql`lower(${users.email})`],
  role: [users.role],
  createdAt: [users.createdAt],
} as const;
export type UserSortKey = keyof typeof userSortColumns;

export interface UserFilter {
  q?: string | undefined;
  role?: Role | undefined;
  isActive?: boolean | undefined;
}

export async function listUsers(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  filter: UserFilter,
  page: { page: number; pageSize: number; sort: UserSortKey; descending: boolean },
): Promise<{ items: UserRow[]; total: number }> {
  const pattern = containsPattern(filter.q);
  const where = inCompany(
    users,
    ctx,
    // The full name too, so "Ada Admin" finds Ada Admin.
    pattern ? or(ilike(fullName, pattern), ilike(users.email, pattern)) : undefined,
    filter.role ? eq(users.role, filter.role) : undefined,
    filter.isActive === undefined ? undefined : eq(users.isActive, filter.isActive),
  );
  const order = userSortColumns[page.sort].map((column) => (page.descending ? desc(column) : asc(column)));
  const items = await tx
    .select()
    .from(users)
    .where(where)
    .orderBy(...order, asc(users.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [totals] = await tx.select({ total: count() }).from(users).where(where);
  return { items, total: totals?.total ?? 0 };
}

export async function insertUser(tx: Tx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await tx.insert(users).values(values).returning();
  return row!;
}

export async function insertInvitation(
  tx: Tx,
  values: typeof invitations.$inferInsert,
): Promise<InvitationRow> {
  const [row] = await tx.insert(invitations).values(values).returning();
  return row!;
}

/** Locks the invitation so two sign-ups with one code cannot both use it. */
export async function findInvitationForUpdate(tx: Tx, codeHash: string): Promise<InvitationRow | undefined> {
  const [row] = await tx.select().from(invitations).where(eq(invitations.codeHash, codeHash)).for('update');
  return row;
}

export async function markInvitationUsed(tx: Tx, invitationId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .update(invitations)
    .set({ usedAt: sql`now()`, usedBy: userId })
    .where(and(eq(invitations.id, invitationId), isNull(invitations.usedAt)))
    .returning({ id: invitations.id });
  return rows.length === 1;
}
