import { createBrowserRouter, Outlet, useRouteError, type RouteObject } from 'react-router';
import type { Role } from '@lintel/contracts';
import { ErrorScreen } from '../components/ErrorBoundary.tsx';
import { ProtectedRoute } from '../features/auth/index.ts';
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
const AuditLogPage = lazyPage(() => import('../features/audit/pages/AuditLogPage.tsx'), 'AuditLogPage');
const ProfilePage = lazyPage(() => import('../features/profile/pages/ProfilePage.tsx'), 'ProfilePage');
const SettingsPage = lazyPage(() => import('../features/profile/pages/SettingsPage.tsx'), 'SettingsPage');

function RouteError() {
  const error = useRouteError();
  return <ErrorScreen message={error instanceof Error ? error.message : undefined} />;
}

const guarded = (element: React.ReactNode, roles?: readonly Role[]) => (
  <ProtectedRoute roles={roles}>{element}</ProtectedRoute>
);

/** Pages that work for a signed-in user without a company as well. */
const guardedWithoutCompany = (element: React.ReactNode) => (
  <ProtectedRoute openWithoutCompany>{element}</ProtectedRoute>
);

/** Owner and tenant registers, inside each staff dashboard. */
const peopleRoutes: RouteObject[] = [
  { path: 'owners', element: <OwnersPage /> },
  { path: 'tenants', element: <TenantsPage /> },
  { path: 'tenants/:tenantId', element: <TenantDetailPage /> },
];

/** The books: kept in the accountant's dashboard, read in the admin's. */
const accountRoutes: RouteObject[] = [
  { path: 'property-accounts', element: <PropertyAccountsPage /> },
  { path: 'property-accounts/:propertyId', element: <PropertyAccountPage /> },
  { path: 'agent-accounts', element: <AgentAccountsPage /> },
  { path: 'agent-accounts/:agentId', element: <AgentAccountPage /> },
  { path: 'commissions', element: <CommissionsPage /> },
  { path: 'ledger', element: <GeneralLedgerPage /> },
  { path: 'ledger/accounts/:account', element: <LedgerAccountPage /> },
  { path: 'transfers', element: <TransfersPage /> },
  { path: 'vat', element: <VatPage /> },
  { path: 'banking', element: <BankAccountsPage /> },
  { path: 'banking/suspense', element: <SuspensePage /> },
  { path: 'banking/:id', element: <BankAccountPage /> },
];

const dashboard = (
  path: string,
  role: Role,
  home: React.ReactNode,
  children: RouteObject[],
): RouteObject => ({
  path,
  element: guarded(<Outlet />, [role]),
  children: [{ index: true, element: home }, ...children, { path: '*', element: <NotFoundPage /> }],
});

export const routes: RouteObject[] = [
  {
    element: <RootProviders />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
      { path: '/admin-signup', element: <AdminSignupPage /> },
      {
        element: <SignedInLayout />,
        children: [
          { path: '/dashboard', element: guardedWithoutCompany(<GeneralDashboardPage />) },
          dashboard('/admin-dashboard', 'admin', <AdminHomePage />, [
            { path: 'properties', element: <PropertiesPage /> },
            ...peopleRoutes,
            { path: 'audit', element: <AuditLogPage /> },
            { path: 'company', element: <CompanyProfilePage /> },
            { path: 'tasks', element: <TasksPage /> },
            ...accountRoutes,
            { path: 'reports', element: <ReportsPage /> },
            { path: 'data-sync', element: <DataSyncPage /> },
          ]),
          dashboard('/agent-dashboard', 'agent', <AgentHomePage />, [
            { path: 'properties', element: <PropertiesPage /> },
            ...peopleRoutes,
            { path: 'commission', element: <AgentAccountPage /> },
            { path: 'maintenance', element: <MaintenancePage /> },
            { path: 'tasks', element: <TasksPage /> },
          ]),
          dashboard('/owner-dashboard', 'owner', <OwnerHomePage />, [
            { path: 'properties', element: <PropertiesPage /> },
            { path: 'maintenance', element: <MaintenancePage /> },
          ]),
          dashboard('/accountant-dashboard', 'accountant', <AccountantHomePage />, [
            { path: 'properties', element: <PropertiesPage /> },
            ...peopleRoutes,
            { path: 'payments', element: <PaymentsPage /> },
            ...accountRoutes,
            { path: 'written-invoices', element: <WrittenInvoicesPage /> },
            { path: 'settings', element: <FinanceSettingsPage /> },
            { path: 'levies', element: <LeviesPage /> },
            { path: 'reports', element: <ReportsPage /> },
            { path: 'tasks', element: <TasksPage /> },
            { path: 'data-sync', element: <DataSyncPage /> },
          ]),
          { path: '/admin/users', element: guarded(<UsersPage />, ['admin']) },
          { path: '/admin/maintenance', element: guarded(<MaintenancePage />, ['admin']) },
          {
            path: '/maintenance/:id',
            element: guarded(<MaintenanceRequestPage />, ['admin', 'accountant', 'agent', 'owner']),
          },
          { path: '/admin/payments', element: guarded(<PaymentsPage />, ['admin']) },
          { path: '/leases', element: guarded(<LeasesPage />) },
          { path: '/leases/:leaseId', element: guarded(<LeaseDetailPage />) },
          { path: '/test-auth', element: guardedWithoutCompany(<TestAuthPage />) },
          { path: '/profile', element: guarded(<ProfilePage />) },
          { path: '/settings', element: guarded(<SettingsPage />) },
          {
            path: '/payments',
            element: guarded(<PaymentsPage />, ['admin', 'accountant', 'agent', 'owner']),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
