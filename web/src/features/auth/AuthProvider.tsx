import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { SignupInput, User } from '@lintel/contracts';
import { AUTH_ERROR_EVENT } from '../../lib/auth-events.ts';
import { homeFor } from '../../lib/roles.ts';
import { sessionStore } from '../../lib/session-storage.ts';

// SPEC §3 "Auth state".
export interface AuthState {
  user: User | null;
  loading: boolean;
  isAuthenticated: boolean;
  error: string | null;
}

export interface AuthContextValue extends AuthState {
  login: (email: string, password: string) => Promise<User>;
  signup: (input: SignupInput) => Promise<User>;
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

/** SPEC §4: start-up failure sends to /login, except on a payments page or /login itself. */
const staysPutOnFailedStart = (pathname: string) => pathname.includes('/payments') || pathname === '/login';

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(() =>
    sessionStore.accessToken() && sessionStore.refreshToken()
      ? { user: sessionStore.user(), loading: true, isAuthenticated: false, error: null }
      : signedOut,
  );
  const navigate = useNavigate();

  // Start-up validation of stored tokens: fetch the user; on failure refresh once and fetch again.
  useEffect(() => {
    if (!(sessionStore.accessToken() && sessionStore.refreshToken())) return;
    let cancelled = false;
    const startPath = window.location.pathname;
    void (async () => {
      try {
        const { validateStoredSession } = await loadSessionApi('Session check failed');
        const user = await validateStoredSession();
        if (!cancelled) setState({ user, loading: false, isAuthenticated: true, error: null });
      } catch {
        sessionStore.clear();
        if (cancelled) return;
        setState(signedOut);
        if (!staysPutOnFailedStart(startPath)) void navigate('/login', { replace: true });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [navigate]);

  // SPEC §4: an authError event clears the session, shows its detail and goes to /login.
  useEffect(() => {
    const onAuthError = (event: Event) => {
      sessionStore.clear();
      setState({ ...signedOut, error: (event as CustomEvent<string>).detail });
      void navigate('/login', { replace: true });
    };
    window.addEventListener(AUTH_ERROR_EVENT, onAuthError);
    return () => window.removeEventListener(AUTH_ERROR_EVENT, onAuthError);
  }, [navigate]);

  const login = useCallback(
    async (email: string, password: string) => {
      const { signIn } = await loadSessionApi('Login failed');
      const user = await signIn(email, password);
      setState({ user, loading: false, isAuthenticated: true, error: null });
      void navigate(homeFor(user.role), { replace: true });
      return user;
    },
    [navigate],
  );

  const signup = useCallback(async (input: SignupInput) => {
    const { signUp } = await loadSessionApi('Signup failed');
    const user = await signUp(input);
    setState({ user, loading: false, isAuthenticated: true, error: null });
    return user;
  }, []);

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
      void navigate('/login', { replace: true });
    }
  }, [navigate]);

  const clearError = useCallback(() => setState((current) => ({ ...current, error: null })), []);

  const value = useMemo(
    () => ({ ...state, login, signup, logout, clearError }),
    [state, login, signup, logout, clearError],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}
