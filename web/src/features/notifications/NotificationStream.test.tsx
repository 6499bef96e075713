import { useEffect } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserNotification } from '@lintel/contracts';
import { makeCompany, makeUser, storeSession, userWithoutCompany } from '../../test/fixtures.ts';
import { mockHttp } from '../../test/http-mock.ts';
import { currentPath, renderAt } from '../../test/render.tsx';
import { AuthProvider, useAuth, type AuthContextValue } from '../../session/index.ts';
import { NotificationProvider } from './NotificationProvider.tsx';
import { NotificationsMenu } from './NotificationsMenu.tsx';
import { NotificationStream, STREAM_RETRY_MS } from './NotificationStream.tsx';

/** Stands in for the browser's EventSource: the test plays the server. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();

  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The server sends one notification event. */
  emit(notification: UserNotification) {
    const event = new MessageEvent('notification', {
      data: JSON.stringify(notification),
      lastEventId: String(notification.seq),
    });
    act(() => this.listeners.get('notification')?.forEach((listener) => listener(event)));
  }

  /** The server refuses (or drops) the connection for good. */
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    act(() => this.onerror?.());
  }
}

const latestSource = () => FakeEventSource.instances.at(-1)!;

const notice = (seq: number, title: string, link: string | null = null): UserNotification => ({
  _id: String(seq),
  seq,
  type: 'payment.received',
  title,
  message: `${title} message`,
  link,
  createdAt: '2026-11-23T08:00:00.000Z',
});

let auth: AuthContextValue;
function AuthCapture() {
  const value = useAuth();
  useEffect(() => {
    auth = value;
  });
  return null;
}

function renderSignedIn(user = makeUser({ role: 'owner' })) {
  storeSession(user);
  const server = mockHttp()
    .on('GET', '/auth/me', { status: 200, data: { status: 'success', user } })
    .on('POST', '/auth/logout', { status: 200, data: {} })
    .on('POST', '/auth/refresh-token', {
      status: 200,
      data: { token: 'access-2', refreshToken: 'refresh-2' },
    });
  renderAt(
    '/owner-dashboard',
    <AuthProvider>
      <NotificationProvider>
        <AuthCapture />
        <NotificationStream />
        <NotificationsMenu />
      </NotificationProvider>
    </AuthProvider>,
  );
  return server;
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });
const popupItems = () =>
  within(screen.getByRole('heading', { name: 'Notifications' }).closest('.MuiPopover-paper') as HTMLElement)
    .queryAllByRole('button')
    .map((item) => item.querySelector('.MuiListItemText-primary')?.textContent);

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  FakeEventSource.instances = [];
});

describe('NotificationStream', () => {
  it('connects with credentials once signed in, not before', async () => {
    renderSignedIn();
    expect(FakeEventSource.instances).toHaveLength(0);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(latestSource().url).toMatch(/\/api\/notifications\/stream$/);
    expect(latestSource().init).toEqual({ withCredentials: true });
  });

  it('does not connect for a user without a company (the stream would refuse), until they join one', async () => {
    const server = renderSignedIn(userWithoutCompany());
    await waitFor(() => expect(server.callsTo('GET', '/auth/me')).toHaveLength(1));
    await waitFor(() => expect(auth.isAuthenticated).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(FakeEventSource.instances).toHaveLength(0);

    server.on('POST', '/auth/accept-invitation', {
      status: 200,
      data: {
        status: 'success',
        user: makeUser({ role: 'agent' }),
        company: makeCompany(),
        token: 'access-3',
        refreshToken: 'refresh-3',
      },
    });
    await act(() => auth.acceptInvitation('INVITE-1'));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
  });

  it('adds each event at the front of the list: red dot, popup, link', async () => {
    const user = userEvent.setup();
    renderSignedIn();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(bell()).toHaveAccessibleName('Notifications');

    latestSource().emit(notice(7, 'Payment received', '/payments'));
    latestSource().emit(notice(8, 'Lease ending soon', '/leases'));
    // A replay of one already shown adds nothing.
    latestSource().emit(notice(7, 'Payment received', '/payments'));
    expect(bell()).toHaveAccessibleName('Notifications, 2 unread');
    expect(bell().querySelector('.MuiBadge-badge')).not.toHaveClass('MuiBadge-invisible');

    await user.click(bell());
    await screen.findByRole('heading', { name: 'Notifications' });
    expect(popupItems()).toEqual(['Lease ending soon', 'Payment received']);
    expect(screen.getByText('Payment received message')).toBeInTheDocument();
    await user.click(screen.getByText('Payment received'));
    expect(currentPath()).toBe('/payments');
    expect(bell()).toHaveAccessibleName('Notifications');
  });

  it('after a refused connection refreshes the session and resumes after the last id', async () => {
    const server = renderSignedIn();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    latestSource().emit(notice(41, 'Before the drop'));
    vi.useFakeTimers();
    latestSource().fail();
    expect(FakeEventSource.instances).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(STREAM_RETRY_MS));
    vi.useRealTimers();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    expect(server.callsTo('POST', '/auth/refresh-token')).toHaveLength(1);
    expect(latestSource().url).toMatch(/\/api\/notifications\/stream\?lastEventId=41$/);
  });

  it('closes the connection on logout', async () => {
    renderSignedIn();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const source = latestSource();
    await act(() => auth.logout());
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});
