import type { FastifyReply } from 'fastify';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_DAYS } from './tokens.ts';

export const ACCESS_COOKIE = 'accessToken';
export const REFRESH_COOKIE = 'refreshToken';
// The refresh cookie only travels to the auth routes that use it.
const REFRESH_PATH = '/api/auth';

export function setSessionCookies(
  reply: FastifyReply,
  tokens: { token: string; refreshToken: string },
  secure: boolean,
): void {
  reply.setCookie(ACCESS_COOKIE, tokens.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: ACCESS_TOKEN_SECONDS,
  });
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, {
    path: REFRESH_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: REFRESH_TOKEN_DAYS * 24 * 3600,
  });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(ACCESS_COOKIE, { path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_PATH });
}
