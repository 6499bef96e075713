import type { Role } from '@lintel/contracts';

export interface NavItem {
  label: string;
  to: string;
  /** Matches only the exact path (dashboard homes), not everything below it. */
  end?: boolean;
}

const accountantPages: NavItem[] = [
  { label: 'Home', to: '/accountant-dashboard', end: true },
  { label: 'Payments', to: '/accountant-dashboard/payments' },
  { label: 'Property accounts', to: '/accountant-dashboard/property-accounts' },
  { label: 'Owner statements', to: '/accountant-dashboard/owner-statements' },
  { label: 'Agent accounts', to: '/accountant-dashboard/agent-accounts' },
  { label: 'Commissions', to: '/accountant-dashboard/commissions' },
  { label: 'General ledger', to: '/accountant-dashboard/ledger' },
  { label: 'Bank reconciliation', to: '/accountant-dashboard/banking' },
  { label: 'Fee transfers', to: '/accountant-dashboard/transfers' },
  { label: 'VAT', to: '/accountant-dashboard/vat' },
  { label: 'Written invoices', to: '/accountant-dashboard/written-invoices' },
  { label: 'Levies', to: '/accountant-dashboard/levies' },
  { label: 'Reports', to: '/accountant-dashboard/reports' },
  { label: 'Tasks', to: '/accountant-dashboard/tasks' },
  { label: 'Data sync', to: '/accountant-dashboard/data-sync' },
  { label: 'Properties', to: '/accountant-dashboard/properties' },
  { label: 'Owners', to: '/accountant-dashboard/owners' },
  { label: 'Tenants', to: '/accountant-dashboard/tenants' },
  { label: 'Leases', to: '/leases' },
  { label: 'Settings', to: '/accountant-dashboard/settings' },
];

/** The side area's links for each role (PRODUCT.md "Screens"). */
export const NAVIGATION: Record<Role, NavItem[]> = {
  admin: [
    { label: 'Dashboard', to: '/admin-dashboard', end: true },
    { label: 'Properties', to: '/admin-dashboard/properties' },
    { label: 'Owners', to: '/admin-dashboard/owners' },
    { label: 'Tenants', to: '/admin-dashboard/tenants' },
    { label: 'Leases', to: '/leases' },
    { label: 'Company profile', to: '/admin-dashboard/company' },
    { label: 'Users', to: '/admin/users' },
    { label: 'Messages', to: '/admin/messages' },
    { label: 'Audit log', to: '/admin-dashboard/audit' },
    { label: 'Maintenance', to: '/admin/maintenance' },
    { label: 'Payments', to: '/admin/payments' },
    { label: 'Property accounts', to: '/admin-dashboard/property-accounts' },
    { label: 'Owner statements', to: '/admin-dashboard/owner-statements' },
    { label: 'Agent accounts', to: '/admin-dashboard/agent-accounts' },
    { label: 'Commissions', to: '/admin-dashboard/commissions' },
    { label: 'General ledger', to: '/admin-dashboard/ledger' },
    { label: 'Bank reconciliation', to: '/admin-dashboard/banking' },
    { label: 'Fee transfers', to: '/admin-dashboard/transfers' },
    { label: 'VAT', to: '/admin-dashboard/vat' },
    { label: 'Reports', to: '/admin-dashboard/reports' },
    { label: 'Data sync', to: '/admin-dashboard/data-sync' },
    { label: 'Tasks', to: '/admin-dashboard/tasks' },
  ],
  agent: [
    { label: 'Dashboard', to: '/agent-dashboard', end: true },
    { label: 'Properties', to: '/agent-dashboard/properties' },
    { label: 'Owners', to: '/agent-dashboard/owners' },
    { label: 'Tenants', to: '/agent-dashboard/tenants' },
    { label: 'Leases', to: '/leases' },
    { label: 'Payments', to: '/payments' },
    { label: 'Maintenance', to: '/agent-dashboard/maintenance' },
    { label: 'My commission', to: '/agent-dashboard/commission' },
    { label: 'Tasks', to: '/agent-dashboard/tasks' },
  ],
  owner: [
    { label: 'Dashboard', to: '/owner-dashboard', end: true },
    { label: 'My properties', to: '/owner-dashboard/properties' },
    { label: 'Maintenance', to: '/owner-dashboard/maintenance' },
    { label: 'Leases', to: '/leases' },
    { label: 'Payments', to: '/payments' },
  ],
  accountant: accountantPages,
  other: [{ label: 'Dashboard', to: '/dashboard', end: true }],
};
