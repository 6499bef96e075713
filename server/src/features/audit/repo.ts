import { and, desc, eq, gte, ilike, lt, lte, or, count, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { inCompany, type Ctx } from '../../db/scope.ts';
import { containsPattern, selectCountedPage, type CountedPage } from '../../lib/list-query.ts';

export type AuditRow = typeof auditLog.$inferSelect & { actorName: string | null };

// Read-only join for display names: the log stores only the actor's id, and names change.
const actorName = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;
const actorJoin = and(eq(users.id, auditLog.actorId), eq(users.companyId, auditLog.companyId));

export interface AuditFilter {
  q?: string | undefined;
  actorId?: string | undefined;
  entity?: string | undefined;
  action?: string | undefined;
  entityId?: string | undefined;
  /** At or after this instant. */
  from?: Date | undefined;
  /** Before this instant, or at it too when `inclusive`. */
  to?: { at: Date; inclusive: boolean } | undefined;
}

function conditions(ctx: Pick<Ctx, 'companyId'>, filter: AuditFilter): SQL | undefined {
  const pattern = containsPattern(filter.q);
  return inCompany(
    auditLog,
    ctx,
    pattern
      ? or(ilike(auditLog.action, pattern), ilike(auditLog.entity, pattern), ilike(actorName, pattern))
      : undefined,
    filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
    filter.from ? gte(auditLog.createdAt, filter.from) : undefined,
    filter.to
      ? filter.to.inclusive
        ? lte(auditLog.createdAt, filter.to.at)
        : lt(auditLog.createdAt, filter.to.at)
      : undefined,
  );
}

/** Newest first; entries of one transaction share a time, so the id keeps pages stable. */
export async function listAuditEntries(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  filter: AuditFilter,
  page: { page: number; pageSize: number },
): Promise<CountedPage<AuditRow>> {
  const where = conditions(ctx, filter);
  // The actor is joined only for a search, the one condition on their name: joined regardless,
  // row-level security has each counted entry fetched whole (docs/scale.md), not read from the index.
  const scoped = tx.select({ one: sql`1` }).from(auditLog);
  const matching = (
    containsPattern(filter.q) !== undefined ? scoped.leftJoin(users, actorJoin) : scoped
  ).where(where);
  return selectCountedPage(tx, page, matching, ({ counted, limit, offset }) =>
    tx
      .select({
        id: auditLog.id,
        companyId: auditLog.companyId,
        actorId: auditLog.actorId,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        before: auditLog.before,
        after: auditLog.after,
        requestId: auditLog.requestId,
        createdAt: auditLog.createdAt,
        actorName,
        counted,
      })
      .from(auditLog)
      .leftJoin(users, actorJoin)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset(offset),
  );
}

export async function listAuditFacets(tx: Tx, ctx: Pick<Ctx, 'companyId'>) {
  const scope = inCompany(auditLog, ctx);
  const entities = await tx
    .selectDistinct({ value: auditLog.entity })
    .from(auditLog)
    .where(scope)
    .orderBy(auditLog.entity);
  const actions = await tx
    .selectDistinct({ value: auditLog.action })
    .from(auditLog)
    .where(scope)
    .orderBy(auditLog.action);
  const actors = await tx
    .selectDistinct({ id: users.id, name: actorName, email: users.email })
    .from(auditLog)
    .innerJoin(users, actorJoin)
    .where(scope);
  return {
    entities: entities.map((row) => row.value),
    actions: actions.map((row) => row.value),
    actors,
  };
}

/** Entries per UTC day from `from` to `to` (ISO dates, inclusive); days without any left out. */
export async function countEntriesPerDay(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  range: { from: string; to: string },
) {
  const day = sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return tx
    .select({ day, count: count() })
    .from(auditLog)
    .where(
      conditions(ctx, {
        from: new Date(`${range.from}T00:00:00Z`),
        to: { at: new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000), inclusive: false },
      }),
    )
    .groupBy(day)
    .orderBy(day);
}
