import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MaintenanceDetail, Role, User } from '@lintel/contracts';
import { theme } from '../../../app/theme.ts';
import { makeUser } from '../../../test/fixtures.ts';
import { mockHttp, type MockServer } from '../../../test/http-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { makeRequest, OTHER_AGENT_ID, REQUEST_ID } from '../test/maintenance-fixtures.ts';
import { MaintenanceRequestPage } from './MaintenanceRequestPage.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: auth.user }) }));

const ok = (data: unknown) => ({ status: 200, data: { status: 'success', data } });
const url = `/maintenance/${REQUEST_ID}`;
let server: MockServer;

function render(role: Role, request: MaintenanceDetail) {
  auth.user = makeUser({ role });
  server.on('GET', url, ok(request));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderAt(
    url,
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <Routes>
          <Route path="/maintenance/:id" element={<MaintenanceRequestPage />} />
        </Routes>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

beforeEach(() => {
  server = mockHttp();
  auth.user = null;
});

describe('MaintenanceRequestPage', () => {
  it('shows the request, its costs and its timeline with who and when', async () => {
    render('admin', makeRequest());
    expect(await screen.findByRole('heading', { name: 'Leaking geyser' })).toBeInTheDocument();
    expect(screen.getByText('$200.00')).toBeInTheDocument();
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    expect(within(timeline).getByText('Pending — Request raised')).toBeInTheDocument();
    expect(within(timeline).getByText(/Ada Lovelace ·/)).toBeInTheDocument();
  });

  it('offers the admin every legal move and sends the chosen one with its note', async () => {
    render('admin', makeRequest());
    await screen.findByRole('heading', { name: 'Leaking geyser' });
    for (const name of ['Approve', 'Reject', 'Cancel request'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start work' })).not.toBeInTheDocument();
    server.on('POST', `${url}/transition`, ok(makeRequest({ status: 'approved' })));
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), 'Go ahead');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(server.callsTo('POST', `${url}/transition`)[0]?.body).toEqual({
        to: 'approved',
        note: 'Go ahead',
      }),
    );
  });

  it('the managing agent may not approve or reject; completing sends the actual cost in cents', async () => {
    render('agent', makeRequest({ status: 'in_progress' }));
    await screen.findByRole('heading', { name: 'Leaking geyser' });
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    server.on('POST', `${url}/transition`, ok(makeRequest({ status: 'completed', actualCost: 12550 })));
    await userEvent.click(screen.getByRole('button', { name: 'Complete' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Actual cost (USD)'), '125.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));
    await waitFor(() =>
      expect(server.callsTo('POST', `${url}/transition`)[0]?.body).toEqual({
        to: 'completed',
        note: null,
        actualCost: 12550,
      }),
    );
  });

  it('shows no moves to an agent who does not manage the property, nor to an accountant', async () => {
    render('agent', makeRequest({ propertyAgentId: OTHER_AGENT_ID }));
    await screen.findByRole('heading', { name: 'Leaking geyser' });
    expect(screen.queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record costs' })).not.toBeInTheDocument();
  });

  it('asks the owner to approve an estimate above the limit and sends the answer', async () => {
    render('owner', makeRequest({ ownerApprovalRequired: true, estimatedCost: 90000 }));
    expect(await screen.findByText(/\$900\.00 is above your approval limit/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    server.on(
      'POST',
      `${url}/owner-approval`,
      ok(makeRequest({ ownerApprovalRequired: true, ownerApprovedAt: '2026-11-21T10:00:00.000Z' })),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Approve estimate' }));
    await waitFor(() =>
      expect(server.callsTo('POST', `${url}/owner-approval`)[0]?.body).toEqual({ approve: true }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Approve estimate' })).not.toBeInTheDocument(),
    );
  });

  it('refuses a file that is too large or not an image or PDF before sending it', async () => {
    render('agent', makeRequest());
    await screen.findByRole('heading', { name: 'Leaking geyser' });
    const input = screen.getByLabelText('Attach a file');
    await userEvent.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(await screen.findByText(/notes\.txt: Only photos/)).toBeInTheDocument();
    const big = new File([new Uint8Array(11 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    await userEvent.upload(input, big);
    expect(await screen.findByText('big.png: Files may be at most 10 MB.')).toBeInTheDocument();
    expect(server.callsTo('POST', `${url}/attachments`)).toEqual([]);
  });
});
