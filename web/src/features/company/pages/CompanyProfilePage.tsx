export function CompanyProfilePage() {
  return <h1>CompanyProfilePage</h1>;
}
