import { DEFAULT_PREFERENCES, Preferences, type PendingInvitation, type User } from '@lintel/contracts';
import type { InvitationRow, UserRow } from './repo.ts';

export const toUser = (row: UserRow): User => ({
  _id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  role: row.role,
  companyId: row.companyId,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toPendingInvitation = (row: InvitationRow): PendingInvitation => ({
  _id: row.id,
  email: row.email,
  role: row.role,
  ownerId: row.ownerId,
  createdBy: row.createdBy,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

/** users.preferences is free JSON: each valid setting is kept, anything else falls back to its default. */
export function toPreferences(stored: Record<string, unknown> | null | undefined): Preferences {
  const rowsPerPage = Preferences.shape.rowsPerPage.safeParse(stored?.rowsPerPage);
  const dateFormat = Preferences.shape.dateFormat.safeParse(stored?.dateFormat);
  return {
    rowsPerPage: rowsPerPage.success ? rowsPerPage.data : DEFAULT_PREFERENCES.rowsPerPage,
    dateFormat: dateFormat.success ? dateFormat.data : DEFAULT_PREFERENCES.dateFormat,
  };
}
