import type { OwnerSummary } from '@lintel/contracts';
import type { OwnerRow } from './repo.ts';

export const toOwnerSummary = (row: OwnerRow): OwnerSummary => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  userId: row.userId,
});
