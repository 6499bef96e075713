import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dataSyncApi, IMPORT_HAS_PROBLEMS, type ImportReport, type User } from '@lintel/contracts';
import { api } from '../../../lib/http.ts';
import { makeUser } from '../../../test/fixtures.ts';
import { deferred, mockHttp, type MockServer, ok, type RecordedCall } from '../../../test/http-mock.ts';
import { renderAt, withProviders } from '../../../test/render.tsx';
import { DataSyncPage } from './DataSyncPage.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: auth.user }) }));

const IMPORT_PATH = '/data-sync/import/tenants';

/** An import report as the server sends it, checked by the contract's reply. */
const reportReply = (report: Partial<ImportReport>) => {
  const reply = ok({
    kind: 'tenants',
    dryRun: true,
    rows: 5,
    created: 3,
    unchanged: 2,
    problems: [],
    applied: false,
    ...report,
  });
  dataSyncApi.import.reply.parse(reply.data);
  return reply;
};

const PROBLEMS = [
  { row: 3, column: 'email', value: 'not-an-email', message: 'Enter a valid email address' },
  { row: 5, column: 'name', value: '', message: 'Name is required' },
];

let server: MockServer;

const csv = (name = 'tenants.csv', text = 'name,email\nAda,ada@example.com\n') =>
  new File([text], name, { type: 'text/csv' });

