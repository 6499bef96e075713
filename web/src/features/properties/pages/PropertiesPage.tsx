export function PropertiesPage() {
  return <h1>PropertiesPage</h1>;
}
