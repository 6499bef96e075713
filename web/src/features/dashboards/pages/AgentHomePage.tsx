export function AgentHomePage() {
  return <h1>AgentHomePage</h1>;
}
