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

export const InvitationCode = z.string().trim().min(1, 'Invitation code is required').max(200);

/**
 * SPEC §7: `company` is the new company's profile (admin sign-up, the user becomes its admin)
 * or a string: an invitation code an admin issued (the user joins with the invited role).
 * Without it (SPEC's /signup) the user has no company and the default role until they create
 * one or join one with a code.
 */
export const SignupInput = z.object({
  email: z.email().trim().toLowerCase().max(254),
  password: Password,
  name: z.string().trim().min(1).max(120),
  company: z
    .union([CompanyInput, InvitationCode], {
      error: 'Company details or an invitation code are required',
    })
    .optional(),
});
export type SignupInput = z.infer<typeof SignupInput>;

export const Session = z.object({
  status: z.literal('success'),
  user: User,
  /** Null for a user without a company. */
  company: Company.nullable(),
  token: z.string(),
  refreshToken: z.string(),
});
export type Session = z.infer<typeof Session>;

export const RefreshInput = z.object({ refreshToken: z.string().max(500).optional() }).nullish();

export const JoinInput = z.object({ code: InvitationCode });
export type JoinInput = z.infer<typeof JoinInput>;

export const TokenPair = z.object({
  status: z.literal('success'),
  token: z.string(),
  refreshToken: z.string(),
});
export type TokenPair = z.infer<typeof TokenPair>;

export const ForgotPasswordInput = z.object({ email: z.email().trim().toLowerCase().max(254) });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInput>;

/** The same answer whether or not the email has an account: it cannot be probed. */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account uses that email, a link to set a new password is on its way. It works once, for an hour.';

export const ResetPasswordInput = z.object({
  token: z.string().trim().min(1, 'The link is incomplete').max(200),
  password: Password,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

/** Unknown, used or older than an hour: the same words for each, so a link tells nothing more. */
export const RESET_LINK_INVALID =
  'This link to set a new password has expired or was already used. Ask for a new one.';

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
  createCompany: call('POST', '/auth/create-company', {
    summary: 'Create an agency as a signed-in user without a company: they become its admin (new session)',
    tag: 'auth',
    access: 'account',
    body: CompanyInput,
    reply: Session,
    status: 201,
  }),
  acceptInvitation: call('POST', '/auth/accept-invitation', {
    summary: 'Join a company with an invitation code as a signed-in user without one (new session)',
    tag: 'auth',
    access: 'account',
    body: JoinInput,
    reply: Session,
  }),
  me: call('GET', '/auth/me', {
    summary: 'The signed-in user (company or not)',
    tag: 'auth',
    access: 'account',
    reply: z.object({ status: z.literal('success'), user: User }),
  }),
  forgotPassword: call('POST', '/auth/forgot-password', {
    summary: 'Email a single-use link (one hour) to set a new password; the same answer for any email',
    tag: 'auth',
    access: 'public',
    body: ForgotPasswordInput,
    reply: z.object({ status: z.literal('success'), message: z.string() }),
    status: 202,
  }),
  resetPassword: call('POST', '/auth/reset-password', {
    summary: "Set a new password with an emailed link's token; ends every session of that user",
    tag: 'auth',
    access: 'public',
    body: ResetPasswordInput,
    reply: z.object({ status: z.literal('success') }),
  }),
  refresh: call('POST', '/auth/refresh-token', {
    summary: 'Rotate the refresh token (from the body or the cookie) for a new token pair',
    tag: 'auth',
    access: 'public',
    body: RefreshInput,
    reply: TokenPair,
  }),
};
