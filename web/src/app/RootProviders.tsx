import { Outlet } from 'react-router';
import { AuthProvider } from '../features/auth/AuthProvider.tsx';
import { CompanyProvider } from '../features/company/CompanyProvider.tsx';
import { NotificationProvider } from '../features/notifications/NotificationProvider.tsx';
import { NotificationStream } from '../features/notifications/NotificationStream.tsx';
import { PropertyProvider } from '../features/properties/PropertyProvider.tsx';

/** Providers that need the router (they navigate), around every route. */
export function RootProviders() {
  return (
    <AuthProvider>
      <CompanyProvider>
        <NotificationProvider>
          <NotificationStream />
          <PropertyProvider>
            <Outlet />
          </PropertyProvider>
        </NotificationProvider>
      </CompanyProvider>
    </AuthProvider>
  );
}
