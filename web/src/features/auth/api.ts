import { authApi, type ForgotPasswordInput, type ResetPasswordInput } from '@lintel/contracts';
import { request } from '../../lib/http.ts';

// Plain calls, not query hooks: the signed-out pages have no query cache (it comes with the
// signed-in shell). The cookie-only client: a stale session's token has no business here, and a
// 401 or 403 from these calls must not refresh or end a session.

/** Asks for the emailed link; the answer's message is the same whether or not the email is known. */
export const sendPasswordResetLink = async (body: ForgotPasswordInput) =>
  (await request(authApi.forgotPassword, { body }, { client: 'public' })).message;

export const setNewPassword = (body: ResetPasswordInput) =>
  request(authApi.resetPassword, { body }, { client: 'public' });
