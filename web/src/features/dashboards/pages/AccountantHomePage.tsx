export function AccountantHomePage() {
  return <h1>AccountantHomePage</h1>;
}
