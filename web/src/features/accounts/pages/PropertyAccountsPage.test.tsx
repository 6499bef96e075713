import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role, User } from '@lintel/contracts';
import { makePropertyAccount } from '../../../test/accounts-fixtures.tsx';
import { makeFinanceSettings } from '../../../test/finance-fixtures.ts';
import { makeUser } from '../../../test/fixtures.ts';
import { page, mockHttp, type MockServer, ok } from '../../../test/http-mock.ts';
import { currentPath, renderAt, withProviders } from '../../../test/render.tsx';
import { PropertyAccountsPage } from './PropertyAccountsPage.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: auth.user }) }));

let server: MockServer;
const PATH = '/accountant-dashboard/property-accounts';

function render(role: Role) {
  auth.user = makeUser({ role });
  return renderAt(
    PATH,
    withProviders(
      <Routes>
        <Route path={PATH} element={<PropertyAccountsPage />} />
        <Route path={`${PATH}/:propertyId`} element={<p>Account page</p>} />
      </Routes>,
    ),
  );
}

const settings = ok(makeFinanceSettings({ receiptPrefix: 'R-', __v: 0 }));

beforeEach(() => {
  server = mockHttp();
  server.on('GET', '/settings/finance', settings);
});

describe('PropertyAccountsPage', () => {
  it('shows balances and arrears in their currency and links each row to its account', async () => {
    const usd = makePropertyAccount({ balance: 125050, arrears: 30000 });
    const zwg = makePropertyAccount({
      propertyName: 'Hill House',
      currency: 'ZWG',
      balance: 990000,
      arrears: 0,
    });
    server.on('GET', '/accounts/properties', page([usd, zwg]));
    render('accountant');
    const link = await screen.findByRole('link', { name: 'Sunset Flats' });
    expect(link).toHaveAttribute('href', `${PATH}/${usd.propertyId}`);
    expect(screen.getByText('$1,250.50')).toBeInTheDocument();
    expect(screen.getByText('$300.00')).toBeInTheDocument();
    expect(screen.getByText(/ZWG\s9,900\.00/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Hill House' })).toHaveAttribute(
      'href',
      `${PATH}/${zwg.propertyId}`,
    );
    await userEvent.click(link);
    expect(currentPath()).toBe(`${PATH}/${usd.propertyId}`);
  });

  it('sends the currency filter and the search to the server', async () => {
    server.on('GET', '/accounts/properties', page([]));
    render('admin');
    expect(await screen.findByText('No property accounts yet')).toBeInTheDocument();
    // The currency filter appears once the enabled currencies have loaded.
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Currency' }), 'ZWG');
    await waitFor(() =>
      expect(
        server.calls.some((call) => call.url === '/accounts/properties' && call.params?.currency === 'ZWG'),
      ).toBe(true),
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search property accounts' }), 'hill');
    await waitFor(() =>
      expect(
        server.calls.some((call) => call.url === '/accounts/properties' && call.params?.q === 'hill'),
      ).toBe(true),
    );
  });

  it("tells 'other' users who keeps the accounts and calls nothing", async () => {
    render('other');
    expect(
      await screen.findByText("Property accounts are kept by your agency's accountants."),
    ).toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });
});
