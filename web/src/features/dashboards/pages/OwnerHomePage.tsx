import { useMemo } from 'react';
import { OwnerStatementCard } from '../../accounts/index.ts';
import { useProperties } from '../../properties/PropertyProvider.tsx';
import { EndingLeasesCard } from '../../leases/index.ts';
import { OwnerLeviesCard } from '../../levies/index.ts';
import { MyPropertiesHome } from '../components/MyPropertiesHome.tsx';

export function OwnerHomePage() {
  // The provider's list for an owner holds only that owner's properties.
  const { properties, loading, error } = useProperties();
  const currencies = useMemo(
    () => [...new Set(properties.map((property) => property.currency))].sort(),
    [properties],
  );
  return (
    <MyPropertiesHome
      subtitle="Your properties and how they are let."
      propertiesPath="/owner-dashboard/properties"
      properties={properties}
      loading={loading}
      error={error}
      totalLabel="My properties"
      totalCaption="Managed for you by the agency"
      aside={
        <>
          <EndingLeasesCard />
          <OwnerLeviesCard />
        </>
      }
      footer={<OwnerStatementCard currencies={currencies} />}
    />
  );
}
