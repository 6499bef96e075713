export { recordAudit, recordAudits, auditActor, type AuditActor, type AuditEntry } from './service.ts';
export { auditRoutes } from './routes.ts';
export { countEntriesPerDay } from './repo.ts';
