import { z } from 'zod';
import { call } from './common.ts';
import { Company, CompanyInput } from './companies.ts';
import { User } from './users.ts';

export const Password = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password must be at most 200 characters');

export const LoginInput = z.object({
  email: z.email().trim().toLowerCase().max(254),
  password: z.string().min(1).max(200),
});
export type LoginInput = z.infer<typeof LoginInput>;

/**
 * SPEC §7: `company` is the new company's profile (admin sign-up, the user becomes its admin)
 * or a string: an invitation code an admin issued (the user joins with the invited role).
 */
export const SignupInput = z.object({
  email: z.email().trim().toLowerCase().max(254),
  password: Password,
  name: z.string().trim().min(1).max(120),
  company: z.union([CompanyInput, z.string().trim().min(1, 'Invitation code is required').max(200)], {
    error: 'Company details or an invitation code are required',
  }),
});
export type SignupInput = z.infer<typeof SignupInput>;

export const Session = z.object({
  status: z.literal('success'),
  user: User,
  company: Company,
  token: z.string(),
  refreshToken: z.string(),
});
export type Session = z.infer<typeof Session>;

export const RefreshInput = z.object({ refreshToken: z.string().max(500).optional() }).nullish();

export const TokenPair = z.object({
  status: z.literal('success'),
  token: z.string(),
  refreshToken: z.string(),
});
export type TokenPair = z.infer<typeof TokenPair>;

export const authApi = {
  login: call('POST', '/auth/login', {
    summary: 'Sign in with email and password',
    tag: 'auth',
    access: 'public',
    body: LoginInput,
    reply: Session,
  }),
  signup: call('POST', '/auth/signup', {
    summary: 'Create an account: a new company (admin) or join one with an invitation code',
    tag: 'auth',
    access: 'public',
    body: SignupInput,
    reply: Session,
    status: 201,
  }),
  logout: call('POST', '/auth/logout', {
    summary: 'End the session (revokes its refresh tokens, clears cookies)',
    tag: 'auth',
    access: 'public',
    reply: z.object({ status: z.literal('success') }),
  }),
  me: call('GET', '/auth/me', {
    summary: 'The signed-in user',
    tag: 'auth',
    reply: z.object({ status: z.literal('success'), user: User }),
  }),
  refresh: call('POST', '/auth/refresh-token', {
    summary: 'Rotate the refresh token (from the body or the cookie) for a new token pair',
    tag: 'auth',
    access: 'public',
    body: RefreshInput,
    reply: TokenPair,
  }),
};
