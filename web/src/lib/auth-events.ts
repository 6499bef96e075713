/** SPEC §4: an `authError` event clears the session, shows its detail and goes to /login. */
export const AUTH_ERROR_EVENT = 'authError';

export const SESSION_EXPIRED = 'Session expired. Please log in again.';
export const ACCESS_DENIED = 'Your session has expired or you do not have access. Please log in again.';

export function dispatchAuthError(message: string): void {
  window.dispatchEvent(new CustomEvent<string>(AUTH_ERROR_EVENT, { detail: message }));
}
