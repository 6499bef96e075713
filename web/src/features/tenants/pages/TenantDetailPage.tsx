export function TenantDetailPage() {
  return <h1>TenantDetailPage</h1>;
}
