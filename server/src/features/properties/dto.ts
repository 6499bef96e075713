import type { Property } from '@lintel/contracts';
import type { PropertyView } from './repo.ts';

export const toProperty = (row: PropertyView): Property => ({
  _id: row.id,
  companyId: row.companyId,
  name: row.name,
  address: row.address,
  type: row.type,
  status: row.status,
  ownerId: row.ownerId,
  ownerName: row.ownerName,
  agentId: row.agentId,
  agentName: row.agentName,
  rentAmount: row.rentCents,
  levyAmount: row.levyCents,
  currency: row.currency,
  bedrooms: row.bedrooms,
  bathrooms: row.bathrooms,
  area: row.area,
  description: row.description,
  commissionRate: row.commissionRateBp,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  __v: row.version,
});
