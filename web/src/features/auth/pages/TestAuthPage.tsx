export function TestAuthPage() {
  return <h1>TestAuthPage</h1>;
}
