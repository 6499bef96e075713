import { Outlet, useRoutes, type RouteObject } from 'react-router';
import type { Role } from '@lintel/contracts';
import { ProtectedRoute } from '../features/auth/index.ts';
import { PageTitleProvider, type RouteHandle } from '../components/page-title.tsx';
import { lazyPage } from './lazy-page.tsx';
import { RootProviders } from './RootProviders.tsx';

// Every page is its own chunk (SPEC §2: pages load on demand); so is the signed-in shell.
const SignedInLayout = lazyPage(() => import('./layout/SignedInLayout.tsx'), 'SignedInLayout');
const LandingPage = lazyPage(() => import('../features/landing/pages/LandingPage.tsx'), 'LandingPage');
const LoginPage = lazyPage(() => import('../features/auth/pages/LoginPage.tsx'), 'LoginPage');
const SignupPage = lazyPage(() => import('../features/auth/pages/SignupPage.tsx'), 'SignupPage');
const AdminSignupPage = lazyPage(
  () => import('../features/auth/pages/AdminSignupPage.tsx'),
  'AdminSignupPage',
);
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/pages/ForgotPasswordPage.tsx'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/pages/ResetPasswordPage.tsx'),
  'ResetPasswordPage',
);
const TestAuthPage = lazyPage(() => import('../features/auth/pages/TestAuthPage.tsx'), 'TestAuthPage');
const AdminHomePage = lazyPage(
  () => import('../features/dashboards/pages/AdminHomePage.tsx'),
  'AdminHomePage',
);
const AgentHomePage = lazyPage(
  () => import('../features/dashboards/pages/AgentHomePage.tsx'),
  'AgentHomePage',
);
const OwnerHomePage = lazyPage(
  () => import('../features/dashboards/pages/OwnerHomePage.tsx'),
  'OwnerHomePage',
);
const AccountantHomePage = lazyPage(
  () => import('../features/dashboards/pages/AccountantHomePage.tsx'),
  'AccountantHomePage',
);
const GeneralDashboardPage = lazyPage(
  () => import('../features/dashboards/pages/GeneralDashboardPage.tsx'),
  'GeneralDashboardPage',
);
const PaymentsPage = lazyPage(() => import('../features/payments/pages/PaymentsPage.tsx'), 'PaymentsPage');
const FinanceSettingsPage = lazyPage(
  () => import('../features/finance/pages/FinanceSettingsPage.tsx'),
  'FinanceSettingsPage',
);
const PropertyAccountsPage = lazyPage(
  () => import('../features/accounts/pages/PropertyAccountsPage.tsx'),
  'PropertyAccountsPage',
);
const PropertyAccountPage = lazyPage(
  () => import('../features/accounts/pages/PropertyAccountPage.tsx'),
  'PropertyAccountPage',
);
const AgentAccountsPage = lazyPage(
  () => import('../features/accounts/pages/AgentAccountsPage.tsx'),
  'AgentAccountsPage',
);
const AgentAccountPage = lazyPage(
  () => import('../features/accounts/pages/AgentAccountPage.tsx'),
  'AgentAccountPage',
);
const CommissionsPage = lazyPage(
  () => import('../features/accounts/pages/CommissionsPage.tsx'),
  'CommissionsPage',
);
const GeneralLedgerPage = lazyPage(
  () => import('../features/ledger/pages/GeneralLedgerPage.tsx'),
  'GeneralLedgerPage',
);
const LedgerAccountPage = lazyPage(
  () => import('../features/ledger/pages/LedgerAccountPage.tsx'),
  'LedgerAccountPage',
);
const TransfersPage = lazyPage(
  () => import('../features/transfers/pages/TransfersPage.tsx'),
  'TransfersPage',
);
const BankAccountsPage = lazyPage(
  () => import('../features/banking/pages/BankAccountsPage.tsx'),
  'BankAccountsPage',
);
const BankAccountPage = lazyPage(
  () => import('../features/banking/pages/BankAccountPage.tsx'),
  'BankAccountPage',
);
const SuspensePage = lazyPage(() => import('../features/banking/pages/SuspensePage.tsx'), 'SuspensePage');
const VatPage = lazyPage(() => import('../features/transfers/pages/VatPage.tsx'), 'VatPage');
const LeviesPage = lazyPage(() => import('../features/levies/pages/LeviesPage.tsx'), 'LeviesPage');
const WrittenInvoicesPage = lazyPage(
  () => import('../features/invoices/pages/WrittenInvoicesPage.tsx'),
  'WrittenInvoicesPage',
);
const TasksPage = lazyPage(() => import('../features/tasks/pages/TasksPage.tsx'), 'TasksPage');
const MaintenancePage = lazyPage(
  () => import('../features/maintenance/pages/MaintenancePage.tsx'),
  'MaintenancePage',
);
const MaintenanceRequestPage = lazyPage(
  () => import('../features/maintenance/pages/MaintenanceRequestPage.tsx'),
  'MaintenanceRequestPage',
);
const ReportsPage = lazyPage(() => import('../features/reports/pages/ReportsPage.tsx'), 'ReportsPage');
const DataSyncPage = lazyPage(() => import('../features/data-sync/pages/DataSyncPage.tsx'), 'DataSyncPage');
const NotFoundPage = lazyPage(() => import('../features/dashboards/pages/NotFoundPage.tsx'), 'NotFoundPage');
const PropertiesPage = lazyPage(
  () => import('../features/properties/pages/PropertiesPage.tsx'),
  'PropertiesPage',
);
const CompanyProfilePage = lazyPage(
  () => import('../features/company/pages/CompanyProfilePage.tsx'),
  'CompanyProfilePage',
);
const UsersPage = lazyPage(() => import('../features/users/pages/UsersPage.tsx'), 'UsersPage');
const LeasesPage = lazyPage(() => import('../features/leases/pages/LeasesPage.tsx'), 'LeasesPage');
const LeaseDetailPage = lazyPage(
  () => import('../features/leases/pages/LeaseDetailPage.tsx'),
  'LeaseDetailPage',
);
const OwnersPage = lazyPage(() => import('../features/owners/pages/OwnersPage.tsx'), 'OwnersPage');
const TenantsPage = lazyPage(() => import('../features/tenants/pages/TenantsPage.tsx'), 'TenantsPage');
const TenantDetailPage = lazyPage(
  () => import('../features/tenants/pages/TenantDetailPage.tsx'),
  'TenantDetailPage',
);
const OwnerStatementsPage = lazyPage(
  () => import('../features/owner-statements/pages/OwnerStatementsPage.tsx'),
  'OwnerStatementsPage',
);
const OptOutPage = lazyPage(() => import('../features/mail/pages/OptOutPage.tsx'), 'OptOutPage');
const MessagesPage = lazyPage(() => import('../features/mail/pages/MessagesPage.tsx'), 'MessagesPage');
const AuditLogPage = lazyPage(() => import('../features/audit/pages/AuditLogPage.tsx'), 'AuditLogPage');
const ProfilePage = lazyPage(() => import('../features/profile/pages/ProfilePage.tsx'), 'ProfilePage');
const SettingsPage = lazyPage(() => import('../features/profile/pages/SettingsPage.tsx'), 'SettingsPage');

