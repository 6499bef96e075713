import type { ReactNode } from 'react';
import { Navigate, Link as RouterLink, useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Role } from '@lintel/contracts';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useAuth } from '../../session/index.ts';
import { signInPathTo } from './next-path.ts';

/**
 * SPEC §4 "Page access check": loading, not signed in, role not allowed, or the page. A user
 * without a company (signed up with no invitation) is sent to /dashboard, where they can create or
 * join one, from every page not marked `openWithoutCompany`: those pages' calls would all fail.
 */
export function ProtectedRoute({
  roles,
  openWithoutCompany = false,
  children,
}: {
  roles?: readonly Role[];
  openWithoutCompany?: boolean;
  children: ReactNode;
}) {
  const { user, loading, isAuthenticated, error } = useAuth();
  // Signing in from here comes back to this page.
  const { pathname, search } = useLocation();
  if (loading) return <PageSpinner label="Checking authentication..." />;
  if (!isAuthenticated || !user) {
    return (
      <Box>
        <Alert
          severity="error"
          action={
            <Button component={RouterLink} to={signInPathTo(pathname + search)} color="inherit" size="small">
              Sign in
            </Button>
          }
        >
          {error || 'Authentication required. Please log in.'}
        </Alert>
      </Box>
    );
  }
  if (roles && !roles.includes(user.role)) {
    return (
      <Box>
        <Alert severity="warning">You do not have access to this page.</Alert>
      </Box>
    );
  }
  if (user.companyId === null && !openWithoutCompany) return <Navigate replace to="/dashboard" />;
  return children;
}
