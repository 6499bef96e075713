import { z } from 'zod';
import { call, Id, pageEnvelope, PageQuery, envelope, Timestamp } from './common.ts';

/** One recorded change: who did what to which record, with the record before and after. */
export const AuditLogEntry = z.object({
  _id: Id,
  action: z.string(),
  entity: z.string(),
  entityId: Id.nullable(),
  actorId: Id.nullable(),
  /** First and last name of the user who acted; null when the system did (jobs, seeding). */
  actorName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
  createdAt: Timestamp,
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;

/** A calendar day (`2025-03-01`, a whole UTC day) or an exact instant (`2025-03-01T00:00:00+02:00`). */
export const AuditBoundary = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'Use a date (YYYY-MM-DD) or an ISO date and time',
});
export type AuditBoundary = z.infer<typeof AuditBoundary>;

export const AUDIT_RANGE_INVALID = 'The start date must not be after the end date';

/** Newest first, always; `q` matches the action, the entity or the user's name. */
export const AuditQuery = PageQuery.omit({ sort: true }).extend({
  actorId: Id.optional(),
  entity: z.string().trim().min(1).max(100).optional(),
  action: z.string().trim().min(1).max(100).optional(),
  entityId: Id.optional(),
  /** From this day (or instant) on. */
  from: AuditBoundary.optional(),
  /** Up to and including this day (or up to this instant). */
  to: AuditBoundary.optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditActorOption = z.object({ _id: Id, name: z.string() });
export type AuditActorOption = z.infer<typeof AuditActorOption>;

/** What the company's log holds, for the filter selects. */
export const AuditFacets = z.object({
  entities: z.array(z.string()),
  actions: z.array(z.string()),
  actors: z.array(AuditActorOption),
});
export type AuditFacets = z.infer<typeof AuditFacets>;

const tag = 'audit';

export const auditApi = {
  list: call('GET', '/audit', {
    summary: "The company's audit log, newest first, with filters (admin)",
    tag,
    query: AuditQuery,
    reply: pageEnvelope(AuditLogEntry),
  }),
  facets: call('GET', '/audit/facets', {
    summary: 'The entities, actions and users present in the audit log (admin)',
    tag,
    reply: envelope(AuditFacets),
  }),
};
