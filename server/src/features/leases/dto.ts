import type { Lease } from '@lintel/contracts';
import { toIso } from '../../lib/http.ts';
import type { LeaseView } from './repo.ts';

export const toLease = (row: LeaseView): Lease => ({
  _id: row.id,
  companyId: row.companyId,
  propertyId: row.propertyId,
  propertyName: row.propertyName,
  agentId: row.agentId,
  tenantId: row.tenantId,
  tenantName: row.tenantName,
  startDate: row.startDate,
  endDate: row.endDate,
  rentAmount: row.rentCents,
  currency: row.currency,
  rentDueDay: row.rentDueDay,
  depositAmount: row.depositCents,
  depositHeld: row.depositHeld,
  status: row.status,
  terms: row.terms,
  escalationBp: row.escalationBp,
  renewedFromId: row.renewedFromId,
  renewalId: row.renewalId,
  activatedAt: toIso(row.activatedAt),
  endedAt: toIso(row.endedAt),
  terminationReason: row.terminationReason,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  __v: row.version,
});
