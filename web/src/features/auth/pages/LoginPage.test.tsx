import { Route, Routes } from 'react-router';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeCompany, storeSession, userWithRole } from '../../../test/fixtures.ts';
import { mockHttp } from '../../../test/http-mock.ts';
import { currentPath, renderAt } from '../../../test/render.tsx';
import { AuthProvider } from '../../../session/index.ts';
import { safeNextPath } from '../next-path.ts';
import { LoginPage } from './LoginPage.tsx';

const owner = userWithRole('owner');
const signedIn = {
  status: 200,
  data: { status: 'success', user: owner, company: makeCompany(), token: 'access-new', refreshToken: 'r' },
};

function renderLogin(path: string) {
  renderAt(
    path,
    <AuthProvider>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<p>Another page</p>} />
      </Routes>
    </AuthProvider>,
  );
  return userEvent.setup();
}

async function signIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'owner@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

const REQUEST = '/maintenance/33333333-3333-4333-8333-000000000001';

describe('LoginPage: where sign-in leads', () => {
  it("goes to the role's home with no next (SPEC §2)", async () => {
    mockHttp().on('POST', '/auth/login', signedIn);
    const user = renderLogin('/login');
    await signIn(user);
    await waitFor(() => expect(currentPath()).toBe('/owner-dashboard'));
  });

  it("opens an emailed link's page of this site after sign-in", async () => {
    const server = mockHttp().on('POST', '/auth/login', signedIn);
    const user = renderLogin(`/login?next=${encodeURIComponent(REQUEST)}`);
    await signIn(user);
    await waitFor(() => expect(currentPath()).toBe(REQUEST));
    expect(server.callsTo('POST', '/auth/login')).toHaveLength(1);
  });

  it.each([
    'https://evil.example/maintenance/1',
    '//evil.example/maintenance/1',
    '/\\evil.example/maintenance/1',
    '/\t/evil.example',
    'javascript:alert(1)',
    'maintenance/1',
  ])('ignores %j and goes home by role', async (next) => {
    mockHttp().on('POST', '/auth/login', signedIn);
    const user = renderLogin(`/login?next=${encodeURIComponent(next)}`);
    await signIn(user);
    await waitFor(() => expect(currentPath()).toBe('/owner-dashboard'));
  });

  it('sends someone already signed in straight to a safe next', async () => {
    storeSession(owner);
    mockHttp().on('GET', '/auth/me', { status: 200, data: { status: 'success', user: owner } });
    renderLogin(`/login?next=${encodeURIComponent(`${REQUEST}?tab=costs`)}`);
    await waitFor(() => expect(currentPath()).toBe(REQUEST));
    expect(screen.getByText('Another page')).toBeInTheDocument();
  });

  it('stays on the form for someone signed in when next is unsafe', async () => {
    storeSession(owner);
    const server = mockHttp().on('GET', '/auth/me', {
      status: 200,
      data: { status: 'success', user: owner },
    });
    renderLogin('/login?next=%2F%2Fevil.example');
    await waitFor(() => expect(server.callsTo('GET', '/auth/me')).toHaveLength(1));
    // The session is taken up on the next turns; the page must still be the form after them.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
  });
});

describe('safeNextPath', () => {
  const origin = 'https://lintel.example';
  it('keeps a path of this site, its query and hash', () => {
    expect(safeNextPath('/leases/1?tab=a#b', origin)).toBe('/leases/1?tab=a#b');
    expect(safeNextPath('/a/../maintenance/2', origin)).toBe('/maintenance/2');
  });
  it('refuses anything that could leave it', () => {
    for (const next of [null, '', 'https://lintel.example.evil/', '//evil', '/\\evil', '/ /x', 'x']) {
      expect(safeNextPath(next, origin)).toBeNull();
    }
  });
});
