import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@lintel/contracts';
import { makeUser } from '../../../test/fixtures.ts';
import { mockHttp, type MockServer, ok } from '../../../test/http-mock.ts';
import { makeLevyCharge } from '../test/levy-fixtures.ts';
import { OwnerLeviesCard } from './OwnerLeviesCard.tsx';
import { withProviders } from '../../../test/render.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: auth.user }) }));

let server: MockServer;
beforeEach(() => {
  server = mockHttp();
  auth.user = makeUser({ role: 'owner' });
});

describe('OwnerLeviesCard', () => {
  it("lists the owner's levies with their status, read only", async () => {
    server.on(
      'GET',
      '/levies/due',
      ok([
        makeLevyCharge({ propertyName: 'Sunset Flats', status: 'paid', amount: 20000 }),
        makeLevyCharge({ propertyName: 'Hill House', period: '2026-10', status: 'overdue', amount: 7550 }),
      ]),
    );
    render(withProviders(<OwnerLeviesCard />));
    const card = screen.getByRole('region', { name: 'Levies' });
    expect(await within(card).findByText('Sunset Flats')).toBeInTheDocument();
    expect(within(card).getByText(/2026-10 · \$75\.50/)).toBeInTheDocument();
    expect(within(card).getByText('Overdue')).toBeInTheDocument();
    expect(within(card).getByText('Paid')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    server.on('GET', '/levies/due', ok([]));
    render(withProviders(<OwnerLeviesCard />));
    expect(await screen.findByText('No levies on your properties this month.')).toBeInTheDocument();
  });
});
