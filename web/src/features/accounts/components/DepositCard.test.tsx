import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lease, Role, User } from '@lintel/contracts';
import { makeUser } from '../../../test/fixtures.ts';
import { mockHttp, type MockServer } from '../../../test/http-mock.ts';
import { makeLease, ok, withProviders } from '../test-support.tsx';
import { DepositCard } from './DepositCard.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../auth/AuthProvider.tsx', () => ({ useAuth: () => ({ user: auth.user }) }));

let server: MockServer;

function renderCard(role: Role, lease: Lease) {
  auth.user = makeUser({ role });
  server.on(
    'GET',
    `/leases/${lease._id}/deposit`,
    ok([{ leaseId: lease._id, currency: 'USD', held: 100000 }]),
  );
  return render(withProviders(<DepositCard lease={lease} />));
}

beforeEach(() => {
  server = mockHttp();
});

describe('DepositCard', () => {
  it('checks the release against what is held as it is typed, then releases in minor units', async () => {
    const lease = makeLease({ status: 'terminated' });
    server.on(
      'POST',
      `/leases/${lease._id}/deposit/release`,
      ok({ leaseId: lease._id, currency: 'USD', held: 0 }),
    );
    renderCard('accountant', lease);
    expect(await screen.findByText('$1,000.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Release deposit' }));
    const toTenant = await screen.findByRole('textbox', { name: /To the tenant/ });
    expect(toTenant).toHaveValue('1000.00');
    await userEvent.clear(toTenant);
    await userEvent.type(toTenant, '1500');
    expect(await screen.findByText('No more than the deposit held, $1,000.00')).toBeInTheDocument();
    await userEvent.clear(toTenant);
    await userEvent.type(toTenant, '800');
    await userEvent.type(screen.getByRole('textbox', { name: /To the property/ }), '300');
    expect(
      await screen.findByText('Together the two amounts cannot be more than the deposit held, $1,000.00'),
    ).toBeInTheDocument();
    await userEvent.clear(toTenant);
    await userEvent.type(toTenant, '700');
    await waitFor(() =>
      expect(
        screen.queryByText('Together the two amounts cannot be more than the deposit held, $1,000.00'),
      ).not.toBeInTheDocument(),
    );
    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), 'Broken window');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Release' }));
    await waitFor(() =>
      expect(server.callsTo('POST', `/leases/${lease._id}/deposit/release`)[0]?.body).toEqual({
        toTenant: 70000,
        toProperty: 30000,
        currency: 'USD',
        reason: 'Broken window',
        method: 'bank_transfer',
        reference: null,
      }),
    );
  });

  it('asks for something to release', async () => {
    const lease = makeLease({ status: 'expired' });
    renderCard('accountant', lease);
    await userEvent.click(await screen.findByRole('button', { name: 'Release deposit' }));
    await userEvent.clear(await screen.findByRole('textbox', { name: /To the tenant/ }));
    expect(
      await screen.findByText('Release something: to the tenant, to the property for damages, or both'),
    ).toBeInTheDocument();
  });

  it.each([
    ['admin', 'expired'],
    ['accountant', 'active'],
  ] as const)('offers the %s no release on an %s lease', async (role, status) => {
    renderCard(role, makeLease({ status }));
    expect(await screen.findByText('$1,000.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Release deposit' })).not.toBeInTheDocument();
  });
});
