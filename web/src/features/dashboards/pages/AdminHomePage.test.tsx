import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeFinanceSettings } from '../../../test/finance-fixtures.ts';
import { makeCompany, makeUser } from '../../../test/fixtures.ts';
import { mockHttp, type MockServer } from '../../../test/http-mock.ts';
import { makeAdminDashboard, makeCounts } from '../test/dashboard-fixtures.ts';
import { dashboardRolesAsked, failure, ok, renderHome } from '../test/render-home.tsx';
import { AdminHomePage } from './AdminHomePage.tsx';

vi.mock('../../../session/AuthProvider.tsx', () => ({
  useAuth: () => ({ user: makeUser({ role: 'admin' }) }),
}));
vi.mock('../../../session/CompanyProvider.tsx', () => ({
  useCompany: () => ({ company: makeCompany(), loading: false, error: null }),
}));
vi.mock('../../tasks/index.ts', () => ({ MyTasksCard: () => <section aria-label="My tasks" /> }));
vi.mock('../../leases/index.ts', () => ({
  EndingLeasesCard: () => <section aria-label="Leases ending within 30 days" />,
}));

let server: MockServer;

beforeEach(() => {
  server = mockHttp();
  server.on('GET', '/settings/finance', ok(makeFinanceSettings({ currencies: ['USD'] })));
});

const region = (name: string) => screen.findByRole('region', { name });

describe('AdminHomePage', () => {
  it('shows the company KPIs, each with the page behind it, and the charts with their figures', async () => {
    server.on('GET', '/dashboard/admin', ok(makeAdminDashboard()));
    renderHome('/admin-dashboard', <AdminHomePage />);

    const properties = await region('Properties');
    await waitFor(() => expect(properties).toHaveTextContent(/^Properties10/));
    expect(properties).toHaveTextContent('6 occupied · 2 available');
    expect(within(properties).getByRole('link', { name: 'Properties' })).toHaveAttribute(
      'href',
      '/admin-dashboard/properties',
    );
    const occupancy = await region('Occupancy rate');
    expect(occupancy).toHaveTextContent('66.7%');
    expect(occupancy).toHaveTextContent('6 of 9 lettable let');
    const users = await region('Users');
    expect(users).toHaveTextContent('14');
    expect(within(users).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
    const maintenance = await region('Open maintenance');
    expect(maintenance).toHaveTextContent('5');
    expect(maintenance).toHaveTextContent('2 waiting for approval');
    expect(within(maintenance).getByRole('link', { name: 'Maintenance' })).toHaveAttribute(
      'href',
      '/admin/maintenance',
    );
    const payments = await region('Payments this month');
    expect(payments).toHaveTextContent('$15,000.00');
    expect(payments).toHaveTextContent('14 payments of rent and other income');
    expect(within(payments).getByRole('link', { name: 'Payments' })).toHaveAttribute(
      'href',
      '/admin/payments',
    );
    const audit = await region('Audit entries');
    expect(audit).toHaveTextContent('Audit entries85In the last 30 days');
    expect(within(audit).getByRole('link', { name: 'Audit log' })).toHaveAttribute(
      'href',
      '/admin-dashboard/audit',
    );

    const income = screen.getByRole('region', { name: 'Income by month' });
    expect(within(income).getAllByRole('row')).toHaveLength(13);
    const byStatus = screen.getByRole('region', { name: 'Properties by status' });
    expect(within(byStatus).getByRole('row', { name: 'Under maintenance 1' })).toBeInTheDocument();
    const byRole = screen.getByRole('region', { name: 'Users by role' });
    expect(within(byRole).getByRole('row', { name: 'Team member 1' })).toBeInTheDocument();
    const maintenanceChart = screen.getByRole('region', { name: 'Maintenance by status' });
    expect(within(maintenanceChart).getByRole('row', { name: 'In progress 2' })).toBeInTheDocument();
    const activity = screen.getByRole('region', { name: 'Audit activity' });
    expect(within(activity).getAllByRole('row')).toHaveLength(31);
    expect(activity).toHaveTextContent('Busiest day: 7 Oct, 6 entries.');

    expect(screen.getByRole('region', { name: 'Quick links' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'My tasks' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Leases ending within 30 days' })).toBeInTheDocument();
    expect(screen.queryByText('Coming next')).not.toBeInTheDocument();
    expect(dashboardRolesAsked(server)).toEqual(['admin']);
  });

  it('says there is nothing yet instead of drawing empty charts', async () => {
    server.on(
      'GET',
      '/dashboard/admin',
      ok(
        makeAdminDashboard({
          properties: makeCounts({
            total: 0,
            occupied: 0,
            available: 0,
            underMaintenance: 0,
            inactive: 0,
            occupancyRateBp: null,
          }),
          openMaintenance: { total: 0, byStatus: [] },
          auditActivity: [],
        }),
      ),
    );
    renderHome('/admin-dashboard', <AdminHomePage />);
    const byStatus = await region('Properties by status');
    await waitFor(() => expect(byStatus).toHaveTextContent('No properties yet.'));
    expect(screen.getByRole('region', { name: 'Maintenance by status' })).toHaveTextContent(
      'No open maintenance requests.',
    );
    expect(screen.getByRole('region', { name: 'Audit activity' })).toHaveTextContent(
      'Nothing recorded in the last 30 days.',
    );
    const occupancy = screen.getByRole('region', { name: 'Occupancy rate' });
    expect(occupancy).toHaveTextContent('—');
    expect(occupancy).toHaveTextContent('No lettable property yet');
  });

  it('shows the error when the figures cannot be loaded', async () => {
    server.on('GET', '/dashboard/admin', failure(500, 'Something went wrong on our side.'));
    renderHome('/admin-dashboard', <AdminHomePage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    expect(screen.queryByRole('region', { name: 'Users by role' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Quick links' })).toBeInTheDocument();
  });
});
