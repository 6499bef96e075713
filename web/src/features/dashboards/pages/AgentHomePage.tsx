import { useMemo } from 'react';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { useProperties } from '../../properties/PropertyProvider.tsx';
import { EndingLeasesCard } from '../../leases/index.ts';
import { MyTasksCard } from '../../tasks/index.ts';
import { MyPropertiesHome } from '../components/MyPropertiesHome.tsx';
import { PaymentShortcutsCard } from '../components/PaymentShortcutsCard.tsx';

export function AgentHomePage() {
  const { user } = useAuth();
  const { properties, loading, error } = useProperties();
  const mine = useMemo(
    () => properties.filter((property) => property.agentId === user?._id),
    [properties, user],
  );
  return (
    <MyPropertiesHome
      subtitle="The properties you look after, at a glance."
      propertiesPath="/agent-dashboard/properties"
      properties={mine}
      loading={loading}
      error={error}
      totalLabel="Properties I manage"
      totalCaption="Assigned to you"
      emptyText="No properties assigned to you yet"
      aside={
        <>
          <MyTasksCard />
          <PaymentShortcutsCard />
          <EndingLeasesCard />
        </>
      }
    />
  );
}
