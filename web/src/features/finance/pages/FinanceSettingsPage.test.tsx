import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ARREARS_STEPS_DISTINCT_DAYS,
  FINANCE_COMMISSION_TOO_HIGH,
  type Role,
  type User,
} from '@lintel/contracts';
import { theme } from '../../../app/theme.ts';
import { makeFinanceSettings } from '../../../test/finance-fixtures.ts';
import { makeUser } from '../../../test/fixtures.ts';
import { mockHttp, type MockServer } from '../../../test/http-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { FinanceSettingsPage } from './FinanceSettingsPage.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: auth.user }) }));

const ok = (data: unknown) => ({ status: 200, data: { status: 'success', data } });

let server: MockServer;

function render(role: Role) {
  auth.user = makeUser({ role });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderAt(
    '/accountant-dashboard/settings',
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <FinanceSettingsPage />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

async function retype(name: RegExp | string, text: string) {
  const field = screen.getByRole('textbox', { name });
  await userEvent.clear(field);
  await userEvent.type(field, text);
}

beforeEach(() => {
  server = mockHttp();
  auth.user = null;
});

describe('FinanceSettingsPage', () => {
  it('shows rates as percentages and saves them as basis points', async () => {
    const settings = makeFinanceSettings({ commissionRateBp: 1250, agentShareBp: 6000, vatRateBp: 1500 });
    server
      .on('GET', '/settings/finance', ok(settings))
      .on('PUT', '/settings/finance', (call) => ok({ ...(call.body as object), __v: settings.__v + 1 }));
    render('accountant');
    expect(await screen.findByRole('textbox', { name: /Commission rate/ })).toHaveValue('12.5');
    expect(screen.getByRole('textbox', { name: /Agent share/ })).toHaveValue('60');
    expect(screen.getByText(/Payments already posted keep the rates/)).toBeInTheDocument();

    await retype(/Commission rate/, '8.75');
    await retype(/VAT rate/, '14.5');
    await retype(/Late fee rate/, '0.05');
    expect(screen.getByRole('textbox', { name: /Owner approval limit/ })).toHaveValue('500.00');
    await retype(/Owner approval limit/, '1,250.50');
    await retype(/Transfer limit/, '10');
    await userEvent.click(screen.getByRole('combobox', { name: /Fee transfer schedule/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Weekly' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Email receipts to tenants' }));
    const statementDay = screen.getByRole('spinbutton', { name: /Owner statement day/ });
    await userEvent.type(statementDay, '5', { initialSelectionStart: 0, initialSelectionEnd: 1 });
    const effective = screen.getByLabelText(/New VAT rate applies from/);
    await userEvent.clear(effective);
    await userEvent.type(effective, '2026-12-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() =>
      expect(server.callsTo('PUT', '/settings/finance')[0]?.body).toEqual({
        currencies: ['USD', 'ZWG'],
        defaultCurrency: 'USD',
        commissionRateBp: 875,
        agentShareBp: 6000,
        vatRegistered: true,
        vatRateBp: 1450,
        rentDueDay: 1,
        lateFeeRateBp: 5,
        receiptPrefix: 'RCT-',
        invoicePrefix: 'INV-',
        ownerApprovalLimit: 125050,
        transferSchedule: 'weekly',
        transferLimitDays: 10,
        emailReceipts: true,
        statementDay: 5,
        arrearsReminderSteps: settings.arrearsReminderSteps,
        vatRateEffectiveFrom: '2026-12-01',
        __v: 3,
      }),
    );
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
  });

  it('checks rates as you type and refuses commission plus VAT above 100%', async () => {
    server.on('GET', '/settings/finance', ok(makeFinanceSettings()));
    render('admin');
    await screen.findByRole('textbox', { name: /Commission rate/ });
    await retype(/Commission rate/, '12.345');
    await userEvent.tab();
    expect(await screen.findByText('Use at most 2 decimal places')).toBeInTheDocument();
    await retype(/Commission rate/, '90');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(FINANCE_COMMISSION_TOO_HIGH)).toBeInTheDocument();
    expect(server.callsTo('PUT', '/settings/finance')).toEqual([]);
  });

  it('edits the arrears reminder steps by keyboard: days and letters, added and removed, at most 5', async () => {
    const settings = makeFinanceSettings();
    server
      .on('GET', '/settings/finance', ok(settings))
      .on('PUT', '/settings/finance', (call) => ok({ ...(call.body as object), __v: settings.__v + 1 }));
    render('accountant');
    const secondDay = await screen.findByRole('spinbutton', { name: 'Day (step 2)' });
    expect(secondDay).toHaveValue(10);
    expect(screen.getByRole('combobox', { name: 'Letter (step 3)' })).toHaveTextContent('Letter of demand');

    // The first step goes; the second waits two weeks and is a first reminder.
    screen.getByRole('button', { name: 'Remove step 1' }).focus();
    await userEvent.keyboard('{Enter}');
    const firstDay = screen.getByRole('spinbutton', { name: 'Day (step 1)' });
    await userEvent.type(firstDay, '14', { initialSelectionStart: 0, initialSelectionEnd: 2 });
    screen.getByRole('combobox', { name: 'Letter (step 1)' }).focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('option', { name: 'Reminder' }));

    // Added steps take a later day; the fifth is the last one allowed.
    const add = screen.getByRole('button', { name: 'Add step' });
    await userEvent.click(add);
    await userEvent.click(add);
    await userEvent.click(add);
    expect(screen.getAllByRole('spinbutton', { name: /^Day \(step/ })).toHaveLength(5);
    expect(add).toBeDisabled();
    expect(screen.getByText('At most 5 steps.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove step 5' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove step 4' }));

    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(
        (server.callsTo('PUT', '/settings/finance')[0]?.body as { arrearsReminderSteps: unknown })
          .arrearsReminderSteps,
      ).toEqual([
        { day: 14, letter: 'reminder' },
        { day: 30, letter: 'letter-of-demand' },
        { day: 37, letter: 'reminder' },
      ]),
    );
  });

  it('refuses two reminder steps on the same day, and says when none are sent', async () => {
    server.on('GET', '/settings/finance', ok(makeFinanceSettings()));
    render('admin');
    const secondDay = await screen.findByRole('spinbutton', { name: 'Day (step 2)' });
    await userEvent.type(secondDay, '3', { initialSelectionStart: 0, initialSelectionEnd: 2 });
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(ARREARS_STEPS_DISTINCT_DAYS)).toBeInTheDocument();
    expect(server.callsTo('PUT', '/settings/finance')).toEqual([]);

    for (const step of [3, 2, 1]) {
      await userEvent.click(screen.getByRole('button', { name: `Remove step ${step}` }));
    }
    expect(screen.getByText(/No reminders are sent/)).toBeInTheDocument();
  });

  it('explains a stale version and reloads the latest settings', async () => {
    let version = 3;
    server
      .on('GET', '/settings/finance', () => ok(makeFinanceSettings({ __v: version, commissionRateBp: 1100 })))
      .on('PUT', '/settings/finance', () => ({
        status: 409,
        data: {
          status: 'error',
          message: 'Someone changed these settings. Reload and try again.',
          code: 'STALE_VERSION',
        },
      }));
    render('accountant');
    await screen.findByRole('textbox', { name: /Commission rate/ });
    await retype(/Commission rate/, '9');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(/Someone changed these settings/)).toBeInTheDocument();
    version = 4;
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Commission rate/ })).toHaveValue('11'));
    expect(screen.queryByText(/Someone changed these settings/)).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/settings/finance')).toHaveLength(2);
  });

  it('is read-only for agents', async () => {
    server.on('GET', '/settings/finance', ok(makeFinanceSettings()));
    render('agent');
    expect(await screen.findByRole('textbox', { name: /Commission rate/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
  });

  it.each(['owner', 'other'] as const)('calls nothing for the %s', async (role) => {
    render(role);
    expect(await screen.findByText(/managed by your agency's accountants/)).toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });
});
