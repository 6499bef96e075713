/** Ledger account names (PRODUCT.md "Ledger"): one string per account, ids embedded. */
export const ledgerAccount = {
  trustBank: 'trust:bank',
  agencyRevenue: 'agency:revenue',
  agencyVat: 'agency:vat',
  property: (propertyId: string) => `property:${propertyId}`,
  agent: (agentId: string) => `agent:${agentId}`,
  deposits: (leaseId: string) => `deposits:${leaseId}`,
} as const;

/** Accounts that hold money for someone (owners, agents, tenants' deposits, the agency). */
export const isHeldForOthers = (account: string) => account !== ledgerAccount.trustBank;
