import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  IDEMPOTENCY_KEY_HEADER,
  PAYMENT_AMOUNT_POSITIVE,
  PAYMENT_LEASE_REQUIRED,
  type Role,
  type User,
} from '@lintel/contracts';
import { theme } from '../../../app/theme.ts';
import { todayIso } from '../../../lib/format.ts';
import { api } from '../../../lib/http.ts';
import { makeFinanceSettings } from '../../../test/finance-fixtures.ts';
import { makeUser, uuid } from '../../../test/fixtures.ts';
import { mockHttp, type MockServer } from '../../../test/http-mock.ts';
import { makeActiveLease, makePayment, ok, page } from '../../../test/payment-fixtures.ts';
import { renderAt } from '../../../test/render.tsx';
import { RecordPaymentButton } from './RecordPaymentButton.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: auth.user }) }));

let server: MockServer;

function render(role: Role) {
  auth.user = makeUser({ role });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderAt(
    '/agent-dashboard',
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RecordPaymentButton />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

/** The Idempotency-Key of every POST /payments, as sent. */
function sentKeys(spy: { mock: { calls: unknown[][] } }) {
  return spy.mock.calls
    .map(([config]) => config as { method: string; url: string; headers?: Record<string, string> })
    .filter((config) => config.method === 'POST' && config.url === '/payments')
    .map((config) => config.headers?.[IDEMPOTENCY_KEY_HEADER]);
}

/** Opens the dialog from its button: the dialog's code comes on the first opening. */
async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Record payment' }));
  await screen.findByRole('dialog');
}

async function chooseLease(label: string) {
  await userEvent.click(screen.getByRole('combobox', { name: /Lease/ }));
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(label) }));
}

beforeEach(() => {
  server = mockHttp();
  server.on('GET', '/settings/finance', ok(makeFinanceSettings()));
});

describe('RecordPaymentDialog', () => {
  it('sends the amount in minor units, retries with the same Idempotency-Key, and a new dialog gets a new one', async () => {
    const lease = makeActiveLease();
    const payment = makePayment({ receiptNumber: 'RCT-000777', amount: 130075 });
    let posts = 0;
    server
      .on('GET', '/leases', page([lease]))
      .on('POST', '/payments', () =>
        ++posts === 1
          ? { status: 503, data: { status: 'error', message: 'The ledger is busy.', code: 'UNAVAILABLE' } }
          : ok(payment, 201),
      );
    const spy = vi.spyOn(api, 'request');
    render('accountant');

    await openDialog();
    await chooseLease('Sunset Flats — Tendai Moyo');
    const amount = screen.getByRole('textbox', { name: /Amount/ });
    expect(amount).toHaveValue('1250.50');
    await userEvent.clear(amount);
    await userEvent.type(amount, '1,300.75');
    await userEvent.type(screen.getByRole('textbox', { name: 'Reference' }), 'EFT 991');
    await userEvent.click(screen.getByRole('button', { name: 'Record payment' }));

    expect(await screen.findByText('The ledger is busy.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/payments')[0]?.body).toEqual({
      type: 'rent',
      leaseId: lease._id,
      amount: 130075,
      currency: 'USD',
      method: 'cash',
      paymentDate: todayIso(),
      reference: 'EFT 991',
      payerName: null,
      notes: null,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Payment recorded')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('RCT-000777');
    expect(screen.getByText('$885.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download receipt' })).toBeInTheDocument();
    const [first, retry] = sentKeys(spy);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);

    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('Payment recorded')).not.toBeInTheDocument());
    await openDialog();
    await chooseLease('Sunset Flats — Tendai Moyo');
    await userEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(sentKeys(spy)).toHaveLength(3));
    expect(sentKeys(spy)[2]).not.toBe(first);
  });

  it('asks for a lease and an amount above zero, and sends nothing until then', async () => {
    server.on('GET', '/leases', page([]));
    render('accountant');
    await openDialog();
    await userEvent.type(screen.getByRole('textbox', { name: /Amount/ }), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText(PAYMENT_AMOUNT_POSITIVE)).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_LEASE_REQUIRED)).toBeInTheDocument();
    expect(server.callsTo('POST', '/payments')).toEqual([]);
  });

  it('offers an agent only the active leases on the properties it manages', async () => {
    server.on(
      'GET',
      '/leases',
      page([
        makeActiveLease({ propertyName: 'Mine Court' }),
        makeActiveLease({ propertyName: 'Other Court', agentId: uuid() }),
      ]),
    );
    render('agent');
    await openDialog();
    await userEvent.click(screen.getByRole('combobox', { name: /Lease/ }));
    expect(await screen.findByRole('option', { name: /Mine Court/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Other Court/ })).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/leases')[0]?.params).toMatchObject({ status: 'active' });
  });

  it.each(['admin', 'owner', 'other'] as const)('is not offered to the %s', (role) => {
    render(role);
    expect(screen.queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
  });
});
