export { authRoutes } from './routes.ts';
export { ACCESS_COOKIE } from './cookies.ts';
export { verifyAccessToken, type Identity } from './tokens.ts';
export { resolveSigningSecret } from './secret.ts';
export { findSessionState, hashPassword, revokeUserSessions } from './service.ts';
