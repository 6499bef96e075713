import type { Tenant } from '@lintel/contracts';
import { toIso } from '../../lib/http.ts';
import type { TenantRow } from './repo.ts';

export const toTenant = (row: TenantRow, access: { hasLeases: boolean; canEdit: boolean }): Tenant => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  idNumber: row.idNumber,
  notes: row.notes,
  archivedAt: toIso(row.archivedAt),
  hasLeases: access.hasLeases,
  canEdit: access.canEdit,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  __v: row.version,
});
