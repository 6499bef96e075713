import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Property } from '@lintel/contracts';
import { makeFinanceSettings } from '../../../test/finance-fixtures.ts';
import { makeProperty, makeUser, USER_ID } from '../../../test/fixtures.ts';
import { mockHttp, type MockServer } from '../../../test/http-mock.ts';
import { makeAgentDashboard, MONTHS } from '../test/dashboard-fixtures.ts';
import { dashboardRolesAsked, failure, ok, renderHome } from '../test/render-home.tsx';
import { AgentHomePage } from './AgentHomePage.tsx';

vi.mock('../../../session/AuthProvider.tsx', () => ({
  useAuth: () => ({ user: makeUser({ role: 'agent' }) }),
}));
const propertyList = vi.hoisted(() => ({ properties: [] as Property[] }));
vi.mock('../../../session/PropertyProvider.tsx', () => ({
  useProperties: () => ({ ...propertyList, loading: false, error: null }),
}));
vi.mock('../../tasks/index.ts', () => ({ MyTasksCard: () => <section aria-label="My tasks" /> }));
vi.mock('../../leases/index.ts', () => ({
  EndingLeasesCard: () => <section aria-label="Leases ending within 30 days" />,
}));
vi.mock('../components/PaymentShortcutsCard.tsx', () => ({
  PaymentShortcutsCard: () => <section aria-label="Payments and commission" />,
}));

let server: MockServer;

beforeEach(() => {
  server = mockHttp();
  server.on('GET', '/settings/finance', ok(makeFinanceSettings({ currencies: ['USD'] })));
  propertyList.properties = [
    makeProperty({ name: 'Mine', agentId: USER_ID }),
    makeProperty({ name: 'Not mine', agentId: null }),
  ];
});

const region = (name: string) => screen.findByRole('region', { name });

describe('AgentHomePage', () => {
  it("shows the agent's own figures, linked to the agent's pages, and the commission and arrears charts", async () => {
    server.on('GET', '/dashboard/agent', ok(makeAgentDashboard()));
    renderHome('/agent-dashboard', <AgentHomePage />);

    const managed = await region('Properties I manage');
    await waitFor(() => expect(managed).toHaveTextContent('3 occupied · 1 available'));
    expect(within(managed).getByRole('link', { name: 'My properties' })).toHaveAttribute(
      'href',
      '/agent-dashboard/properties',
    );
    expect(await region('Occupancy rate')).toHaveTextContent('75%');
    const ending = await region('Leases ending soon');
    expect(ending).toHaveTextContent('2');
    expect(within(ending).getByRole('link', { name: 'Leases' })).toHaveAttribute('href', '/leases');
    const maintenance = await region('Open maintenance');
    expect(within(maintenance).getByRole('link', { name: 'Maintenance' })).toHaveAttribute(
      'href',
      '/agent-dashboard/maintenance',
    );
    const arrears = await region('My arrears');
    expect(arrears).toHaveTextContent('$650.00');
    // No page of the agent's lists arrears: the card links nowhere.
    expect(within(arrears).queryByRole('link')).not.toBeInTheDocument();
    const commission = await region('My commission this month');
    expect(commission).toHaveTextContent('$60.30');
    expect(within(commission).getByRole('link', { name: 'My commission' })).toHaveAttribute(
      'href',
      '/agent-dashboard/commission',
    );
    const tasks = await region('Open tasks');
    expect(tasks).toHaveTextContent('5');
    expect(tasks).toHaveTextContent('2 due today · 1 overdue');
    expect(within(tasks).getByRole('link', { name: 'Tasks' })).toHaveAttribute(
      'href',
      '/agent-dashboard/tasks',
    );

    const byMonth = screen.getByRole('region', { name: 'My commission by month' });
    const table = within(byMonth).getByRole('table', { name: 'My commission by month' });
    expect(within(table).getAllByRole('row')).toHaveLength(MONTHS.length + 1);
    expect(within(table).getByRole('row', { name: 'Nov 2026 $61.00' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Arrears by age' })).toHaveTextContent('$650.00');

    const list = screen.getByRole('region', { name: /^My properties/ });
    expect(list).toHaveTextContent('Mine');
    expect(list).not.toHaveTextContent('Not mine');
    for (const card of ['My tasks', 'Payments and commission', 'Leases ending within 30 days'])
      expect(screen.getByRole('region', { name: card })).toBeInTheDocument();
    expect(dashboardRolesAsked(server)).toEqual(['agent']);
  });

  it('says so when no commission has been earned yet', async () => {
    server.on(
      'GET',
      '/dashboard/agent',
      ok(makeAgentDashboard({ commissionByMonth: MONTHS.map((month) => ({ month, amount: 0 })) })),
    );
    renderHome('/agent-dashboard', <AgentHomePage />);
    const byMonth = await region('My commission by month');
    await waitFor(() => expect(byMonth).toHaveTextContent(/No commission in the last 12 months yet/));
    expect(within(byMonth).queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the error and keeps the property list', async () => {
    server.on('GET', '/dashboard/agent', failure(500, 'Figures unavailable.'));
    renderHome('/agent-dashboard', <AgentHomePage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Figures unavailable.');
    expect(screen.queryByRole('region', { name: 'My commission by month' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: /^My properties/ })).toHaveTextContent('Mine');
  });
});
