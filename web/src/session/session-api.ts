import { authApi, User, type CompanyInput, type SignupInput } from '@lintel/contracts';
import { api, refreshAccessToken, request, toApiError } from '../lib/http.ts';
import { sessionStore } from '../lib/session-storage.ts';

/**
 * The session's calls to the server. AuthProvider loads this module on first use, so the HTTP
 * client and the contracts (axios, zod) reach the browser with the first call that needs them, not
 * with a signed-out visitor's sign-in page.
 */

async function fetchCurrentUser(): Promise<User> {
  const { data } = await api.get<{ user?: unknown }>('/auth/me', { skipAuthHandling: true });
  return User.parse(data.user);
}

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

/**
 * SPEC §5: a session answer without an access token is a failure. A user the contract does not
 * recognise is no server message either: the caller's generic failure (SPEC §8), not a parser dump.
 */
function takeSession(
  data: { token?: string; refreshToken?: string; user?: unknown } | undefined,
  failure: string,
): User {
  if (!data?.token) throw new Error('No access token received');
  const parsed = User.safeParse(data.user);
  if (!parsed.success) throw new Error(failure);
  return keepSession({ token: data.token, refreshToken: data.refreshToken, user: parsed.data });
}

/** Stores a new session's token pair and user, replacing whatever was stored. */
function keepSession(session: { token: string; refreshToken?: string | undefined; user: User }): User {
  sessionStore.saveTokens({ token: session.token, refreshToken: session.refreshToken });
  sessionStore.saveUser(session.user);
  return session.user;
}

/** Posts to a session-opening call and keeps the session it answers; failures read `failure`. */
async function openSession(path: '/auth/login' | '/auth/signup', body: unknown, failure: string) {
  try {
    const { data } = await api.post<{ token?: string; user?: unknown }>(path, body);
    return takeSession(data, failure);
  } catch (error) {
    throw toApiError(error, failure);
  }
}

export const signIn = (email: string, password: string) =>
  openSession('/auth/login', { email, password }, 'Login failed');

export const signUp = (input: SignupInput) => openSession('/auth/signup', input, 'Signup failed');

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
  await api.post('/auth/logout');
}
