import type { AuditLogEntry } from '@lintel/contracts';

export const formatTime = (iso: string) => new Date(iso).toLocaleString();

/** Entries without an actor were written by the system (jobs, seeding); a missing name by a removed user. */
export const actorLabel = (entry: Pick<AuditLogEntry, 'actorId' | 'actorName'>) =>
  entry.actorName ?? (entry.actorId ? 'Unknown user' : 'System');

/** A picked day as the instants that bound it in the browser's time zone, `to` inclusive. */
export const startOfLocalDay = (day: string) => new Date(`${day}T00:00:00`).toISOString();
export const endOfLocalDay = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();
