import type { Company } from '@lintel/contracts';
import { toIso } from '../../lib/http.ts';
import type { CompanyRow } from './repo.ts';

export const toCompany = (row: CompanyRow): Company => ({
  _id: row.id,
  name: row.name,
  address: row.address,
  phone: row.phone,
  email: row.email,
  website: row.website,
  registrationNumber: row.registrationNumber,
  tinNumber: row.tinNumber,
  vatNumber: row.vatNumber,
  ownerId: row.ownerId,
  description: row.description,
  logo: row.logo,
  isActive: row.isActive,
  subscriptionStatus: row.subscriptionStatus,
  subscriptionEndDate: toIso(row.subscriptionEndDate),
  bankAccounts: row.bankAccounts,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  __v: row.version,
});