async function chooseTenantsFile(file = csv()) {
  await userEvent.click(await screen.findByRole('combobox', { name: 'What to import' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Tenants' }));
  await userEvent.upload(screen.getByLabelText('CSV file'), file);
}

const importCalls = () => server.callsTo('POST', IMPORT_PATH);
const fileSent = (call: RecordedCall | undefined) => (call?.body as FormData).get('file') as File;

function render() {
  return renderAt('/accountant-dashboard/data-sync', withProviders(<DataSyncPage />));
}

beforeEach(() => {
  auth.user = makeUser({ role: 'accountant' });
  server = mockHttp();
});

describe('DataSyncPage import', () => {
  it('checks the file as a dry run and lists the problem rows, offering no import', async () => {
    server.on('POST', IMPORT_PATH, reportReply({ rows: 5, created: 3, unchanged: 0, problems: PROBLEMS }));
    render();
    expect(screen.getByText(/Import in this order: Owners → Tenants → Properties/)).toBeInTheDocument();
    await chooseTenantsFile();
    expect(screen.getByText(/tenants\.csv/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));

    const problems = await screen.findByRole('table', { name: 'Problems' });
    expect(importCalls()).toHaveLength(1);
    expect(importCalls()[0]?.params).toEqual({ dryRun: 'true' });
    expect(fileSent(importCalls()[0]).name).toBe('tenants.csv');
    expect(
      within(problems)
        .getAllByRole('row')
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ['Row', 'Column', 'Value', 'Message'],
      ['3', 'email', 'not-an-email', 'Enter a valid email address'],
      ['5', 'name', 'empty', 'Name is required'],
    ]);
    expect(within(screen.getByRole('region', { name: 'Rows read' })).getByText('5')).toBeInTheDocument();
    expect(screen.getByText(/2 problems in 2 rows/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Import \d/ })).not.toBeInTheDocument();
  });

  it('forgets the report when another file is chosen', async () => {
    server.on('POST', IMPORT_PATH, reportReply({ problems: PROBLEMS }));
    render();
    await chooseTenantsFile();
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    await screen.findByRole('table', { name: 'Problems' });
    await userEvent.upload(screen.getByLabelText('CSV file'), csv('fixed.csv'));
    expect(screen.queryByRole('table', { name: 'Problems' })).not.toBeInTheDocument();
    expect(screen.getByText(/fixed\.csv/)).toBeInTheDocument();
  });

  it('shows upload progress, then "Checking rows…" while the server checks', async () => {
    // The fake server cannot report upload progress: this transport plays the browser's part.
    const halfSent = deferred();
    const checked = deferred();
    api.transport = async (wire) => {
      wire.onUploadProgress?.({ loaded: 512, total: 1024 });
      await halfSent.promise;
      wire.onUploadProgress?.({ loaded: 1024, total: 1024 });
      await checked.promise;
      const reply = reportReply({});
      return { status: reply.status, body: JSON.stringify(reply.data), headers: {} };
    };
    render();
    await chooseTenantsFile();
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('Uploaded 512 bytes of 1.0 KB (50%)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check file' })).toBeDisabled();
    halfSent.resolve();
    expect(await screen.findByText('Checking rows…')).toBeInTheDocument();
    checked.resolve();
    expect(await screen.findByRole('button', { name: 'Import 3 rows' })).toBeInTheDocument();
    expect(screen.queryByText('Checking rows…')).not.toBeInTheDocument();
  });

  it('applies a clean file after confirmation (dryRun=false) and says what was imported', async () => {
    server.on('POST', IMPORT_PATH, (call) =>
      call.params?.dryRun === 'false'
        ? reportReply({ dryRun: false, applied: true })
        : reportReply({ problems: [] }),
    );
    render();
    await chooseTenantsFile();
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Import 3 rows' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import tenants' });
    expect(dialog).toHaveTextContent('3 rows of tenants.csv will be written in one go');
    expect(importCalls()).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 3 rows' }));

    expect(await screen.findByText(/Imported 3 rows of tenants\./)).toBeInTheDocument();
    expect(importCalls()).toHaveLength(2);
    expect(importCalls()[1]?.params).toEqual({ dryRun: 'false' });
    expect(fileSent(importCalls()[1]).name).toBe('tenants.csv');
    expect(screen.getByText(/2 rows were already in Lintel/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import 3 rows' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal of the apply, and checks the file again to list the problems", async () => {
    let checks = 0;
    server.on('POST', IMPORT_PATH, (call) => {
      if (call.params?.dryRun === 'false')
        return {
          status: 422,
          data: {
            status: 'error',
            code: IMPORT_HAS_PROBLEMS,
            message: '1 row has problems; nothing was imported.',
            details: [{ path: 'row 3 · email', message: 'Enter a valid email address' }],
          },
        };
      checks += 1;
      // Someone added a clashing record between the check and the apply.
      return reportReply({ problems: checks === 1 ? [] : [PROBLEMS[0]!] });
    });
    render();
    await chooseTenantsFile();
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Import 3 rows' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import tenants' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 3 rows' }));

    expect(await screen.findByText('1 row has problems; nothing was imported.')).toBeInTheDocument();
    const problems = await screen.findByRole('table', { name: 'Problems' });
    expect(within(problems).getByText('not-an-email')).toBeInTheDocument();
    expect(importCalls().map((call) => call.params?.dryRun)).toEqual(['true', 'false', 'true']);
    expect(screen.queryByRole('button', { name: 'Import 3 rows' })).not.toBeInTheDocument();
  });

  it('says when everything in the file is already there', async () => {
    server.on('POST', IMPORT_PATH, reportReply({ created: 0, unchanged: 5 }));
    render();
    await chooseTenantsFile();
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText(/already in Lintel: there is nothing to import/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Import \d/ })).not.toBeInTheDocument();
  });

  it('downloads the template of the chosen kind', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:template'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    server.on('GET', '/data-sync/templates/tenants', { status: 200, data: new Blob(['name,email\n']) });
    render();
    await chooseTenantsFile();
    await userEvent.click(screen.getByRole('button', { name: 'Download template' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(server.callsTo('GET', '/data-sync/templates/tenants')).toHaveLength(1);
  });
});

describe('DataSyncPage for an admin', () => {
  it('offers the templates and the export, and no import', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    server.on('GET', '/data-sync/export', { status: 200, data: new Blob(['PK']) });
    auth.user = makeUser({ role: 'admin' });
    render();
    expect(screen.getByRole('button', { name: 'Download template' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Choose CSV file/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('CSV file')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check file' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Export everything (zip)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(server.callsTo('GET', '/data-sync/export')).toHaveLength(1);
  });

  it('explains to other roles that data sync is the accountants’, asking nothing', () => {
    auth.user = makeUser({ role: 'owner' });
    render();
    expect(screen.getByText(/Data sync is kept by your agency/)).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });
});
