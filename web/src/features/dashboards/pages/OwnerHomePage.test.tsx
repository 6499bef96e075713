import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProperty, makeUser } from '../../../test/fixtures.ts';
import { mockHttp, type MockServer } from '../../../test/http-mock.ts';
import { makeOwnerDashboard, MONTHS } from '../test/dashboard-fixtures.ts';
import { dashboardRolesAsked, failure, ok, renderHome } from '../test/render-home.tsx';
import type * as AccountsFeature from '../../accounts/index.ts';
import { OwnerHomePage } from './OwnerHomePage.tsx';

vi.mock('../../../session/AuthProvider.tsx', () => ({
  useAuth: () => ({ user: makeUser({ role: 'owner' }) }),
}));
vi.mock('../../../session/PropertyProvider.tsx', () => ({
  useProperties: () => ({
    properties: [makeProperty({ name: 'Owned Cottage' })],
    loading: false,
    error: null,
  }),
}));
vi.mock('../../leases/index.ts', () => ({
  EndingLeasesCard: () => <section aria-label="Leases ending within 30 days" />,
}));
vi.mock('../../levies/index.ts', () => ({ OwnerLeviesCard: () => <section aria-label="Levies" /> }));
vi.mock('../../accounts/index.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof AccountsFeature>()),
  OwnerStatementCard: () => <section aria-label="My statement" />,
}));

let server: MockServer;

beforeEach(() => {
  server = mockHttp();
});

const region = (name: string) => screen.findByRole('region', { name });

describe('OwnerHomePage', () => {
  it("shows the owner's money received, maintenance waiting on them and the latest statement", async () => {
    server.on('GET', '/dashboard/owner', ok(makeOwnerDashboard()));
    renderHome('/owner-dashboard', <OwnerHomePage />);

    const owned = await region('Properties owned');
    await waitFor(() => expect(owned).toHaveTextContent('2 occupied · 1 available'));
    expect(await region('Occupancy rate')).toHaveTextContent('66.7%');
    const month = await region('Received this month');
    expect(month).toHaveTextContent('$1,800.00');
    expect(within(month).getByRole('link', { name: 'Payments' })).toHaveAttribute('href', '/payments');
    const year = await region('Received this year');
    expect(year).toHaveTextContent('$19,800.00');
    expect(year).toHaveTextContent('Since 1 January 2026');
    const approvals = await region('Approvals waiting');
    expect(approvals).toHaveTextContent('2');
    expect(within(approvals).getByRole('link', { name: 'Maintenance' })).toHaveAttribute(
      'href',
      '/owner-dashboard/maintenance',
    );
    expect(await region('Open maintenance')).toHaveTextContent('1');

    const byMonth = screen.getByRole('region', { name: 'Received by month' });
    expect(within(byMonth).getAllByRole('row')).toHaveLength(MONTHS.length + 1);
    const statement = screen.getByRole('region', { name: 'Latest statement' });
    expect(statement).toHaveTextContent('Oct 2026');
    expect(statement).toHaveTextContent('Opening balance$500.00');
    expect(statement).toHaveTextContent('Money in$1,800.00');
    expect(statement).toHaveTextContent('Money out$1,500.00');
    expect(statement).toHaveTextContent('Closing balance$800.00');

    expect(screen.getByRole('region', { name: /^My properties/ })).toHaveTextContent('Owned Cottage');
    for (const card of ['Leases ending within 30 days', 'Levies', 'My statement'])
      expect(screen.getByRole('region', { name: card })).toBeInTheDocument();
    // Owners may not read the finance settings: no currency picker, and no call for it.
    expect(screen.queryByRole('combobox', { name: 'Currency' })).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/settings/finance')).toEqual([]);
    expect(dashboardRolesAsked(server)).toEqual(['owner']);
  });

  it('says when there is no statement or money yet', async () => {
    server.on(
      'GET',
      '/dashboard/owner',
      ok(
        makeOwnerDashboard({
          latestStatement: null,
          receivedByMonth: MONTHS.map((month) => ({ month, amount: 0 })),
        }),
      ),
    );
    renderHome('/owner-dashboard', <OwnerHomePage />);
    const statement = await region('Latest statement');
    await waitFor(() => expect(statement).toHaveTextContent(/No statement yet/));
    expect(screen.getByRole('region', { name: 'Received by month' })).toHaveTextContent(
      /Nothing received in the last 12 months yet/,
    );
  });

  it('shows the error when the figures cannot be loaded', async () => {
    server.on('GET', '/dashboard/owner', failure(500, 'Figures unavailable.'));
    renderHome('/owner-dashboard', <OwnerHomePage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Figures unavailable.');
    expect(screen.queryByRole('region', { name: 'Latest statement' })).not.toBeInTheDocument();
  });
});
