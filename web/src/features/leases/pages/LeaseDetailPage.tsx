export function LeaseDetailPage() {
  return <h1>LeaseDetailPage</h1>;
}
