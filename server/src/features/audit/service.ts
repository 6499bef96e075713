import type { Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

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
  await tx.insert(auditLog).values({
    companyId: actor.companyId,
    actorId: actor.userId,
    requestId: actor.requestId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** Audit of work done on behalf of a signed-in user. */
export const auditActor = (ctx: { companyId: string; userId: string; requestId: string }): AuditActor => ({
  companyId: ctx.companyId,
  userId: ctx.userId,
  requestId: ctx.requestId,
});
