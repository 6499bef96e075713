export function TenantsPage() {
  return <h1>TenantsPage</h1>;
}
