export function GeneralDashboardPage() {
  return <h1>GeneralDashboardPage</h1>;
}
