export { recordAudit, auditActor, type AuditActor, type AuditEntry } from './service.ts';
