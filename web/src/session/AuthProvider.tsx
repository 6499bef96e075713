import {
  createContext,
  startTransition,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import type { CompanyInput, SignupInput, User } from '@lintel/contracts';
import { AUTH_ERROR_EVENT } from '../lib/auth-events.ts';
import { homeFor } from '../lib/roles.ts';
import { sessionStore } from '../lib/session-storage.ts';

// SPEC §3 "Auth state".
export interface AuthState {
  user: User | null;
  loading: boolean;
  isAuthenticated: boolean;
  error: string | null;
}

export interface AuthContextValue extends AuthState {
  /** Then to `next` when given (a path of this site, checked by the caller), else the role's home. */
  login: (email: string, password: string, next?: string | null) => Promise<User>;
  signup: (input: SignupInput) => Promise<User>;
  /** For a signed-in user without a company: create one, become its admin, go to its home. */
  createCompany: (input: CompanyInput) => Promise<User>;
  /** For a signed-in user without a company: join one with an invitation code, go to the role's home. */
  acceptInvitation: (code: string) => Promise<User>;
  logout: () => Promise<void>;
  clearError: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}

const signedOut: AuthState = { user: null, loading: false, isAuthenticated: false, error: null };

/**
 * The server calls, loaded with the first one made: a visitor with no stored session gets the
 * sign-in page without the HTTP client and the contracts. A failed load reads as `failure`.
 */
const loadSessionApi = (failure: string) =>
  import('./session-api.ts').catch(() => {
    throw new Error(failure);
  });

type SessionApi = Awaited<ReturnType<typeof loadSessionApi>>;

const hasStoredSession = () => Boolean(sessionStore.accessToken() && sessionStore.refreshToken());
const checkStoredSession = async () => (await loadSessionApi('Session check failed')).validateStoredSession();

/** The start-up check main.tsx began before the first screen, waiting for the provider to take it. */
let begunCheck: Promise<User> | undefined;

/**
 * Begins SPEC §4's start-up check of a stored session before React draws anything, so
 * `GET /auth/me` is on the network while a phone builds the first screen (about a second at a
 * phone's speed) instead of after it. The provider's start-up adopts it; a provider mounted later
 * (a test, a second mount) runs its own.
 */
export function beginStoredSessionCheck() {
  if (!hasStoredSession()) return;
  begunCheck = checkStoredSession();
  // The provider handles its failure; until it takes it, a failure is not an unhandled one.
  begunCheck.catch(() => {});
}

/** SPEC §4: start-up failure sends to /login, except on a payments page or /login itself. */
const staysPutOnFailedStart = (pathname: string) => pathname.includes('/payments') || pathname === '/login';

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(() =>
    hasStoredSession()
      ? { user: sessionStore.user(), loading: true, isAuthenticated: false, error: null }
      : signedOut,
  );
  // The router gives a new navigate on every change of address; the session's start-up check and
  // its calls must neither run again nor change with it, so they go through the latest one.
  const navigate = useNavigate();
  const latestNavigate = useRef(navigate);
  useLayoutEffect(() => {
    latestNavigate.current = navigate;
  });
  const replaceWith = useCallback((path: string) => void latestNavigate.current(path, { replace: true }), []);

  // Start-up validation of stored tokens: fetch the user; on failure refresh once and fetch again.
  useEffect(() => {
    if (!hasStoredSession()) return;
    let cancelled = false;
    const startPath = window.location.pathname;
    const check = begunCheck ?? checkStoredSession();
    begunCheck = undefined;
    void (async () => {
      try {
        const user = await check;
        // The signed-in shell and its page are drawn in slices between frames, not in one task
        // that holds a phone's main thread while the whole screen is built.
        if (!cancelled)
          startTransition(() => setState({ user, loading: false, isAuthenticated: true, error: null }));
      } catch {
        sessionStore.clear();
        if (cancelled) return;
        setState(signedOut);
        if (!staysPutOnFailedStart(startPath)) replaceWith('/login');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [replaceWith]);

  // SPEC §4: an authError event clears the session, shows its detail and goes to /login.
  useEffect(() => {
    const onAuthError = (event: Event) => {
      sessionStore.clear();
      setState({ ...signedOut, error: (event as CustomEvent<string>).detail });
      replaceWith('/login');
    };
    window.addEventListener(AUTH_ERROR_EVENT, onAuthError);
    return () => window.removeEventListener(AUTH_ERROR_EVENT, onAuthError);
  }, [replaceWith]);

  /** Signs in with the session `open` stores; `failure` is the message if the calls cannot load. */
  const adoptSession = useCallback(
    async (failure: string, open: (sessionApi: SessionApi) => Promise<User>) => {
      const user = await open(await loadSessionApi(failure));
      setState({ user, loading: false, isAuthenticated: true, error: null });
      return user;
    },
    [],
  );

  /** As `adoptSession`, then to `next` if given, else to the user's home by role (SPEC §2). */
  const enterHome = useCallback(
    async (failure: string, open: (sessionApi: SessionApi) => Promise<User>, next?: string | null) => {
      const user = await adoptSession(failure, open);
      replaceWith(next ?? homeFor(user.role));
      return user;
    },
    [adoptSession, replaceWith],
  );

  const login = useCallback(
    (email: string, password: string, next?: string | null) =>
      enterHome('Login failed', (sessionApi) => sessionApi.signIn(email, password), next),
    [enterHome],
  );

  const signup = useCallback(
    (input: SignupInput) => adoptSession('Signup failed', (sessionApi) => sessionApi.signUp(input)),
    [adoptSession],
  );

  const createCompany = useCallback(
    (input: CompanyInput) =>
      enterHome('The agency could not be created.', (sessionApi) => sessionApi.createCompany(input)),
    [enterHome],
  );

  const acceptInvitation = useCallback(
    (code: string) =>
      enterHome('The invitation could not be accepted.', (sessionApi) => sessionApi.acceptInvitation(code)),
    [enterHome],
  );

  // SPEC §4: logout clears the session even if the server call fails, then goes to /login.
  const logout = useCallback(async () => {
    try {
      const { signOut } = await loadSessionApi('Logout failed');
      await signOut();
    } catch (error) {
      console.warn('Logout request failed', error);
    } finally {
      sessionStore.clear();
      setState(signedOut);
      replaceWith('/login');
    }
  }, [replaceWith]);

  const clearError = useCallback(() => setState((current) => ({ ...current, error: null })), []);

  const value = useMemo(
    () => ({ ...state, login, signup, createCompany, acceptInvitation, logout, clearError }),
    [state, login, signup, createCompany, acceptInvitation, logout, clearError],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}
