import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_MESSAGE } from '@lintel/contracts';
import { mockHttp } from '../../../test/http-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { ForgotPasswordPage } from './ForgotPasswordPage.tsx';

function renderPage() {
  renderAt('/forgot-password', <ForgotPasswordPage />);
  return userEvent.setup();
}

describe('ForgotPasswordPage', () => {
  it('checks the email before sending anything', async () => {
    const server = mockHttp();
    const user = renderPage();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(/valid email/i);
    expect(server.calls).toEqual([]);
  });

  it("sends the email and shows the server's answer, keeping the form to send again", async () => {
    const server = mockHttp().on('POST', '/auth/forgot-password', {
      status: 202,
      data: { status: 'success', message: FORGOT_PASSWORD_MESSAGE },
    });
    const user = renderPage();
    await user.type(screen.getByLabelText('Email'), 'Ada@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(FORGOT_PASSWORD_MESSAGE);
    const [call] = server.callsTo('POST', '/auth/forgot-password');
    expect(call?.body).toEqual({ email: 'ada@example.com' });
    // The cookie-only client: no stale session's token goes with it.
    expect(call?.client).toBe('public');
    expect(screen.getByRole('button', { name: 'Send link' })).toBeEnabled();
    expect(screen.getByLabelText('Email')).toHaveValue('Ada@Example.com');
  });

  it("shows the server's message when it refuses, e.g. too many requests", async () => {
    mockHttp().on('POST', '/auth/forgot-password', {
      status: 429,
      data: { status: 'error', code: 'RATE_LIMITED', message: 'Too many attempts. Try again in 15 minutes.' },
    });
    const user = renderPage();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 15 minutes.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('leads back to sign-in', () => {
    mockHttp();
    renderPage();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});
