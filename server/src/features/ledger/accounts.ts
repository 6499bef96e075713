import type { AccountType, Book } from '@lintel/contracts';

/**
 * Ledger account names (PRODUCT.md "Ledger"): one string per account, ids embedded. The name's
 * prefix says which book the account is in; the database refuses a line whose account is not in
 * its journal's book (migration 0011).
 */
export const ledgerAccount = {
  // Trust: clients' money.
  trustBank: 'trust:bank',
  trustSuspense: 'trust:suspense',
  dueToAgency: 'trust:due-to-agency',
  property: (propertyId: string) => `property:${propertyId}`,
  deposits: (leaseId: string) => `deposits:${leaseId}`,
  // Business: the agency's own money.
  businessBank: 'business:bank',
  dueFromTrust: 'business:due-from-trust',
  commissionIncome: 'business:commission-income',
  feeIncome: 'business:fee-income',
  agentsCommission: 'business:agents-commission',
  vatPayable: 'business:vat-payable',
  /** What the banks charge, the agency's cost even on the trust account (issue 17). */
  bankCharges: 'business:bank-charges',
  agent: (agentId: string) => `agent:${agentId}`,
} as const;

const TRUST_PREFIXES = ['trust:', 'property:', 'deposits:'];
const BUSINESS_PREFIXES = ['business:', 'agent:'];

/** The book an account is in, from its name. */
export function bookOf(account: string): Book {
  if (TRUST_PREFIXES.some((prefix) => account.startsWith(prefix))) return 'trust';
  if (BUSINESS_PREFIXES.some((prefix) => account.startsWith(prefix))) return 'business';
  throw new Error(`Account ${account} is in no book`);
}

/** Each book's bank account: where a payout out of one of its accounts leaves from. */
export const bankOf = (book: Book) =>
  book === 'trust' ? ledgerAccount.trustBank : ledgerAccount.businessBank;

const FIXED_TYPES: Record<string, AccountType> = {
  [ledgerAccount.trustBank]: 'asset',
  [ledgerAccount.trustSuspense]: 'liability',
  [ledgerAccount.dueToAgency]: 'liability',
  [ledgerAccount.businessBank]: 'asset',
  [ledgerAccount.dueFromTrust]: 'asset',
  [ledgerAccount.commissionIncome]: 'income',
  [ledgerAccount.feeIncome]: 'income',
  [ledgerAccount.agentsCommission]: 'expense',
  [ledgerAccount.vatPayable]: 'liability',
  [ledgerAccount.bankCharges]: 'expense',
};

/** Asset, liability, income, expense or equity: what a debit or credit balance on it means. */
export function typeOf(account: string): AccountType {
  const fixed = FIXED_TYPES[account];
  if (fixed) return fixed;
  // Owners' ledgers, deposits and agents payable: money owed to someone.
  return 'liability';
}

/** The trust accounts that hold clients' money (owners, tenants' deposits, unidentified receipts). */
export const isClientMoney = (account: string) =>
  account.startsWith(ledgerAccount.property('')) ||
  account.startsWith(ledgerAccount.deposits('')) ||
  account === ledgerAccount.trustSuspense;

/** The fixed accounts of both books, in chart order (per-holder accounts follow them). */
export const FIXED_ACCOUNTS = Object.keys(FIXED_TYPES);
