import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BankAccountView, User } from '@lintel/contracts';
import { makeLease, makeUser, uuid } from '../../../test/fixtures.ts';
import { page, mockHttp, type MockServer, ok, type RecordedCall } from '../../../test/http-mock.ts';
import {
  makeBankAccount,
  makeEntry,
  makeLine,
  makeReconciliation,
  makeRecord,
  makeReport,
} from '../test/banking-fixtures.ts';
import { BankAccountPage } from './BankAccountPage.tsx';
import { withProviders } from '../../../test/render.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: auth.user }) }));

let server: MockServer;

function renderAccount(account: BankAccountView) {
  server.on('GET', '/banking/accounts', ok([account]));
  return render(
    <MemoryRouter initialEntries={[`/banking/${account._id}`]}>
      <Routes>
        <Route path="/banking/:id" element={withProviders(<BankAccountPage />)} />
      </Routes>
    </MemoryRouter>,
  );
}

const formField = (call: RecordedCall, name: string) => (call.body as FormData).get(name);

beforeEach(() => {
  server = mockHttp();
});

describe('BankAccountPage: statement import', () => {
  it('maps a new CSV layout, previews the dry run and imports the new lines', async () => {
    const account = makeBankAccount({ csvMapping: null });
    server.on('GET', `/banking/accounts/${account._id}/lines`, page([]));
    const imports: RecordedCall[] = [];
    server.on('POST', `/banking/accounts/${account._id}/statements`, (call) => {
      imports.push(call);
      const dryRun = call.params?.dryRun === 'true';
      return ok(makeReport(dryRun ? {} : { applied: true, added: 2, statementId: account._id }));
    });
    auth.user = makeUser({ role: 'accountant' });
    renderAccount(account);

    await userEvent.click(await screen.findByRole('button', { name: 'Import statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import statement' });
    const csv =
      'Posted,Narrative,Ref,Money out,Money in,Running balance\n03/11/2026,Rent,R-0001,,500.00,500.00\n';
    await userEvent.upload(
      within(dialog).getByLabelText('Statement file'),
      new File([csv], 'november.csv', { type: 'text/csv' }),
    );
    // No saved mapping: the form opens with the file's own column names.
    const pick = async (label: string, option: string) => {
      await userEvent.click(await within(dialog).findByRole('combobox', { name: label }));
      await userEvent.click(await screen.findByRole('option', { name: option }));
    };
    await pick('Date column', 'Posted');
    await pick('Date format', 'DD/MM/YYYY');
    await pick('Description column', 'Narrative');
    await pick('Reference column', 'Ref');
    await pick('Balance column', 'Running balance');
    await pick('Amounts', 'Separate money out and money in columns');
    await pick('Money out (debit) column', 'Money out');
    await pick('Money in (credit) column', 'Money in');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));

    const preview = await within(dialog).findByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('2 in the file: 2 new, 0 already imported');
    expect(preview).toHaveTextContent('Closing balance$623.45');
    const previewLines = within(preview).getByRole('table', { name: 'Statement lines in the file' });
    expect(within(previewLines).getAllByRole('row')[2]).toHaveTextContent(
      '34 Nov 2026Transfer in · JM-RENT$123.45$623.45',
    );
    expect(imports).toHaveLength(1);
    expect(imports[0]!.params).toEqual({ dryRun: 'true' });
    expect(JSON.parse(formField(imports[0]!, 'mapping') as string)).toEqual({
      date: 'Posted',
      description: 'Narrative',
      reference: 'Ref',
      debit: 'Money out',
      credit: 'Money in',
      balance: 'Running balance',
      dateFormat: 'DD/MM/YYYY',
      decimalComma: false,
    });
    expect((formField(imports[0]!, 'file') as File).name).toBe('november.csv');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 2 lines' }));
    expect(await screen.findByText(/Imported 2 new lines/)).toBeInTheDocument();
    expect(imports[1]!.params).toEqual({ dryRun: 'false' });
    // Eight selects opened one by one: slow on a busy two-core machine.
  }, 60_000);

  it('asks for a mapping when the server says the layout is new, with the headers it lists', async () => {
    const account = makeBankAccount({
      csvMapping: {
        date: 'Date',
        description: 'Details',
        amount: 'Amount',
        dateFormat: 'YYYY-MM-DD',
        decimalComma: false,
      },
    });
    server.on('GET', `/banking/accounts/${account._id}/lines`, page([]));
    server.on('POST', `/banking/accounts/${account._id}/statements`, (call) =>
      formField(call, 'mapping')
        ? ok(
            makeReport({
              problems: [{ line: 3, message: 'The balance does not follow (expected $500.00)' }],
            }),
          )
        : {
            status: 422,
            data: {
              status: 'error',
              code: 'MAPPING_REQUIRED',
              message: 'Map the columns of this file: Booked, Text, Value',
              details: [
                { path: 'headers.0', message: 'Booked' },
                { path: 'headers.1', message: 'Text' },
                { path: 'headers.2', message: 'Value' },
              ],
            },
          },
    );
    auth.user = makeUser({ role: 'accountant' });
    renderAccount(account);
    await userEvent.click(await screen.findByRole('button', { name: 'Import statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import statement' });
    await userEvent.upload(
      within(dialog).getByLabelText('Statement file'),
      new File(['x'], 'b.csv', { type: 'text/csv' }),
    );
    // A saved mapping: no form until the server asks for one.
    expect(within(dialog).queryByRole('combobox', { name: 'Date column' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    expect(await within(dialog).findByText(/this bank’s layout is new/)).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Date column' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Date',
      'Booked',
      'Text',
      'Value',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Booked' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Description column' }));
    await userEvent.click(screen.getByRole('option', { name: 'Text' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Amount column' }));
    await userEvent.click(screen.getByRole('option', { name: 'Value' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));

    // Problems by line: nothing can be imported.
    expect(
      await within(dialog).findByText('Line 3: The balance does not follow (expected $500.00)'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import 2 lines' })).toBeDisabled();
  }, 60_000);
});

describe('BankAccountPage: matching', () => {
  it('auto-matches and reports what it matched and what needs a choice', async () => {
    const account = makeBankAccount();
    server.on('GET', `/banking/accounts/${account._id}/lines`, page([]));
    server.on(
      'POST',
      `/banking/accounts/${account._id}/auto-match`,
      ok({ matched: 12, ambiguous: 2, byRule: { reference: 12 } }),
    );
    auth.user = makeUser({ role: 'accountant' });
    renderAccount(account);
    await userEvent.click(await screen.findByRole('button', { name: 'Auto-match' }));
    expect(await screen.findByText('12 lines matched, 2 need a choice.')).toBeInTheDocument();
  });

  it('receipts an unknown credit on a lease in the account’s currency', async () => {
    const account = makeBankAccount({ currency: 'ZWG' });
    const line = makeLine({ bankAccountId: account._id });
    let lines = [line];
    server.on('GET', `/banking/accounts/${account._id}/lines`, () => page(lines));
    server.on('GET', `/banking/lines/${line._id}/suggestions`, ok([]));
    server.on('GET', `/banking/accounts/${account._id}/entries`, page([]));
    const usdLease = makeLease({ currency: 'USD', propertyName: 'Dollar House', tenantName: 'A Usd' });
    const zwgLease = makeLease({ currency: 'ZWG', propertyName: 'Gold Flats', tenantName: 'J Moyo' });
    server.on('GET', '/leases', page([usdLease, zwgLease]));
    server.on('POST', `/banking/lines/${line._id}/receipt`, (call) => {
      expect(call.body).toEqual({ leaseId: zwgLease._id, type: 'rent' });
      lines = [];
      return {
        status: 201,
        data: { status: 'success', data: { ...line, matchId: line._id, rule: 'receipt_from_line' } },
      };
    });
    auth.user = makeUser({ role: 'accountant' });
    renderAccount(account);

    const grid = await screen.findByRole('grid', { name: 'Statement lines' });
    await userEvent.click(
      await within(grid).findByRole('button', { name: /Match line of 4 Nov 2026 Transfer in/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Match a statement line' });
    expect(await within(dialog).findByText(/No ledger entry fits this line/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record as payment' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Lease' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('Gold Flats — J Moyo'),
    ]);
    await userEvent.click(options[0]!);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(
      await within(dialog).findByText('Recorded as a payment and matched to the line.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('No unmatched lines')).toBeInTheDocument();
  });

  it('matches picked entries only once their sum is the line’s, and shows a 409 from the server', async () => {
    const account = makeBankAccount();
    const line = makeLine({ amount: 80000, reference: 'DEP-SLIP' });
    const first = makeEntry({ seq: 11, amount: 50000, reference: 'R-0001' });
    const second = makeEntry({ seq: 12, amount: 30000, reference: 'R-0002' });
    server.on('GET', `/banking/accounts/${account._id}/lines`, page([line]));
    server.on('GET', `/banking/lines/${line._id}/suggestions`, ok([]));
    server.on('GET', `/banking/accounts/${account._id}/entries`, page([first, second]));
    server.on('POST', '/banking/matches', (call) => {
      expect(call.body).toEqual({ lineIds: [line._id], entrySeqs: [11, 12] });
      return {
        status: 409,
        data: {
          status: 'error',
          code: 'ALREADY_MATCHED',
          message: 'Someone matched this line a moment ago.',
        },
      };
    });
    auth.user = makeUser({ role: 'accountant' });
    renderAccount(account);
    await userEvent.click(await screen.findByRole('button', { name: /Match line of/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Match a statement line' });
    const match = within(dialog).getByRole('button', { name: 'Match picked entries' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /R-0001/ }));
    expect(within(dialog).getByText('Picked $500.00: difference $300.00.')).toBeInTheDocument();
    expect(match).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /R-0002/ }));
    expect(within(dialog).getByText('Picked $800.00: no difference.')).toBeInTheDocument();
    const before = server.callsTo('GET', `/banking/accounts/${account._id}/lines`).length;
    await userEvent.click(match);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Someone matched this line a moment ago.',
    );
    // The 409 refreshes what the page shows.
    await waitFor(() =>
      expect(server.callsTo('GET', `/banking/accounts/${account._id}/lines`).length).toBeGreaterThan(before),
    );
  });
});

describe('BankAccountPage: reconciliation', () => {
  it('shows the three figures, and signs off after asking when both differences are zero', async () => {
    const account = makeBankAccount();
    server.on('GET', `/banking/accounts/${account._id}/lines`, page([]));
    server.on('GET', `/banking/accounts/${account._id}/reconciliation`, (call) =>
      ok(makeReconciliation({ date: call.params?.date as string })),
    );
    server.on('POST', `/banking/accounts/${account._id}/reconciliations`, (call) => {
      expect(call.body).toEqual({ date: '2026-10-31' });
      return { status: 201, data: { status: 'success', data: makeRecord() } };
    });
    server.on('GET', `/banking/accounts/${account._id}/reconciliations`, page([makeRecord()]));
    auth.user = makeUser({ role: 'accountant' });
    renderAccount(account);
    await userEvent.click(await screen.findByRole('tab', { name: 'Reconciliation' }));
    const date = screen.getByLabelText('Statement date');
    await userEvent.clear(date);
    await userEvent.type(date, '2026-10-31');

    const figures = await screen.findByRole('table', { name: 'Reconciliation figures' });
    expect(within(figures).getByRole('row', { name: /Adjusted bank balance/ })).toHaveTextContent(
      '$1,200.00',
    );
    expect(within(figures).getByRole('row', { name: /Bank difference/ })).toHaveTextContent(
      '$0.00 · Balanced',
    );
    expect(within(figures).getByRole('row', { name: /Ledger difference/ })).toHaveTextContent(
      '$0.00 · Balanced',
    );
    expect(screen.getByRole('table', { name: 'Deposits in transit' })).toHaveTextContent('R-0009');

    await userEvent.click(screen.getByRole('button', { name: 'Sign off' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Sign off and close the books up to 31 Oct 2026?',
    });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sign off' }));
    // The grid can be drawn a moment before its rows: wait for the row itself.
    const signedOff = await screen.findByRole('grid', { name: 'Signed-off reconciliations' });
    await waitFor(() => expect(signedOff).toHaveTextContent('Kudzai Banda'));
  });

  it('blocks sign-off with the reasons while a difference is not zero', async () => {
    const account = makeBankAccount();
    server.on('GET', `/banking/accounts/${account._id}/lines`, page([]));
    server.on(
      'GET',
      `/banking/accounts/${account._id}/reconciliation`,
      ok(
        makeReconciliation({
          bankDifference: 1500,
          balanced: false,
          unrecordedLines: [
            {
              date: '2026-10-30',
              description: 'Bank fee',
              reference: null,
              amount: -1500,
              seq: null,
              lineId: uuid(),
            },
          ],
          blockers: ['The adjusted bank balance differs from the cash book by $15.00'],
        }),
      ),
    );
    auth.user = makeUser({ role: 'accountant' });
    renderAccount(account);
    await userEvent.click(await screen.findByRole('tab', { name: 'Reconciliation' }));
    const figures = await screen.findByRole('table', { name: 'Reconciliation figures' });
    expect(within(figures).getByRole('row', { name: /Bank difference/ })).toHaveTextContent(
      '$15.00 · Not balanced',
    );
    expect(
      screen.getByText('The adjusted bank balance differs from the cash book by $15.00'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign off' })).toBeDisabled();
    expect(screen.getByRole('table', { name: 'Statement lines not matched to the books' })).toHaveTextContent(
      'Bank fee',
    );
  });
});

describe('BankAccountPage: roles', () => {
  it('gives an admin no write buttons, and Reopen on the latest signed-off month only', async () => {
    const account = makeBankAccount();
    const latest = makeRecord({ date: '2026-10-31' });
    const earlier = makeRecord({ date: '2026-09-30' });
    server.on('GET', `/banking/accounts/${account._id}/lines`, page([makeLine()]));
    server.on('GET', `/banking/accounts/${account._id}/reconciliations`, page([latest, earlier]));
    server.on('POST', `/banking/reconciliations/${latest._id}/reopen`, (call) => {
      expect(call.body).toEqual({ reason: 'Bank corrected a charge' });
      return ok({
        ...latest,
        reopenedAt: '2026-11-05T00:00:00.000Z',
        reopenedByName: 'Ada Admin',
        reopenReason: 'Bank corrected a charge',
      });
    });
    auth.user = makeUser({ role: 'admin' });
    renderAccount(account);
    const grid = await screen.findByRole('grid', { name: 'Statement lines' });
    await within(grid).findByText('Transfer in');
    expect(screen.queryByRole('button', { name: 'Import statement' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Auto-match' })).toBeNull();
    expect(within(grid).queryByRole('button', { name: /Match/ })).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    const history = await screen.findByRole('grid', { name: 'Signed-off reconciliations' });
    await within(history).findByText('31 Oct 2026');
    expect(within(history).getAllByRole('button', { name: /^Reopen/ })).toHaveLength(1);
    await userEvent.click(within(history).getByRole('button', { name: 'Reopen 31 Oct 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen 31 Oct 2026?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Bank corrected a charge');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    await waitFor(() =>
      expect(server.callsTo('POST', `/banking/reconciliations/${latest._id}/reopen`)).toHaveLength(1),
    );
  });
});
