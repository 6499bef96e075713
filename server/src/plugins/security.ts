import { randomBytes, timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { forbidden } from '../lib/errors.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyInstance {
    /** Origins besides Lintel's own whose pages may write by cookie (config TRUSTED_ORIGINS). */
    trustedOrigins: ReadonlySet<string>;
  }
}

/**
 * OWASP's origin check: a browser names the calling page's origin in Origin, and no page can
 * forge it. Lintel's own origin and the configured ones are trusted; a missing Origin is not.
 */
function comesFromTrustedOrigin(req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  if (!origin || origin === 'null') return false;
  return origin === `${req.protocol}://${req.host}` || req.server.trustedOrigins.has(origin);
}

/**
 * Check for writes that authenticate by cookie: a page on another site can make the browser send
 * our cookies, but can neither read XSRF-TOKEN to echo it in the header (double submit) nor name
 * a trusted origin. Either suffices: SPEC §7's dev client on another port may send no XSRF header
 * (an axios client adds it same-origin only) but its Origin is trusted.
 */
export function assertXsrf(req: FastifyRequest): void {
  if (SAFE_METHODS.has(req.method) || comesFromTrustedOrigin(req)) return;
  const fromCookie = req.cookies[XSRF_COOKIE];
  const fromHeader = req.headers[XSRF_HEADER];
  const cookieBytes = Buffer.from(typeof fromCookie === 'string' ? fromCookie : '');
  const headerBytes = Buffer.from(typeof fromHeader === 'string' ? fromHeader : '');
  const matches =
    cookieBytes.length > 0 &&
    cookieBytes.length === headerBytes.length &&
    timingSafeEqual(cookieBytes, headerBytes);
  if (!matches) throw forbidden('Missing or invalid XSRF token. Reload the page and try again.');
}

const helmetHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // MUI (emotion) injects style elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  // Always sent: browsers ignore it over plain HTTP (RFC 6797 §8.1), and behind a TLS proxy the
  // app cannot tell whether the browser came over HTTPS (docs/deploy.md).
  strictTransportSecurity: { maxAge: 365 * 24 * 3600, includeSubDomains: true },
});

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Helmet's headers on everything, and no-store on API answers (they hold personal data, files
 * too). Set on the raw response, so hijacked replies (the notification stream) keep them; also
 * called for addresses Fastify refuses before routing, which skip every hook.
 */
export function setSecurityHeaders(req: FastifyRequest, reply: FastifyReply): void {
  helmetHeaders(req.raw, reply.raw, () => {});
  if (isApi(req.url)) reply.raw.setHeader('cache-control', 'no-store');
}

export const securityPlugin = fp(
  async (app: FastifyInstance, options: { cookieSecure: boolean; trustedOrigins: string[] }) => {
    app.decorate('trustedOrigins', new Set(options.trustedOrigins));
    await app.register(cookie);
    // Only trusted origins may read answers to credentialed calls; none but Lintel's own by default.
    await app.register(cors, {
      origin: options.trustedOrigins,
      credentials: true,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Content-Type', 'Authorization', 'X-XSRF-TOKEN', 'X-Request-Id', 'Idempotency-Key'],
    });
    app.addHook('onRequest', async (req, reply) => setSecurityHeaders(req, reply));
    // After the route: nothing an API route (or the docs' static files) sets may let a copy be kept.
    app.addHook('onSend', async (req, reply) => {
      if (isApi(req.url)) reply.header('cache-control', 'no-store');
    });
    app.addHook('onRequest', async (req, reply) => {
      if (req.cookies[XSRF_COOKIE]) return;
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'lax',
        secure: options.cookieSecure,
        httpOnly: false,
      });
    });
  },
);
