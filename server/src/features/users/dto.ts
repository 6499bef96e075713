import type { User } from '@lintel/contracts';
import type { UserRow } from './repo.ts';

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
