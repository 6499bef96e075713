import type { Tx } from '../../db/client.ts';
import { isUuid, type Ctx } from '../../db/scope.ts';
import { ledgerAccount } from './accounts.ts';
import { holderNames } from './general-repo.ts';

type Scope = Pick<Ctx, 'companyId'>;

export const FIXED_LABELS: Record<string, string> = {
  [ledgerAccount.trustBank]: 'Trust bank',
  [ledgerAccount.trustSuspense]: 'Suspense (unidentified receipts)',
  [ledgerAccount.dueToAgency]: 'Due to the agency',
  [ledgerAccount.businessBank]: 'Business bank',
  [ledgerAccount.dueFromTrust]: 'Due from trust',
  [ledgerAccount.commissionIncome]: 'Commission income',
  [ledgerAccount.feeIncome]: 'Fee income',
  [ledgerAccount.agentsCommission]: "Agents' commission",
  [ledgerAccount.vatPayable]: 'VAT payable',
  [ledgerAccount.bankCharges]: 'Bank charges',
};

const idAfter = (account: string, prefix: string) =>
  account.startsWith(prefix) ? account.slice(prefix.length) : undefined;

/** Human labels for ledger accounts: "Owner ledger — Rose Court", "Trust bank", ... */
export async function accountLabels(tx: Tx, scope: Scope, accounts: Iterable<string>) {
  const list = [...new Set(accounts)];
  const idsOf = (prefix: string) =>
    list.map((account) => idAfter(account, prefix)).filter((id): id is string => !!id && isUuid(id));
  const names = await holderNames(tx, scope, {
    propertyIds: idsOf(ledgerAccount.property('')),
    leaseIds: idsOf(ledgerAccount.deposits('')),
    userIds: idsOf(ledgerAccount.agent('')),
  });
  const property = new Map(names.property.map((row) => [row.id, row.name]));
  const lease = new Map(names.lease.map((row) => [row.id, `${row.tenantName}, ${row.propertyName}`]));
  const user = new Map(names.user.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim()]));
  const labels = new Map<string, string>();
  for (const account of list) {
    const fixed = FIXED_LABELS[account];
    const propertyId = idAfter(account, ledgerAccount.property(''));
    const leaseId = idAfter(account, ledgerAccount.deposits(''));
    const agentId = idAfter(account, ledgerAccount.agent(''));
    labels.set(
      account,
      fixed ??
        (propertyId !== undefined
          ? `Owner ledger — ${property.get(propertyId) ?? propertyId}`
          : leaseId !== undefined
            ? `Deposit — ${lease.get(leaseId) ?? leaseId}`
            : agentId !== undefined
              ? `Agents payable — ${user.get(agentId) ?? agentId}`
              : account),
    );
  }
  return labels;
}
