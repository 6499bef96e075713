export function OwnersPage() {
  return <h1>OwnersPage</h1>;
}
