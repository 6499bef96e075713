import { z } from 'zod';

/**
 * A company keeps two books, each double-entry on its own. Trust holds clients' money (the trust
 * bank, owners' ledgers, tenants' deposits, what is due to the agency, suspense); business holds
 * the agency's own (business bank, commission and fee income, agents' commission and agents
 * payable, VAT payable, what trust owes it).
 */
export const BOOKS = ['trust', 'business'] as const;
export const Book = z.enum(BOOKS);
export type Book = z.infer<typeof Book>;

export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export const AccountType = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof AccountType>;
