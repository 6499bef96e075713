import { authApi, type CompanyInput, type SignupInput, type User } from '@lintel/contracts';
import { refreshAccessToken, request } from '../lib/http.ts';
import { sessionStore } from '../lib/session-storage.ts';
import { sessionReply } from './spec-replies.ts';

/**
 * The session's calls to the server. AuthProvider loads this module on first use, so the HTTP
 * client and the contracts (zod) reach the browser with the first call that needs them, not
 * with a signed-out visitor's sign-in page.
 */

const fetchCurrentUser = async (): Promise<User> =>
  (await request(authApi.me, {}, { skipAuthHandling: true })).user;

/** SPEC §4 start-up: fetch the user; on failure refresh once and fetch again. Throws if that fails too. */
export async function validateStoredSession(): Promise<User> {
  let user: User;
  try {
    user = await fetchCurrentUser();
  } catch {
    await refreshAccessToken();
    user = await fetchCurrentUser();
  }
  sessionStore.saveUser(user);
  return user;
}

/** Stores a new session's token pair and user, replacing whatever was stored. */
function keepSession(session: { token: string; refreshToken?: string | undefined; user: User }): User {
  sessionStore.saveTokens({ token: session.token, refreshToken: session.refreshToken });
  sessionStore.saveUser(session.user);
  return session.user;
}

/** SPEC §8: the server's message, else 'Login failed'. */
export const signIn = async (email: string, password: string) =>
  keepSession(
    await request(
      { ...authApi.login, reply: sessionReply('Login failed') },
      { body: { email, password } },
      {
        fallback: 'Login failed',
      },
    ),
  );

/** SPEC §8: the server's message, else 'Signup failed'. */
export const signUp = async (input: SignupInput) =>
  keepSession(
    await request(
      { ...authApi.signup, reply: sessionReply('Signup failed') },
      { body: input },
      {
        fallback: 'Signup failed',
      },
    ),
  );

/**
 * A signed-in user without a company creates one (becoming its admin). The call ends the session it
 * was made with (those tokens stop working), so the new one it answers is stored at once.
 */
export const createCompany = async (input: CompanyInput) =>
  keepSession(await request(authApi.createCompany, { body: input }));

/** A signed-in user without a company joins one with an invitation code: a new session, as above. */
export const acceptInvitation = async (code: string) =>
  keepSession(await request(authApi.acceptInvitation, { body: { code } }));

export async function signOut(): Promise<void> {
  await request(authApi.logout);
}
