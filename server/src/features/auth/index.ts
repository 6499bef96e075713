export { authRoutes } from './routes.ts';
export { ACCESS_COOKIE } from './cookies.ts';
export { verifyAccessToken, type Identity } from './tokens.ts';
export { resolveSigningSecret } from './secret.ts';
export { DEFAULT_SIGNUPS_PER_ADDRESS } from './throttle.ts';
export { hashPassword } from './service.ts';
