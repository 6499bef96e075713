export function LeasesPage() {
  return <h1>LeasesPage</h1>;
}
