import { Outlet } from 'react-router';
import { AuthProvider } from '../session/index.ts';

/**
 * Around every route: the session (it navigates, so it sits inside the router). The providers
 * only signed-in screens use come with the shell (layout/SignedInLayout.tsx).
 */
export function RootProviders() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}
