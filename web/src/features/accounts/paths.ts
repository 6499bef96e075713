import { useAuth } from '../../session/index.ts';

/**
 * Accountants keep the accounts in their dashboard; admins read the same pages in theirs
 * (PRODUCT.md: property and agent accounts, commissions — admin read).
 */
export function useAccountsPaths() {
  const { user } = useAuth();
  const base = user?.role === 'admin' ? '/admin-dashboard' : '/accountant-dashboard';
  return { propertyAccounts: `${base}/property-accounts`, agentAccounts: `${base}/agent-accounts` };
}
