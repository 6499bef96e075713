export {
  countEntriesPerDay,
  recordAudit,
  recordAudits,
  auditActor,
  type AuditActor,
  type AuditEntry,
} from './service.ts';
export { auditRoutes } from './routes.ts';