/** The browser tab's name for a route (components/page-title.tsx). */
const title = (text: string): RouteHandle => ({ title: text });

const guarded = (element: React.ReactNode, roles?: readonly Role[]) => (
  <ProtectedRoute roles={roles}>{element}</ProtectedRoute>
);

/** Pages that work for a signed-in user without a company as well. */
const guardedWithoutCompany = (element: React.ReactNode) => (
  <ProtectedRoute openWithoutCompany>{element}</ProtectedRoute>
);

/** Owner and tenant registers, inside each staff dashboard. */
const peopleRoutes: RouteObject[] = [
  { path: 'owners', element: <OwnersPage />, handle: title('Owners') },
  { path: 'tenants', element: <TenantsPage />, handle: title('Tenants') },
  { path: 'tenants/:tenantId', element: <TenantDetailPage />, handle: title('Tenant') },
];

/** The books: kept in the accountant's dashboard, read in the admin's. */
const accountRoutes: RouteObject[] = [
  { path: 'property-accounts', element: <PropertyAccountsPage />, handle: title('Property accounts') },
  {
    path: 'property-accounts/:propertyId',
    element: <PropertyAccountPage />,
    handle: title('Property account'),
  },
  { path: 'agent-accounts', element: <AgentAccountsPage />, handle: title('Agent accounts') },
  { path: 'agent-accounts/:agentId', element: <AgentAccountPage />, handle: title('Agent account') },
  { path: 'commissions', element: <CommissionsPage />, handle: title('Commissions') },
  { path: 'owner-statements', element: <OwnerStatementsPage />, handle: title('Owner statements') },
  { path: 'ledger', element: <GeneralLedgerPage />, handle: title('General ledger') },
  { path: 'ledger/accounts/:account', element: <LedgerAccountPage />, handle: title('Account statement') },
  { path: 'transfers', element: <TransfersPage />, handle: title('Fee transfers') },
  { path: 'vat', element: <VatPage />, handle: title('VAT') },
  { path: 'banking', element: <BankAccountsPage />, handle: title('Bank reconciliation') },
  { path: 'banking/suspense', element: <SuspensePage />, handle: title('Trust suspense') },
  { path: 'banking/:id', element: <BankAccountPage />, handle: title('Bank account') },
];

const dashboard = (
  path: string,
  role: Role,
  home: React.ReactNode,
  children: RouteObject[],
): RouteObject => ({
  path,
  element: guarded(<Outlet />, [role]),
  children: [
    { index: true, element: home, handle: title('Dashboard') },
    ...children,
    { path: '*', element: <NotFoundPage />, handle: title('Page not found') },
  ],
});

