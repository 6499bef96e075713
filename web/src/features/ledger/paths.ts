import { useAuth } from '../../session/index.ts';

/** The general ledger lives in the accountant's dashboard; admins read it in theirs. */
export function useLedgerPaths() {
  const { user } = useAuth();
  const base = `${user?.role === 'admin' ? '/admin-dashboard' : '/accountant-dashboard'}/ledger`;
  return { ledger: base, account: (account: string) => `${base}/accounts/${encodeURIComponent(account)}` };
}
