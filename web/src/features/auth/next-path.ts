/** The sign-in page's query parameter naming the page to open after sign-in (server: mail/sign-in-link.ts). */
export const NEXT_PARAM = 'next';

/**
 * The page to open after sign-in, when `next` names one of this site's own: a path, but not
 * `//host` or `/\host` (which browsers read as another site), nor one with whitespace (which
 * they drop), that resolves to this origin. Anything else is null, so a crafted link cannot send
 * someone elsewhere once they have signed in.
 */
export function safeNextPath(next: string | null, origin = window.location.origin): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || /[\\\s]/.test(next)) return null;
  try {
    const url = new URL(next, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** The sign-in page, then `path` (a page of this site) once signed in. */
export const signInPathTo = (path: string) => `/login?${NEXT_PARAM}=${encodeURIComponent(path)}`;
