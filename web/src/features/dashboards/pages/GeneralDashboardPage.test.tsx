import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@lintel/contracts';
import { makeCompany, makeProperty, makeUser, userWithoutCompany } from '../../../test/fixtures.ts';
import { mockHttp, type MockServer } from '../../../test/http-mock.ts';
import { currentPath } from '../../../test/render.tsx';
import { makeGeneralDashboard } from '../test/dashboard-fixtures.ts';
import { dashboardRolesAsked, ok, renderHome } from '../test/render-home.tsx';
import { GeneralDashboardPage } from './GeneralDashboardPage.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: auth.user }) }));
vi.mock('../../../session/CompanyProvider.tsx', () => ({
  useCompany: () => ({ company: makeCompany(), loading: false, error: null }),
}));
vi.mock('../../../session/PropertyProvider.tsx', () => ({
  useProperties: () => ({
    properties: [makeProperty({ name: 'Harbour View' })],
    loading: false,
    error: null,
  }),
}));

let server: MockServer;

beforeEach(() => {
  server = mockHttp();
  auth.user = makeUser({ role: 'other' });
});

describe('GeneralDashboardPage', () => {
  it('shows the company overview figures, charts and the property list', async () => {
    server.on('GET', '/dashboard/other', ok(makeGeneralDashboard()));
    renderHome('/dashboard', <GeneralDashboardPage />);

    const total = await screen.findByRole('region', { name: 'Total properties' });
    await waitFor(() => expect(total).toHaveTextContent('Total properties10'));
    expect(screen.getByRole('region', { name: 'Occupancy rate' })).toHaveTextContent('66.7%');
    expect(screen.getByRole('region', { name: 'Available' })).toHaveTextContent('2');
    expect(screen.getByRole('region', { name: 'Under maintenance' })).toHaveTextContent('1');
    const byType = screen.getByRole('region', { name: 'Properties by type' });
    expect(within(byType).getByRole('row', { name: 'Apartment 5' })).toBeInTheDocument();
    expect(within(byType).queryByRole('row', { name: /Land/ })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Properties by status' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /^Properties\s*\(1\)/ })).toHaveTextContent('Harbour View');
    expect(screen.getByRole('region', { name: 'Company' })).toHaveTextContent('Acme Lettings');
    expect(dashboardRolesAsked(server)).toEqual(['other']);
  });

  it('for a user without a company shows the way into one, asking for no company figures', async () => {
    auth.user = userWithoutCompany();
    renderHome('/dashboard', <GeneralDashboardPage />);
    expect(await screen.findByText('User is not associated with any company')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Create an agency' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Join with an invitation code' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Total properties' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Company' })).not.toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });

  it('sends a named role to its own home without asking for any dashboard', async () => {
    auth.user = makeUser({ role: 'owner' });
    renderHome('/dashboard', <GeneralDashboardPage />);
    await waitFor(() => expect(currentPath()).toBe('/owner-dashboard'));
    expect(dashboardRolesAsked(server)).toEqual([]);
  });
});
