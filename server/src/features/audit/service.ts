import {
  AUDIT_RANGE_INVALID,
  type AuditFacets,
  type AuditLogEntry,
  type AuditQuery,
} from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { transact, type Ctx } from '../../db/scope.ts';
import { chunksOf } from '../../lib/chunks.ts';
import { badRequest } from '../../lib/errors.ts';
import { toIso } from '../../lib/http.ts';
import { assertRole } from '../../lib/roles.ts';
import * as repo from './repo.ts';

export interface AuditActor {
  companyId: string;
  userId: string | null;
  requestId: string | null;
}

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
}

/** Written inside the same transaction as the change it describes: both land, or neither. */
export async function recordAudit(tx: Tx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await recordAudits(tx, actor, [entry]);
}

/** Several entries by one actor in multi-row statements (a change to many records at once). */
export async function recordAudits(tx: Tx, actor: AuditActor, entries: AuditEntry[]): Promise<void> {
  for (const chunk of chunksOf(entries, 1000)) {
    await tx.insert(auditLog).values(
      chunk.map((entry) => ({
        companyId: actor.companyId,
        actorId: actor.userId,
        requestId: actor.requestId,
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId,
        before: entry.before ?? null,
        after: entry.after ?? null,
      })),
    );
  }
}

/** Audit of work done on behalf of a signed-in user. */
export const auditActor = (ctx: { companyId: string; userId: string; requestId: string }): AuditActor => ({
  companyId: ctx.companyId,
  userId: ctx.userId,
  requestId: ctx.requestId,
});

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A bare date names a whole UTC day; a date-time names that instant. */
const startOf = (value: string) => new Date(DATE_ONLY.test(value) ? `${value}T00:00:00.000Z` : value);

/** `to` includes the whole of its day: anything before the next day's start. */
function rangeOf(query: Pick<AuditQuery, 'from' | 'to'>): Pick<repo.AuditFilter, 'from' | 'to'> {
  const from = query.from ? startOf(query.from) : undefined;
  const toStart = query.to ? startOf(query.to) : undefined;
  if (from && toStart && from > toStart) throw badRequest('VALIDATION', AUDIT_RANGE_INVALID);
  if (!query.to || !toStart) return { from };
  return DATE_ONLY.test(query.to)
    ? { from, to: { at: new Date(toStart.getTime() + DAY_MS), inclusive: false } }
    : { from, to: { at: toStart, inclusive: true } };
}

const toEntry = (row: repo.AuditRow): AuditLogEntry => ({
  _id: row.id,
  action: row.action,
  entity: row.entity,
  entityId: row.entityId,
  actorId: row.actorId,
  actorName: row.actorName,
  before: row.before,
  after: row.after,
  requestId: row.requestId,
  createdAt: toIso(row.createdAt)!,
});

/** The log is the admin's alone (PRODUCT.md): it holds every record's before and after. */
export const listAuditLog = (ctx: Ctx, query: AuditQuery) => {
  assertRole(ctx, ['admin']);
  const range = rangeOf(query);
  return transact(ctx, async (tx) => {
    const page = await repo.listAuditEntries(
      tx,
      ctx,
      {
        q: query.q,
        actorId: query.actorId,
        entity: query.entity,
        action: query.action,
        entityId: query.entityId,
        ...range,
      },
      { page: query.page, pageSize: query.pageSize },
    );
    return { ...page, items: page.items.map(toEntry) };
  });
};

export const getAuditFacets = (ctx: Ctx): Promise<AuditFacets> => {
  assertRole(ctx, ['admin']);
  return transact(ctx, async (tx) => {
    const facets = await repo.listAuditFacets(tx, ctx);
    return {
      entities: facets.entities,
      actions: facets.actions,
      actors: facets.actors
        .map((actor) => ({ _id: actor.id, name: actor.name ?? actor.email }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  });
};

/** Audit entries per UTC day in the range. */
export const countEntriesPerDay = (
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  range: { from: string; to: string },
) => repo.countEntriesPerDay(tx, ctx, range);
