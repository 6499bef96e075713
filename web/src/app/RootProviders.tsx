import { Outlet } from 'react-router';
import { PageTitleProvider } from '../components/page-title.tsx';
import { AuthProvider } from '../session/index.ts';

/**
 * Around every route: the session (it navigates, so it sits inside the router) and the browser
 * tab's name. The providers only signed-in screens use come with the shell
 * (layout/SignedInLayout.tsx).
 */
export function RootProviders() {
  return (
    <AuthProvider>
      <PageTitleProvider>
        <Outlet />
      </PageTitleProvider>
    </AuthProvider>
  );
}
