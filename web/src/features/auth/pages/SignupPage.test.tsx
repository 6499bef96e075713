import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '@lintel/contracts';
import { makeCompany, makeUser, userWithoutCompany } from '../../../test/fixtures.ts';
import { mockHttp } from '../../../test/http-mock.ts';
import { currentPath, renderAt } from '../../../test/render.tsx';
import { AuthProvider } from '../../../session/index.ts';
import { SignupPage } from './SignupPage.tsx';

const signedUp = (user: User) => ({
  status: 201,
  data: {
    status: 'success',
    user,
    company: user.companyId ? makeCompany() : null,
    token: 'access-new',
    refreshToken: 'refresh-new',
  },
});

function renderSignup(path = '/signup') {
  renderAt(
    path,
    <AuthProvider>
      <SignupPage />
    </AuthProvider>,
  );
  return userEvent.setup();
}

async function fillPerson(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Full name'), 'Nia New');
  await user.type(screen.getByLabelText('Email'), 'nia@example.com');
  await user.type(screen.getByLabelText('Password'), 'long-password');
}

describe('SignupPage', () => {
  it('offers the invitation code as optional, saying what happens without one', () => {
    mockHttp();
    renderSignup();
    const code = screen.getByRole('textbox', { name: 'Invitation code (optional)' });
    expect(code).toHaveAccessibleDescription(
      'From your invitation email. Without one, you can create an agency or join one later.',
    );
  });

  it('with the code left blank sends no company at all and goes to /dashboard, storing no companyId', async () => {
    const server = mockHttp().on('POST', '/auth/signup', signedUp(userWithoutCompany()));
    const user = renderSignup();
    await fillPerson(user);
    await user.type(screen.getByLabelText('Invitation code (optional)'), '   ');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    const [call] = server.callsTo('POST', '/auth/signup');
    expect(call?.body).toEqual({ name: 'Nia New', email: 'nia@example.com', password: 'long-password' });
    expect(call?.body).not.toHaveProperty('company');
    expect(localStorage.getItem('accessToken')).toBe('access-new');
    expect(localStorage.getItem('companyId')).toBeNull();
  });

  it('with a code (here from the invitation link) sends it as `company`', async () => {
    const server = mockHttp().on('POST', '/auth/signup', signedUp(makeUser({ role: 'agent' })));
    const user = renderSignup('/signup?code=INVITE-42');
    expect(screen.getByLabelText('Invitation code (optional)')).toHaveValue('INVITE-42');
    await fillPerson(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(server.callsTo('POST', '/auth/signup')[0]?.body).toMatchObject({ company: 'INVITE-42' });
  });

  it("shows the server's message when sign-up fails", async () => {
    mockHttp().on('POST', '/auth/signup', {
      status: 409,
      data: {
        status: 'error',
        code: 'EMAIL_TAKEN',
        message: 'An account with this email already exists. Sign in instead.',
      },
    });
    const user = renderSignup();
    await fillPerson(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this email already exists. Sign in instead.',
    );
    expect(currentPath()).toBe('/signup');
  });
});
