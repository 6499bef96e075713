import { z } from 'zod';
import { Password, TokenPair } from './auth.ts';
import { call, envelope } from './common.ts';
import { User } from './users.ts';

export const ROWS_PER_PAGE = [10, 25, 50, 100] as const;
export const DATE_FORMATS = ['dd/MM/yyyy', 'MM/dd/yyyy', 'yyyy-MM-dd'] as const;

export const Preferences = z.object({
  rowsPerPage: z.union(
    ROWS_PER_PAGE.map((size) => z.literal(size)),
    {
      error: 'Rows per page must be 10, 25, 50 or 100',
    },
  ),
  dateFormat: z.enum(DATE_FORMATS, { error: 'Date format must be dd/MM/yyyy, MM/dd/yyyy or yyyy-MM-dd' }),
});
export type Preferences = z.infer<typeof Preferences>;

export const DEFAULT_PREFERENCES: Preferences = { rowsPerPage: 25, dateFormat: 'dd/MM/yyyy' };

export const ProfileInput = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(120),
  lastName: z.string().trim().max(120),
  email: z.email().trim().toLowerCase().max(254),
});
export type ProfileInput = z.infer<typeof ProfileInput>;

export const PasswordChangeInput = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(200),
  newPassword: Password,
});
export type PasswordChangeInput = z.infer<typeof PasswordChangeInput>;

export const meApi = {
  getPreferences: call('GET', '/me/preferences', {
    summary: "The signed-in user's preferences (defaults filled in)",
    tag: 'me',
    reply: envelope(Preferences),
  }),
  updatePreferences: call('PUT', '/me/preferences', {
    summary: "Replace the signed-in user's preferences",
    tag: 'me',
    body: Preferences,
    reply: envelope(Preferences),
  }),
  updateProfile: call('PUT', '/me', {
    summary: "Change the signed-in user's name and email",
    tag: 'me',
    body: ProfileInput,
    reply: envelope(User),
  }),
  changePassword: call('POST', '/me/password', {
    summary: 'Change password: other sessions end; this one gets a fresh token pair',
    tag: 'me',
    body: PasswordChangeInput,
    reply: TokenPair,
  }),
};
