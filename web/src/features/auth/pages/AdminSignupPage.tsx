export function AdminSignupPage() {
  return <h1>AdminSignupPage</h1>;
}
