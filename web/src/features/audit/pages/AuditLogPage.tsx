export function AuditLogPage() {
  return <h1>AuditLogPage</h1>;
}
