export function LoginPage() {
  return <h1>LoginPage</h1>;
}
