import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@lintel/contracts';
import { dispatchAuthError } from '../../lib/auth-events.ts';
import { storeSession, userWithoutCompany, userWithRole } from '../../test/fixtures.ts';
import { deferred, mockHttp } from '../../test/http-mock.ts';
import { currentPath, renderAt } from '../../test/render.tsx';
import { AuthProvider } from '../../session/index.ts';
import { ProtectedRoute } from './ProtectedRoute.tsx';

const renderGuarded = (path: string, roles?: readonly Role[]) =>
  renderAt(
    path,
    <AuthProvider>
      <ProtectedRoute roles={roles}>
        <p>Secret page</p>
      </ProtectedRoute>
    </AuthProvider>,
  );

function signedInAs(role: Role) {
  const user = userWithRole(role);
  storeSession(user);
  return mockHttp().on('GET', '/auth/me', { status: 200, data: { status: 'success', user } });
}

describe('ProtectedRoute (SPEC §4 "Page access check")', () => {
  it("shows 'Checking authentication...' while the session is validated, then the page", async () => {
    const user = userWithRole('admin');
    storeSession(user);
    const me = deferred();
    mockHttp().on('GET', '/auth/me', async () => {
      await me.promise;
      return { status: 200, data: { status: 'success', user } };
    });
    renderGuarded('/admin-dashboard', ['admin']);
    expect(screen.getByRole('status')).toHaveTextContent('Checking authentication...');
    expect(screen.queryByText('Secret page')).not.toBeInTheDocument();
    me.resolve();
    expect(await screen.findByText('Secret page')).toBeInTheDocument();
    expect(screen.queryByText('Checking authentication...')).not.toBeInTheDocument();
  });

  it("tells a signed-out visitor 'Authentication required. Please log in.'", () => {
    mockHttp();
    renderGuarded('/leases?status=active');
    expect(screen.getByRole('alert')).toHaveTextContent('Authentication required. Please log in.');
    // Sign-in comes back here (LoginPage follows `next`).
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?next=%2Fleases%3Fstatus%3Dactive',
    );
    expect(screen.queryByText('Secret page')).not.toBeInTheDocument();
  });

  it('shows the auth error text instead when the session ended with one', async () => {
    signedInAs('agent');
    renderGuarded('/leases');
    expect(await screen.findByText('Secret page')).toBeInTheDocument();
    act(() => dispatchAuthError('Your session has expired or you do not have access. Please log in again.'));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Your session has expired or you do not have access. Please log in again.',
      ),
    );
    expect(screen.queryByText('Authentication required. Please log in.')).not.toBeInTheDocument();
    expect(screen.queryByText('Secret page')).not.toBeInTheDocument();
  });

  it("tells a signed-in user whose role is not listed 'You do not have access to this page.'", async () => {
    signedInAs('agent');
    renderGuarded('/admin/users', ['admin']);
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
    expect(screen.queryByText('Secret page')).not.toBeInTheDocument();
  });

  it.each([
    ['a listed role', ['owner', 'admin'] as const],
    ['no role list (any signed-in user)', undefined],
  ])('shows the page for %s', async (_case, roles) => {
    signedInAs('owner');
    renderGuarded('/owner-dashboard', roles);
    expect(await screen.findByText('Secret page')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('You do not have access to this page.')).not.toBeInTheDocument();
  });

  it('sends a user without a company to /dashboard, unless the page is open to them', async () => {
    const user = userWithoutCompany();
    storeSession(user);
    mockHttp().on('GET', '/auth/me', { status: 200, data: { status: 'success', user } });
    renderGuarded('/leases');
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(screen.queryByText('Secret page')).not.toBeInTheDocument();
    cleanup();

    renderAt(
      '/dashboard',
      <AuthProvider>
        <ProtectedRoute openWithoutCompany>
          <p>Secret page</p>
        </ProtectedRoute>
      </AuthProvider>,
    );
    expect(await screen.findByText('Secret page')).toBeInTheDocument();
  });
});
