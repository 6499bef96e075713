export function OwnerHomePage() {
  return <h1>OwnerHomePage</h1>;
}
