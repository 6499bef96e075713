import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DueToAgency, User } from '@lintel/contracts';
import { makeUser, uuid } from '../../../test/fixtures.ts';
import { page, mockHttp, type MockServer, ok } from '../../../test/http-mock.ts';
import { renderAt, withProviders } from '../../../test/render.tsx';
import { TransfersPage } from './TransfersPage.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: auth.user }) }));

let server: MockServer;

const due = (overrides: Partial<DueToAgency> = {}): DueToAgency => ({
  currency: 'USD',
  amount: 23000,
  since: '2026-10-01',
  ageDays: 56,
  limitDays: 31,
  overdue: true,
  ...overrides,
});

beforeEach(() => {
  server = mockHttp();
  server.on('GET', '/ledger/transfers', page([]));
});

describe('TransfersPage', () => {
  it('shows what is due per currency, flags it past the limit, and transfers it after asking', async () => {
    let current = [due(), due({ currency: 'ZWG', amount: 0, since: null, ageDays: null, overdue: false })];
    server.on('GET', '/ledger/due-to-agency', () => ok(current));
    server.on('POST', '/ledger/transfers', (call) => {
      expect(call.body).toEqual({ currency: 'USD' });
      current = [due({ amount: 0, since: null, ageDays: null, overdue: false }), current[1]!];
      return {
        status: 201,
        data: {
          status: 'success',
          data: [
            {
              journalId: uuid(),
              currency: 'USD',
              amount: 23000,
              direction: 'to_business',
              reference: 'FT-000001',
              date: '2026-11-26',
              postedBy: uuid(),
              postedByName: 'Kudzai Banda',
              createdAt: '2026-11-26T10:00:00.000Z',
            },
          ],
        },
      };
    });
    auth.user = makeUser({ role: 'accountant' });
    renderAt('/', withProviders(<TransfersPage />));

    const table = await screen.findByRole('table', { name: 'Due to the agency by currency' });
    const usd = within(table).getAllByRole('row')[1]!;
    expect(usd).toHaveTextContent('$230.00');
    expect(usd).toHaveTextContent('56 days (since 2026-10-01)');
    expect(within(usd).getByText('Over the 31-day limit')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Transfer to business account: ZWG' })).toBeDisabled();

    await userEvent.click(within(usd).getByRole('button', { name: 'Transfer to business account: USD' }));
    const confirm = await screen.findByRole('dialog', { name: 'Transfer to the business account?' });
    expect(confirm).toHaveTextContent('$230.00 leaves the trust bank account');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Transfer' }));

    expect(await screen.findByText(/Quote FT-000001 on the bank instruction/)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Due to the agency by currency' })).getAllByRole('row')[1],
      ).toHaveTextContent('$0.00'),
    );
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('lets an admin read what is due but not move it', async () => {
    server.on('GET', '/ledger/due-to-agency', ok([due({ overdue: false, ageDays: 5 })]));
    auth.user = makeUser({ role: 'admin' });
    renderAt('/', withProviders(<TransfersPage />));
    const table = await screen.findByRole('table', { name: 'Due to the agency by currency' });
    expect(within(table).queryByRole('button')).toBeNull();
    expect(within(table).queryByText(/limit/)).toBeNull();
  });

  it('asks nothing of the server for roles that cannot read it', () => {
    auth.user = makeUser({ role: 'agent' });
    renderAt('/', withProviders(<TransfersPage />));
    expect(screen.getByText(/kept by your agency/)).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });
});