export const routes: RouteObject[] = [
  {
    element: <RootProviders />,
    children: [
      { path: '/', element: <LandingPage />, handle: title('Property management for agencies') },
      { path: '/login', element: <LoginPage />, handle: title('Sign in') },
      { path: '/signup', element: <SignupPage />, handle: title('Create your account') },
      { path: '/admin-signup', element: <AdminSignupPage />, handle: title('Start your agency') },
      { path: '/forgot-password', element: <ForgotPasswordPage />, handle: title('Forgot password') },
      { path: '/reset-password', element: <ResetPasswordPage />, handle: title('Set a new password') },
      { path: '/opt-out', element: <OptOutPage />, handle: title('Email preferences') },
      {
        element: <SignedInLayout />,
        children: [
          {
            path: '/dashboard',
            element: guardedWithoutCompany(<GeneralDashboardPage />),
            handle: title('Dashboard'),
          },
          dashboard('/admin-dashboard', 'admin', <AdminHomePage />, [
            { path: 'properties', element: <PropertiesPage />, handle: title('Properties') },
            ...peopleRoutes,
            { path: 'audit', element: <AuditLogPage />, handle: title('Audit log') },
            { path: 'company', element: <CompanyProfilePage />, handle: title('Company profile') },
            { path: 'tasks', element: <TasksPage />, handle: title('Tasks') },
            ...accountRoutes,
            { path: 'reports', element: <ReportsPage />, handle: title('Reports') },
            { path: 'data-sync', element: <DataSyncPage />, handle: title('Data sync') },
          ]),
          dashboard('/agent-dashboard', 'agent', <AgentHomePage />, [
            { path: 'properties', element: <PropertiesPage />, handle: title('Properties') },
            ...peopleRoutes,
            { path: 'commission', element: <AgentAccountPage />, handle: title('My commission') },
            { path: 'maintenance', element: <MaintenancePage />, handle: title('Maintenance') },
            { path: 'tasks', element: <TasksPage />, handle: title('Tasks') },
          ]),
          dashboard('/owner-dashboard', 'owner', <OwnerHomePage />, [
            { path: 'properties', element: <PropertiesPage />, handle: title('Properties') },
            { path: 'maintenance', element: <MaintenancePage />, handle: title('Maintenance') },
          ]),
          dashboard('/accountant-dashboard', 'accountant', <AccountantHomePage />, [
            { path: 'properties', element: <PropertiesPage />, handle: title('Properties') },
            ...peopleRoutes,
            { path: 'payments', element: <PaymentsPage />, handle: title('Payments') },
            ...accountRoutes,
            { path: 'written-invoices', element: <WrittenInvoicesPage />, handle: title('Written invoices') },
            { path: 'settings', element: <FinanceSettingsPage />, handle: title('Accounting settings') },
            { path: 'levies', element: <LeviesPage />, handle: title('Levies') },
            { path: 'reports', element: <ReportsPage />, handle: title('Reports') },
            { path: 'tasks', element: <TasksPage />, handle: title('Tasks') },
            { path: 'data-sync', element: <DataSyncPage />, handle: title('Data sync') },
          ]),
          { path: '/admin/users', element: guarded(<UsersPage />, ['admin']), handle: title('Users') },
          {
            path: '/admin/messages',
            element: guarded(<MessagesPage />, ['admin']),
            handle: title('Messages'),
          },
          {
            path: '/admin/maintenance',
            element: guarded(<MaintenancePage />, ['admin']),
            handle: title('Maintenance'),
          },
          {
            path: '/maintenance/:id',
            element: guarded(<MaintenanceRequestPage />, ['admin', 'accountant', 'agent', 'owner']),
            handle: title('Maintenance request'),
          },
          {
            path: '/admin/payments',
            element: guarded(<PaymentsPage />, ['admin']),
            handle: title('Payments'),
          },
          { path: '/leases', element: guarded(<LeasesPage />), handle: title('Leases') },
          { path: '/leases/:leaseId', element: guarded(<LeaseDetailPage />), handle: title('Lease') },
          {
            path: '/test-auth',
            element: guardedWithoutCompany(<TestAuthPage />),
            handle: title('Session check'),
          },
          { path: '/profile', element: guarded(<ProfilePage />), handle: title('Profile') },
          { path: '/settings', element: guarded(<SettingsPage />), handle: title('Settings') },
          {
            path: '/payments',
            element: guarded(<PaymentsPage />, ['admin', 'accountant', 'agent', 'owner']),
            handle: title('Payments'),
          },
          { path: '*', element: <NotFoundPage />, handle: title('Page not found') },
        ],
      },
    ],
  },
];

/**
 * The screen for the browser's address, and the tab's title. React Router's declarative mode:
 * Lintel loads its data through TanStack Query, so the data router's loaders, actions and fetchers
 * went unused, yet were about 18 kB gzip of every page. A render error reaches the app's
 * ErrorBoundary (main.tsx).
 */
export function AppRoutes() {
  const screen = useRoutes(routes);
  return <PageTitleProvider routes={routes}>{screen}</PageTitleProvider>;
}
