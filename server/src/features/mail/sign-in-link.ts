/**
 * A page of Lintel reached through the sign-in page, for links in staff and owner email: a reader
 * who is signed out signs in and lands on it, one who is signed in goes straight there. The web's
 * sign-in page reads `next` (web/src/features/auth/next-path.ts) and follows only a path of its own.
 */
export const throughSignIn = (path: string) => `/login?next=${encodeURIComponent(path)}`;
