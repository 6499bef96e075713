import { and, asc, count, desc, eq, getTableColumns, gt, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { containsPattern, selectCountedPage, type CountedPage } from '../../lib/list-query.ts';
import { lockCompanyRow } from '../../lib/lock-row.ts';
import { scopeCondition, type RowScope } from '../../lib/visibility.ts';
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

/**
 * A password set outside any company's scope (an emailed reset link, which a user without a
 * company may use too); every access token issued under the old one ends.
 */
export async function setPasswordHashById(tx: Tx, userId: string, passwordHash: string): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({
      passwordHash,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: sql`now()`,
      version: sql`${users.version} + 1`,
    })
    .where(eq(users.id, userId))
    .returning();
  return row!;
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
): Promise<CountedPage<UserRow>> {
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
  const matching = tx
    .select({ one: sql`1` })
    .from(users)
    .where(where);
  return selectCountedPage(tx, page, matching, ({ counted, limit, offset }) =>
    tx
      .select({ ...getTableColumns(users), counted })
      .from(users)
      .where(where)
      .orderBy(...order, asc(users.id))
      .limit(limit)
      .offset(offset),
  );
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

/** A user of this company, locked for the change about to be made. */
export const findUserForUpdate = (tx: Tx, ctx: Pick<Ctx, 'companyId'>, userId: string) =>
  lockCompanyRow(tx, users, ctx, userId);

/**
 * Locks the company's active admins, in id order (so two changes never deadlock). A concurrent
 * demotion waits here and then sees the other's commit, so two cannot leave zero admins.
 */
export async function lockActiveAdmins(tx: Tx, ctx: Pick<Ctx, 'companyId'>): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(inCompany(users, ctx, eq(users.role, 'admin'), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

export async function updateUser(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  userId: string,
  values: Partial<
    Pick<UserRow, 'role' | 'isActive' | 'firstName' | 'lastName' | 'email' | 'passwordHash'>
  > & {
    preferences?: Record<string, unknown>;
    /** Ends every access token issued before this change. */
    bumpTokenVersion?: boolean;
  },
): Promise<UserRow> {
  const { bumpTokenVersion, ...columns } = values;
  const [row] = await tx
    .update(users)
    .set({
      ...columns,
      ...(bumpTokenVersion ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      updatedAt: sql`now()`,
      version: sql`${users.version} + 1`,
    })
    .where(inCompany(users, ctx, eq(users.id, userId)))
    .returning();
  return row!;
}

/**
 * A user without a company joins one with a role. Only while they have none, so two joins at once
 * cannot both take effect; older access tokens end with the version bump. Undefined if they had one.
 */
export async function joinCompany(
  tx: Tx,
  userId: string,
  values: { companyId: string; role: Role },
): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({
      ...values,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: sql`now()`,
      version: sql`${users.version} + 1`,
    })
    .where(and(eq(users.id, userId), isNull(users.companyId)))
    .returning();
  return row;
}

export interface InvitationFilter {
  /** The invitations the caller sees (lib/visibility.ts). */
  rows: RowScope;
}

/** Pending: not used, not revoked, not expired; newest first. */
export async function listPendingInvitations(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  filter: InvitationFilter,
): Promise<InvitationRow[]> {
  return tx
    .select()
    .from(invitations)
    .where(
      inCompany(
        invitations,
        ctx,
        isNull(invitations.usedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, sql`now()`),
        scopeCondition(filter.rows, { involved: [invitations.createdBy] }),
      ),
    )
    .orderBy(desc(invitations.createdAt), asc(invitations.id))
    .limit(500);
}

export const findInvitationByIdForUpdate = (tx: Tx, ctx: Pick<Ctx, 'companyId'>, invitationId: string) =>
  lockCompanyRow(tx, invitations, ctx, invitationId);

export async function markInvitationRevoked(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  invitationId: string,
): Promise<InvitationRow> {
  const [row] = await tx
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(inCompany(invitations, ctx, eq(invitations.id, invitationId)))
    .returning();
  return row!;
}

/** Active members of the company per role (roles without anyone left out). */
export async function countActiveUsersByRole(tx: Tx, ctx: Pick<Ctx, 'companyId'>) {
  return tx
    .select({ role: users.role, count: count() })
    .from(users)
    .where(inCompany(users, ctx, eq(users.isActive, true)))
    .groupBy(users.role)
    .orderBy(asc(users.role));
}
