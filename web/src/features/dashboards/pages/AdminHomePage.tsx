export function AdminHomePage() {
  return <h1>AdminHomePage</h1>;
}
