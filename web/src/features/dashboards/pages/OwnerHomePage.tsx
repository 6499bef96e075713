import { useProperties } from '../../properties/PropertyProvider.tsx';
import { EndingLeasesCard } from '../../leases/index.ts';
import { MyPropertiesHome } from '../components/MyPropertiesHome.tsx';

export function OwnerHomePage() {
  // The provider's list for an owner holds only that owner's properties.
  const { properties, loading, error } = useProperties();
  return (
    <MyPropertiesHome
      subtitle="Your properties and how they are let."
      propertiesPath="/owner-dashboard/properties"
      properties={properties}
      loading={loading}
      error={error}
      totalLabel="My properties"
      totalCaption="Managed for you by the agency"
      aside={<EndingLeasesCard />}
      upcomingTitle="Statements and payments"
      upcoming="Statements and payments are coming next: the rent received on each property, the agency’s commission, levies and repairs paid, and what was paid out to you, with a statement for every month."
    />
  );
}
