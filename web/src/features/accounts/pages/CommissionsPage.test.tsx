import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@lintel/contracts';
import { makeFinanceSettings } from '../../../test/finance-fixtures.ts';
import { makeUser } from '../../../test/fixtures.ts';
import { mockHttp, type MockServer, ok } from '../../../test/http-mock.ts';
import { renderAt, withProviders } from '../../../test/render.tsx';
import { CommissionsPage } from './CommissionsPage.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: auth.user }) }));

let server: MockServer;

const figures = (collected: number) => ({
  collected,
  commission: 10000,
  agentShare: 6000,
  agencyShare: 4000,
  vat: 0,
});

beforeEach(() => {
  server = mockHttp();
  server.on('GET', '/settings/finance', ok(makeFinanceSettings()));
});

describe('CommissionsPage', () => {
  it('shows commission by agent with a total row, and by month', async () => {
    server.on(
      'GET',
      '/commissions',
      ok({
        currency: 'USD',
        from: '2025-12-01',
        to: '2026-11-23',
        byAgent: [
          { agentId: null, agentName: 'Agency', ...figures(100000) },
          { agentId: '00000000-0000-4000-8000-000000000001', agentName: 'Ann Agent', ...figures(200000) },
        ],
        byMonth: [{ month: '2026-11', ...figures(300000) }],
        totals: figures(300000),
      }),
    );
    auth.user = makeUser({ role: 'accountant' });
    renderAt('/', withProviders(<CommissionsPage />));

    const byAgent = await screen.findByRole('table', { name: 'Commission by agent' });
    const agentRows = within(byAgent).getAllByRole('row');
    expect(agentRows.map((row) => row.firstChild?.textContent)).toEqual([
      'Agent',
      'Agency',
      'Ann Agent',
      'Total',
    ]);
    expect(within(agentRows[3]!).getByText('$3,000.00')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'By agent' })).toContainElement(byAgent);

    const byMonth = screen.getByRole('table', { name: 'Commission by month' });
    const monthRows = within(byMonth).getAllByRole('row');
    expect(monthRows).toHaveLength(2);
    expect(
      within(monthRows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Month', 'Collected', 'Commission', 'Agent share', 'Agency share', 'VAT']);
    expect(screen.getByRole('region', { name: 'By month' })).toContainElement(byMonth);
  });
});
