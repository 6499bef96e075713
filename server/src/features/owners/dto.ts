import type { Owner, OwnerSummary } from '@lintel/contracts';
import type { OwnerRow } from './repo.ts';

export const toOwnerSummary = (row: OwnerRow): OwnerSummary => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  userId: row.userId,
});

export const toOwner = (row: OwnerRow, propertyCount: number): Owner => {
  const bank = row.bankDetails;
  return {
    ...toOwnerSummary(row),
    idNumber: row.idNumber,
    bankDetails:
      bank && (bank.bankName || bank.accountName || bank.accountNumber)
        ? {
            bankName: bank.bankName ?? '',
            accountName: bank.accountName ?? '',
            accountNumber: bank.accountNumber ?? '',
            branch: bank.branch ?? null,
            branchCode: bank.branchCode ?? null,
          }
        : null,
    notes: row.notes,
    propertyCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    __v: row.version,
  };
};
