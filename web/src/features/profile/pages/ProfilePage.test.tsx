import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@lintel/contracts';
import { theme } from '../../../app/theme.ts';
import { sessionStore } from '../../../lib/session-storage.ts';
import { makeUser, storeSession } from '../../../test/fixtures.ts';
import { mockHttp, type MockServer } from '../../../test/http-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { ProfilePage } from './ProfilePage.tsx';
import { SnackbarHost } from '../../../components/SnackbarHost.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({
  useAuth: () => ({ user: auth.user, loading: false, isAuthenticated: true, error: null }),
}));
vi.mock('../../../session/CompanyProvider.tsx', () => ({
  useCompany: () => ({ company: { name: 'Acme Lettings' } }),
}));

let server: MockServer;

function renderPage() {
  auth.user = makeUser({ role: 'owner' });
  storeSession(auth.user);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderAt(
    '/profile',
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <ProfilePage />
        <SnackbarHost />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

beforeEach(() => {
  server = mockHttp();
});

describe('ProfilePage', () => {
  it('changes the password and keeps the new token pair', async () => {
    const user = userEvent.setup();
    server.on('POST', '/me/password', {
      status: 200,
      data: { status: 'success', token: 'access-new', refreshToken: 'refresh-new' },
    });
    renderPage();
    await user.type(screen.getByLabelText('Current password'), 'old-password-1');
    await user.type(screen.getByLabelText('New password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/Password changed/)).toBeInTheDocument();
    expect(server.callsTo('POST', '/me/password')[0]?.body).toEqual({
      currentPassword: 'old-password-1',
      newPassword: 'new-password-1',
    });
    expect(sessionStore.accessToken()).toBe('access-new');
    expect(sessionStore.refreshToken()).toBe('refresh-new');
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('refuses a confirmation that differs, without calling the server', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText('Current password'), 'old-password-1');
    await user.type(screen.getByLabelText('New password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password-2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The new passwords do not match')).toBeInTheDocument();
    expect(server.callsTo('POST', '/me/password')).toHaveLength(0);
  });

  it("shows the server's message for a wrong current password and keeps the tokens", async () => {
    const user = userEvent.setup();
    server.on('POST', '/me/password', {
      status: 422,
      data: { status: 'error', code: 'WRONG_PASSWORD', message: 'Your current password is not correct.' },
    });
    renderPage();
    await user.type(screen.getByLabelText('Current password'), 'nope-nope-1');
    await user.type(screen.getByLabelText('New password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your current password is not correct.')).toBeInTheDocument();
    expect(sessionStore.accessToken()).toBe('access-1');
  });

  it('saves the name and email', async () => {
    const user = userEvent.setup();
    server.on('PUT', '/me', (call) => ({
      status: 200,
      data: { status: 'success', data: { ...makeUser({ role: 'owner' }), ...(call.body as object) } },
    }));
    renderPage();
    const first = screen.getByLabelText('First name');
    await user.clear(first);
    await user.type(first, 'Grace');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(server.callsTo('PUT', '/me')[0]?.body).toEqual({
        firstName: 'Grace',
        lastName: 'Lovelace',
        email: 'ada@example.com',
      }),
    );
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(sessionStore.user()?.firstName).toBe('Grace');
  });
});
