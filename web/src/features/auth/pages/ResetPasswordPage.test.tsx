import { Route, Routes } from 'react-router';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RESET_LINK_INVALID } from '@lintel/contracts';
import { mockHttp } from '../../../test/http-mock.ts';
import { currentPath, renderAt } from '../../../test/render.tsx';
import { AuthProvider } from '../../../session/index.ts';
import { LoginPage } from './LoginPage.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';

function renderPage(path = '/reset-password?token=link-token') {
  renderAt(
    path,
    <AuthProvider>
      <Routes>
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/login" element={<LoginPage />} />
      </Routes>
    </AuthProvider>,
  );
  return userEvent.setup();
}

async function choosePassword(user: ReturnType<typeof userEvent.setup>, confirm = 'a-new-password') {
  await user.type(screen.getByLabelText('New password'), 'a-new-password');
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Set password' }));
}

describe('ResetPasswordPage', () => {
  it('asks for the same password twice before sending anything', async () => {
    const server = mockHttp();
    const user = renderPage();
    await choosePassword(user, 'another-password');
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'Passwords do not match',
    );
    expect(server.calls).toEqual([]);
  });

  it("sends the link's token with the password, then signs in on /login with a word that it is set", async () => {
    const server = mockHttp().on('POST', '/auth/reset-password', {
      status: 200,
      data: { status: 'success' },
    });
    const user = renderPage();
    await choosePassword(user);

    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(server.callsTo('POST', '/auth/reset-password')[0]?.body).toEqual({
      token: 'link-token',
      password: 'a-new-password',
    });
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your password is set. Sign in with it.');
  });

  it('says when the link no longer works, and where to get a new one', async () => {
    mockHttp().on('POST', '/auth/reset-password', {
      status: 400,
      data: { status: 'error', code: 'RESET_LINK_INVALID', message: RESET_LINK_INVALID },
    });
    const user = renderPage();
    await choosePassword(user);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(RESET_LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByRole('button', { name: 'Set password' })).not.toBeInTheDocument();
    expect(currentPath()).toBe('/reset-password');
  });

  it('without a token in the link, offers a new link instead of the form', () => {
    mockHttp();
    renderPage('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
