import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@lintel/contracts';
import { makeStatement, statementReply } from '../../../test/accounts-fixtures.tsx';
import { makeUser, USER_ID } from '../../../test/fixtures.ts';
import { mockHttp, type MockServer } from '../../../test/http-mock.ts';
import { OwnerStatementCard } from './OwnerStatementCard.tsx';
import { withProviders } from '../../../test/render.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: auth.user }) }));

let server: MockServer;
const createObjectURL = vi.fn(() => 'blob:statement');
const statementUrl = `/accounts/owners/${USER_ID}/statement`;

beforeEach(() => {
  server = mockHttp();
  auth.user = makeUser({ role: 'owner' });
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = vi.fn();
  // jsdom cannot follow a download link.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

describe('OwnerStatementCard', () => {
  it("shows the owner's statement and downloads it, asking for nothing but the owner statement", async () => {
    server.on('GET', statementUrl, (call) =>
      call.params?.format === 'pdf'
        ? { status: 200, data: new Blob(['%PDF']) }
        : statementReply(
            makeStatement({ title: 'Owner statement', subject: 'Grace Owner', currency: 'ZWG' }),
          ),
    );
    render(withProviders(<OwnerStatementCard currencies={['ZWG', 'USD']} />));
    expect(await screen.findByRole('grid', { name: 'Owner statement: Grace Owner' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download statement (PDF)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Download statement as CSV' })).toBeInTheDocument();
    expect(server.calls.map((call) => [call.method, call.url])).toEqual([
      ['GET', statementUrl],
      ['GET', statementUrl],
    ]);
    expect(server.calls.map((call) => call.params?.currency)).toEqual(['ZWG', 'ZWG']);
    expect(server.calls[1]?.params?.format).toBe('pdf');
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });
});
